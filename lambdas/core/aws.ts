import type { S3Client } from '@aws-sdk/client-s3';
import type { SQSClient } from '@aws-sdk/client-sqs';
import { createS3Client } from './clients/s3.ts';
import { createSqsClient } from './clients/sqs.ts';
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
 * captured by X-Ray when the entry point installed the capture (see `tracing.ts`). The router
 * builds its clients with `aws-deferred.ts` instead, so that its cold start loads DynamoDB's only.
 * The SDK's default handler keeps one keep-alive agent per client (sockets reused across
 * requests), which the hot paths rely on.
 */
export function createAwsClients(config: Config): AwsClients {
  return {
    ddb: createDocumentClient({ region: config.region, endpoint: config.endpoints.dynamodb }, traced),
    s3: createS3Client(config),
    sqs: createSqsClient(config),
  };
}
