import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  GetCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { inCollection, keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import { type PageRequest, queryCollection } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import type { AngleDraft, AwarenessLevel } from '../text/types.ts';

export type Angle = {
  id: string;
  client_id: string;
  name: string;
  hook: string;
  awareness_level: AwarenessLevel;
  visual_style: string;
  copy_direction: string;
  language: string;
  created_at: string;
};

export function angleFromItem(item: Record<string, unknown>): Angle {
  return {
    id: String(item.id),
    client_id: String(item.client_id),
    name: String(item.name),
    hook: String(item.hook),
    awareness_level: item.awareness_level as AwarenessLevel,
    visual_style: String(item.visual_style),
    copy_direction: String(item.copy_direction),
    language: String(item.language),
    created_at: String(item.created_at),
  };
}

export function angleToItem(accountId: string, angle: Angle): Record<string, unknown> {
  return {
    ...keys.angleById(accountId, angle.id),
    ...inCollection(keys.anglesOfClient(accountId, angle.client_id), angle.id),
    entity: 'angle',
    account_id: accountId,
    ...angle,
  };
}

/**
 * Stores a generated set in one transaction, conditional on the client still existing: the
 * caller gets all ten angles or none, never a partial save.
 */
export async function putAngles(
  deps: Deps,
  accountId: string,
  clientId: string,
  drafts: readonly AngleDraft[],
  language: string,
): Promise<Angle[] | undefined> {
  const now = deps.now().toISOString();
  const angles: Angle[] = drafts.map((draft) => ({
    id: deps.newId(),
    client_id: clientId,
    name: draft.name,
    hook: draft.hook,
    awareness_level: draft.awareness_level,
    visual_style: draft.visual_style,
    copy_direction: draft.copy_direction,
    language,
    created_at: now,
  }));
  const table = deps.config.tableName;
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            ConditionCheck: {
              TableName: table,
              Key: keys.clientById(accountId, clientId),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          ...angles.map((angle) => ({
            Put: {
              TableName: table,
              Item: angleToItem(accountId, angle),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          })),
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return undefined;
    throw error;
  }
  return angles;
}

export async function getAngle(deps: Deps, accountId: string, angleId: string): Promise<Angle | undefined> {
  const out = await deps.ddb.send(
    new GetCommand({
      TableName: deps.config.tableName,
      Key: keys.angleById(accountId, angleId),
      ConsistentRead: true,
    }),
  );
  return out.Item ? angleFromItem(out.Item) : undefined;
}

/** Several angles by id (a campaign selects at most 20), in the order asked; missing ones are left out. */
export async function getAngles(
  deps: Deps,
  accountId: string,
  angleIds: readonly string[],
): Promise<Angle[]> {
  if (angleIds.length === 0) return [];
  const table = deps.config.tableName;
  const found: Record<string, unknown>[] = [];
  let pending: Record<string, unknown>[] | undefined = angleIds.map((id) => keys.angleById(accountId, id));
  // BatchGet may hand back unprocessed keys under load; ask again for those only.
  for (let attempt = 0; pending && pending.length > 0; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
    const out: BatchGetCommandOutput = await deps.ddb.send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } }),
    );
    found.push(...(out.Responses?.[table] ?? []));
    pending = out.UnprocessedKeys?.[table]?.Keys;
    if (attempt > 5 && pending?.length) throw new Error('BatchGet left keys unprocessed after retries.');
  }
  const byId = new Map(found.map((item) => [String(item.id), angleFromItem(item)]));
  return angleIds.flatMap((id) => byId.get(id) ?? []);
}

export function listAnglesOfClient(
  deps: Deps,
  accountId: string,
  clientId: string,
  page: PageRequest,
): Promise<Page<Angle>> {
  return queryCollection(
    deps.ddb,
    deps.config.tableName,
    keys.anglesOfClient(accountId, clientId),
    page,
    angleFromItem,
  );
}
