import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * What the entities need of the outside world: the part of the handlers' `Deps`
 * (lambdas/core/deps.ts) the data layer reads, declared here so that it depends on nothing above
 * it. Every `Deps` is a `DbDeps`.
 */
export type DbDeps = {
  ddb: DynamoDBDocumentClient;
  /** An asset's bytes live in the bucket beside its item. */
  s3: S3Client;
  config: { tableName: string; bucketName: string; defaultCredits: number };
  /** Time source; every timestamp written goes through it. */
  now: () => Date;
  /** UUIDv7: time-ordered, so sort keys built from ids list newest first. */
  newId: () => string;
};
