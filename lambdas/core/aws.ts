import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { Config } from './config.ts';
import { createDocumentClient, type DynamoDBDocumentClient } from './db/client.ts';
import { traced } from './tracing.ts';

export type AwsClients = {
  ddb: DynamoDBDocumentClient;
  s3: S3Client;
  sqs: SQSClient;
};

/**
 * Builds the SDK clients once per container. Endpoints are only set for the local stack; on
 * AWS they are undefined and the SDK resolves the regional ones. On Lambda each client is
 * captured by X-Ray (see `tracing.ts`).
 */
export function createAwsClients(config: Config): AwsClients {
  const region = config.region;
  const ddb = createDocumentClient({ region, endpoint: config.endpoints.dynamodb }, traced);
  // Path-style keeps presigned URLs valid against local emulators that have no DNS per bucket.
  const s3 = traced(
    new S3Client({
      region,
      endpoint: config.endpoints.s3,
      forcePathStyle: config.endpoints.s3 !== undefined,
    }),
  );
  const sqs = traced(new SQSClient({ region, endpoint: config.endpoints.sqs }));
  return { ddb, s3, sqs };
}
