import { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { traced } from '../tracing.ts';

/** The S3 client. Path-style keeps presigned URLs valid against local emulators that have no DNS per bucket. */
export function createS3Client(config: Pick<Config, 'region' | 'endpoints'>): S3Client {
  return traced(
    new S3Client({
      region: config.region,
      endpoint: config.endpoints.s3,
      forcePathStyle: config.endpoints.s3 !== undefined,
    }),
  );
}
