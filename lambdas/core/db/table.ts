import {
  BatchGetCommand,
  BatchWriteCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from './errors.ts';
import { type CollectionKey, type ItemKey, sortKeyIn } from './keys.ts';
import type { Page } from './pagination.ts';
import { type PageRequest, type QueryFilter, queryAll, queryCollection } from './query.ts';
import { retryUntilDone } from './retry.ts';

/** What the table helpers need of the service's dependencies. */
export type TableDeps = { ddb: DynamoDBDocumentClient; config: { tableName: string } };

type Item = Record<string, unknown>;

/** DynamoDB may hand back part of a batch under load; those are retried with backoff. */
const UNPROCESSED = { baseMs: 50, capMs: 1_000, maxAttempts: 7 };

/** One item by key, strongly consistent, validated by the entity's `fromItem`. */
export async function getItem<T>(
  deps: TableDeps,
  key: ItemKey,
  fromItem: (item: Item) => T,
): Promise<T | undefined> {
  const out = await deps.ddb.send(
    new GetCommand({ TableName: deps.config.tableName, Key: key, ConsistentRead: true }),
  );
  return out.Item ? fromItem(out.Item) : undefined;
}

/** Writes an item unless its key exists; answers whether it wrote it. */
export async function putIfAbsent(deps: TableDeps, item: Item): Promise<boolean> {
  try {
    await deps.ddb.send(
      new PutCommand({
        TableName: deps.config.tableName,
        Item: item,
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** Items by key (at most 100), strongly consistent, retrying unprocessed keys; missing ones are left out. */
export async function batchGet(deps: TableDeps, keys: readonly ItemKey[]): Promise<Item[]> {
  const table = deps.config.tableName;
  const found: Item[] = [];
  await retryUntilDone(
    keys,
    async (pending) => {
      const out = await deps.ddb.send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: [...pending], ConsistentRead: true } } }),
      );
      found.push(...(out.Responses?.[table] ?? []));
      return out.UnprocessedKeys?.[table]?.Keys as ItemKey[] | undefined;
    },
    { ...UNPROCESSED, what: 'BatchGetItem' },
  );
  return found;
}

/**
 * An UpdateItem guarded by its condition: answers false (nothing written) when the condition
 * failed, throws anything else.
 */
export async function updateIf(
  deps: TableDeps,
  update: Omit<UpdateCommandInput, 'TableName'>,
): Promise<boolean> {
  try {
    await deps.ddb.send(new UpdateCommand({ ...update, TableName: deps.config.tableName }));
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/** One page of a collection, newest first (see db/query.ts), read with the service's client. */
export function queryPage<T>(
  deps: TableDeps,
  collection: CollectionKey,
  page: PageRequest,
  fromItem: (item: Item) => T,
  filter?: QueryFilter,
): Promise<Page<T>> {
  return queryCollection(deps.ddb, deps.config.tableName, collection, page, fromItem, filter);
}

/** BatchWriteItem calls of one deletion in flight at once (a job's slots and pointers are 1,000s). */
const DELETE_PARALLELISM = 4;

/**
 * Deletes items by key, 25 a call (BatchWriteItem's limit), a few calls at a time, retrying what
 * comes back unprocessed; a key that is already gone is no error, so a resumed sweep repeats it
 * safely.
 */
export async function batchDelete(deps: TableDeps, itemKeys: readonly ItemKey[]): Promise<void> {
  const table = deps.config.tableName;
  const calls: ItemKey[][] = [];
  for (let i = 0; i < itemKeys.length; i += 25) calls.push(itemKeys.slice(i, i + 25));
  const lane = async () => {
    for (let call = calls.shift(); call; call = calls.shift()) {
      const requests = call.map((key) => ({ DeleteRequest: { Key: { pk: key.pk, sk: key.sk } } }));
      await retryUntilDone(
        requests,
        async (pending) => {
          const out = await deps.ddb.send(new BatchWriteCommand({ RequestItems: { [table]: [...pending] } }));
          return out.UnprocessedItems?.[table] as typeof requests | undefined;
        },
        { ...UNPROCESSED, what: 'BatchWriteItem' },
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(DELETE_PARALLELISM, calls.length) }, lane));
}

/**
 * The first `limit` items of an index collection whose sort key is before `before` (its prefix,
 * then `before`), oldest first: what a sweeper picks up from a sparse "due" collection.
 */
export async function queryBefore(
  deps: TableDeps,
  collection: CollectionKey,
  before: string,
  limit: number,
): Promise<Item[]> {
  const out = await deps.ddb.send(
    new QueryCommand({
      TableName: deps.config.tableName,
      IndexName: collection.index,
      KeyConditionExpression: `${collection.index}pk = :pk AND ${collection.index}sk BETWEEN :from AND :to`,
      ExpressionAttributeValues: {
        ':pk': collection.partition,
        ':from': collection.skPrefix,
        ':to': sortKeyIn(collection, before),
      },
      Limit: limit,
    }),
  );
  return out.Items ?? [];
}

/** A transaction item that writes a new item, never over an existing one. */
export function putNew(tableName: string, item: Item) {
  return { Put: { TableName: tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** The base-table keys of every item of a collection (a deletion sweep reads them, then deletes). */
export function collectionKeys(deps: TableDeps, collection: CollectionKey): Promise<ItemKey[]> {
  return queryAll(deps.ddb, deps.config.tableName, collection, (item) => ({
    pk: String(item.pk),
    sk: String(item.sk),
  }));
}
