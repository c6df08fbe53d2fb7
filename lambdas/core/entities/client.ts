import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { inCollection, keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import { type PageRequest, queryAll } from '../db/query.ts';
import { batchDelete, getItem, putNew, queryPage, updateIf } from '../db/table.ts';
import { brandKitToItem, defaultBrandKit } from './brand-kit.ts';

export type Client = { id: string; name: string; created_at: string; updated_at: string };

export const clientEntity = defineEntity({
  name: 'client',
  module: 'lambdas/core/entities/client.ts',
  schema: z.object({ id: z.string(), name: z.string(), created_at: z.string(), updated_at: z.string() }),
  keys: ['clientById', 'clientsOfAccount', 'pendingDeletions'],
  patterns: [
    {
      does: 'create a client with its brand kit',
      operation: 'TransactWrite: Put client + Put brand kit, both `attribute_not_exists(pk)`',
      consistency: '–',
      functions: ['createClient'],
    },
    {
      does: 'get a client by id',
      operation: 'GetItem `pk = ACCOUNT#<a>, sk = CLIENT#<id>`',
      consistency: 'strong',
      functions: ['getClient'],
    },
    {
      does: "list an account's clients, newest first",
      operation:
        'Query `pk = ACCOUNT#<a> AND begins_with(sk, CLIENT#)`, filter `attribute_not_exists(deleting_at)`',
      consistency: 'strong',
      functions: ['listClients'],
    },
    {
      does: 'rename a client',
      operation: 'UpdateItem `SET name` `attribute_exists(pk) AND attribute_not_exists(deleting_at)`',
      consistency: '–',
      functions: ['renameClient'],
    },
    {
      does: "begin, find and finish a client's deletion (ADR 0028)",
      operation:
        'UpdateItem `SET deleting_at` + gsi2 `DELETIONS#pending` `attribute_exists(pk) AND attribute_not_exists(deleting_at)`; DeleteItem at the end of the sweep',
      consistency: '–',
      functions: ['markClientDeleting', 'getClientForSweep', 'deleteClientItem', 'listPendingDeletions'],
    },
  ],
});

export const clientFromItem: (item: Record<string, unknown>) => Client = clientEntity.fromItem;

export function clientToItem(accountId: string, client: Client): Record<string, unknown> {
  return { ...keys.clientById(accountId, client.id), entity: 'client', account_id: accountId, ...client };
}

/** Creates the client together with its brand kit (neutral defaults): never one without the other. */
export async function createClient(deps: DbDeps, accountId: string, name: string): Promise<Client> {
  const now = deps.now().toISOString();
  const client: Client = { id: deps.newId(), name, created_at: now, updated_at: now };
  const table = deps.config.tableName;
  await deps.ddb.send(
    new TransactWriteCommand({
      TransactItems: [
        putNew(table, clientToItem(accountId, client)),
        putNew(table, brandKitToItem(accountId, defaultBrandKit(client.id, now), 1)),
      ],
    }),
  );
  return client;
}

/** The client, unless it does not exist or its deletion has begun (then it reads as gone at once). */
export async function getClient(
  deps: DbDeps,
  accountId: string,
  clientId: string,
): Promise<Client | undefined> {
  return (await getItem(deps, keys.clientById(accountId, clientId), liveClient)) ?? undefined;
}

const liveClient = (item: Record<string, unknown>) => (item.deleting_at ? null : clientFromItem(item));

/** Items whose deletion has begun are left out of every list (ADR 0028). */
export const NOT_DELETING = { expression: 'attribute_not_exists(deleting_at)' } as const;

export function listClients(deps: DbDeps, accountId: string, page: PageRequest): Promise<Page<Client>> {
  return queryPage(deps, keys.clientsOfAccount(accountId), page, clientFromItem, NOT_DELETING);
}

/** Renames a live client; answers it as written, or undefined when it is gone or being deleted. */
export async function renameClient(
  deps: DbDeps,
  accountId: string,
  clientId: string,
  name: string,
): Promise<Client | undefined> {
  try {
    const out = await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
        Key: keys.clientById(accountId, clientId),
        UpdateExpression: 'SET #name = :name, updated_at = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting_at)',
        ExpressionAttributeNames: { '#name': 'name' },
        ExpressionAttributeValues: { ':name': name, ':now': deps.now().toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? clientFromItem(out.Attributes) : undefined;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Begins a client's deletion: the client reads as gone from now on, and the marker is listed
 * among pending deletions until the sweep deletes the client item itself. Answers false when the
 * client does not exist or its deletion already began (a second delete is a 404).
 */
export function markClientDeleting(deps: DbDeps, accountId: string, clientId: string): Promise<boolean> {
  const now = deps.now().toISOString();
  const pending = inCollection(keys.pendingDeletions(), now, accountId, 'client', clientId);
  return updateIf(deps, {
    Key: keys.clientById(accountId, clientId),
    UpdateExpression: 'SET deleting_at = :now, gsi2pk = :g2pk, gsi2sk = :g2sk',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting_at)',
    ExpressionAttributeValues: { ':now': now, ...gsi2Values(pending) },
  });
}

/** The client whatever its state, for the sweep that deletes it. */
export function getClientForSweep(
  deps: DbDeps,
  accountId: string,
  clientId: string,
): Promise<(Client & { deleting: boolean }) | undefined> {
  return getItem(deps, keys.clientById(accountId, clientId), (item) => ({
    ...clientFromItem(item),
    deleting: Boolean(item.deleting_at),
  }));
}

/** The last step of a client's deletion: the client item (and with it the pending marker). */
export function deleteClientItem(deps: DbDeps, accountId: string, clientId: string): Promise<void> {
  return batchDelete(deps, [keys.clientById(accountId, clientId)]);
}

/** The `:g2pk`/`:g2sk` values of a gsi2 collection placement. */
export function gsi2Values(placement: ReturnType<typeof inCollection>) {
  if (!('gsi2pk' in placement)) throw new Error('pending deletions live on gsi2');
  return { ':g2pk': placement.gsi2pk, ':g2sk': placement.gsi2sk };
}

/** A transaction item that holds the transaction to the client existing in this account. */
export function clientExists(tableName: string, accountId: string, clientId: string) {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.clientById(accountId, clientId),
      // A client being deleted takes no new children (ADR 0028).
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting_at)',
    },
  };
}

/** A client or campaign whose deletion began and has not finished. */
export type PendingDeletion = { accountId: string; kind: 'client' | 'campaign'; id: string; since: string };

const pendingSchema = z
  .object({
    account_id: z.string(),
    entity: z.enum(['client', 'campaign']),
    id: z.string(),
    deleting_at: z.string(),
  })
  .transform(
    (p): PendingDeletion => ({ accountId: p.account_id, kind: p.entity, id: p.id, since: p.deleting_at }),
  );

/** Every pending deletion, across accounts (the sparse gsi2 `DELETIONS#pending`). */
export function listPendingDeletions(deps: DbDeps): Promise<PendingDeletion[]> {
  return queryAll(deps.ddb, deps.config.tableName, keys.pendingDeletions(), (item) =>
    clientEntity.fromItemAs(pendingSchema, item),
  );
}
