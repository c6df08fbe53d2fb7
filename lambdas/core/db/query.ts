import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CollectionKey } from './keys.ts';
import { decodeNextToken, encodeNextToken, type Page } from './pagination.ts';

export type PageRequest = { limit: number; nextToken?: string | null | undefined };

/** A FilterExpression over the items of a collection (their own attributes, never the keys). */
export type QueryFilter = {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
};

/** Items a filtered read evaluates per call, and how many calls one page may take at most. */
const FILTERED_READ_SIZE = 100;
const MAX_FILTERED_READS = 10;

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
  filter?: QueryFilter,
): Promise<Page<T>> {
  const pkAttr = collection.index ? `${collection.index}pk` : 'pk';
  const skAttr = collection.index ? `${collection.index}sk` : 'sk';
  const startKey = decodeNextToken(page.nextToken, {
    attribute: pkAttr,
    value: collection.partition,
    sortAttribute: skAttr,
    sortPrefix: collection.skPrefix,
  });
  const raw: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined = startKey;
  let reads = 0;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: collection.index,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ...(filter ? { FilterExpression: filter.expression } : {}),
        ExpressionAttributeNames: { '#pk': pkAttr, '#sk': skAttr, ...filter?.names },
        ExpressionAttributeValues: {
          ':pk': collection.partition,
          ':prefix': collection.skPrefix,
          ...filter?.values,
        },
        ScanIndexForward: false,
        // One extra item tells whether another page exists, so the last page says null. A
        // filtered read evaluates more items per call, since some of them are left out.
        Limit: filter ? Math.max(page.limit + 1, FILTERED_READ_SIZE) : page.limit + 1,
        ExclusiveStartKey: start,
        ConsistentRead: collection.index ? undefined : true,
      }),
    );
    raw.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
    reads++;
  } while (filter && start && raw.length <= page.limit && reads < MAX_FILTERED_READS);
  const hasMore = raw.length > page.limit;
  const pageItems = hasMore ? raw.slice(0, page.limit) : raw;
  const last = pageItems.at(-1);
  const keyOf = (item: Record<string, unknown>) =>
    Object.fromEntries(
      [...new Set(['pk', 'sk', pkAttr, skAttr])].map((attr) => [attr, String(item[attr])] as const),
    );
  // A filtered read that stopped at its read budget resumes where DynamoDB stopped evaluating
  // (a short, even empty, page with a token, as DynamoDB's own filtered queries answer).
  const nextKey = hasMore && last ? keyOf(last) : filter && start ? keyOf(start) : undefined;
  return { items: pageItems.map(fromItem), nextToken: encodeNextToken(nextKey) };
}

/** Every item of a collection, page by page (for the worker-side walks of a job's slots and the open jobs). */
export async function queryAll<T>(
  ddb: DynamoDBDocumentClient,
  tableName: string,
  collection: CollectionKey,
  fromItem: (item: Record<string, unknown>) => T,
  filter?: QueryFilter,
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
      filter,
    );
    all.push(...page.items);
    token = page.nextToken;
  } while (token);
  return all;
}
