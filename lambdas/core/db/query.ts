import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CollectionKey } from './keys.ts';
import { decodeNextToken, encodeNextToken, type Page } from './pagination.ts';

export type PageRequest = { limit: number; nextToken?: string | null | undefined };

/**
 * One page of a collection, newest first. The base table is read strongly consistently; a GSI
 * cannot be, which docs/data-model.md notes for the lists it serves.
 */
export async function queryCollection<T>(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  collection: CollectionKey,
  page: PageRequest,
  fromItem: (item: Record<string, unknown>) => T,
): Promise<Page<T>> {
  const pkAttr = collection.index ? `${collection.index}pk` : 'pk';
  const skAttr = collection.index ? `${collection.index}sk` : 'sk';
  const startKey = decodeNextToken(page.nextToken, {
    attribute: pkAttr,
    value: collection.partition,
    sortAttribute: skAttr,
    sortPrefix: collection.skPrefix,
  });
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName,
      IndexName: collection.index,
      KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
      ExpressionAttributeNames: { '#pk': pkAttr, '#sk': skAttr },
      ExpressionAttributeValues: { ':pk': collection.partition, ':prefix': collection.skPrefix },
      ScanIndexForward: false,
      // One extra item tells whether another page exists, so the last page says null.
      Limit: page.limit + 1,
      ExclusiveStartKey: startKey,
      ConsistentRead: collection.index ? undefined : true,
    }),
  );
  const raw = out.Items ?? [];
  const hasMore = raw.length > page.limit;
  const pageItems = hasMore ? raw.slice(0, page.limit) : raw;
  const last = pageItems.at(-1);
  const nextKey =
    hasMore && last
      ? Object.fromEntries(
          [...new Set(['pk', 'sk', pkAttr, skAttr])].map((attr) => [attr, String(last[attr])] as const),
        )
      : undefined;
  return { items: pageItems.map(fromItem), nextToken: encodeNextToken(nextKey) };
}

/** Every item of a collection, page by page (for the worker-side walks of a job's slots and the open jobs). */
export async function queryAll<T>(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  collection: CollectionKey,
  fromItem: (item: Record<string, unknown>) => T,
): Promise<T[]> {
  const all: T[] = [];
  let token: string | null = null;
  do {
    const page: Page<T> = await queryCollection(
      ddb,
      tableName,
      collection,
      { limit: 100, nextToken: token },
      fromItem,
    );
    all.push(...page.items);
    token = page.nextToken;
  } while (token);
  return all;
}
