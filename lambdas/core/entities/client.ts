import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import { type PageRequest, queryCollection } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import { brandKitToItem, defaultBrandKit } from './brand-kit.ts';

export type Client = { id: string; name: string; created_at: string; updated_at: string };

export function clientFromItem(item: Record<string, unknown>): Client {
  return {
    id: String(item.id),
    name: String(item.name),
    created_at: String(item.created_at),
    updated_at: String(item.updated_at),
  };
}

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
        {
          Put: {
            TableName: table,
            Item: clientToItem(accountId, client),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: table,
            Item: brandKitToItem(accountId, defaultBrandKit(client.id, now), 1),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      ],
    }),
  );
  return client;
}

export async function getClient(
  deps: Deps,
  accountId: string,
  clientId: string,
): Promise<Client | undefined> {
  const out = await deps.ddb.send(
    new GetCommand({
      TableName: deps.config.tableName,
      Key: keys.clientById(accountId, clientId),
      ConsistentRead: true,
    }),
  );
  return out.Item ? clientFromItem(out.Item) : undefined;
}

export function listClients(deps: Deps, accountId: string, page: PageRequest): Promise<Page<Client>> {
  return queryCollection(
    deps.ddb,
    deps.config.tableName,
    keys.clientsOfAccount(accountId),
    page,
    clientFromItem,
  );
}
