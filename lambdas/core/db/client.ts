import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export type { DynamoDBDocumentClient };

/**
 * The document client the entities use: built here so the DynamoDB SDK is imported only by the
 * entity and db layer (a Biome rule holds the rest of the code to that). `wrap` lets the caller
 * instrument the low-level client (X-Ray on Lambda, see tracing.ts).
 */
export function createDocumentClient(
  options: { region: string | undefined; endpoint: string | undefined },
  wrap: (client: DynamoDBClient) => DynamoDBClient = (client) => client,
): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(
    wrap(new DynamoDBClient({ region: options.region, endpoint: options.endpoint, maxAttempts: 3 })),
    { marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: false } },
  );
}
