import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../config.ts';
import { traced } from '../tracing.ts';

/**
 * The DynamoDB document client, one per container. The SDK's default handler keeps one
 * keep-alive agent per client (sockets reused across requests), which the hot paths rely on.
 */
export function createDynamoClient(config: Pick<Config, 'region' | 'endpoints'>): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    traced(
      new DynamoDBClient({ region: config.region, endpoint: config.endpoints.dynamodb, maxAttempts: 3 }),
    ),
    { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } },
  );
}
