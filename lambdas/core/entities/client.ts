import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { defineEntity } from '../db/entity.ts';
import { keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import type { PageRequest } from '../db/query.ts';
import { getItem, putNew, queryPage } from '../db/table.ts';
import type { Deps } from '../deps.ts';
import { brandKitToItem, defaultBrandKit } from './brand-kit.ts';

export type Client = { id: string; name: string; created_at: string; updated_at: string };

export const clientEntity = defineEntity({
  name: 'client',
  module: 'lambdas/core/entities/client.ts',
  schema: z.object({ id: z.string(), name: z.string(), created_at: z.string(), updated_at: z.string() }),
  keys: ['clientById', 'clientsOfAccount'],
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
      operation: 'Query `pk = ACCOUNT#<a> AND begins_with(sk, CLIENT#)`',
      consistency: 'strong',
      functions: ['listClients'],
    },
  ],
});

export const clientFromItem: (item: Record<string, unknown>) => Client = clientEntity.fromItem;

export function clientToItem(accountId: string, client: Client): Record<string, unknown> {
  return { ...keys.clientById(accountId, client.id), entity: 'client', account_id: accountId, ...client };
}

/** Creates the client together with its brand kit (neutral defaults): never one without the other. */
export async function createClient(deps: Deps, accountId: string, name: string): Promise<Client> {
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

export function getClient(deps: Deps, accountId: string, clientId: string): Promise<Client | undefined> {
  return getItem(deps, keys.clientById(accountId, clientId), clientFromItem);
}

export function listClients(deps: Deps, accountId: string, page: PageRequest): Promise<Page<Client>> {
  return queryPage(deps, keys.clientsOfAccount(accountId), page, clientFromItem);
}

/** A transaction item that holds the transaction to the client existing in this account. */
export function clientExists(tableName: string, accountId: string, clientId: string) {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.clientById(accountId, clientId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}
