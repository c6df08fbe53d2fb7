import { SQSClient } from '@aws-sdk/client-sqs';
import type { Config } from '../config.ts';
import { traced } from '../tracing.ts';

export function createSqsClient(config: Pick<Config, 'region' | 'endpoints'>): SQSClient {
  return traced(new SQSClient({ region: config.region, endpoint: config.endpoints.sqs }));
}
