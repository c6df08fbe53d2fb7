import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { inCollection, keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import type { PageRequest } from '../db/query.ts';
import { batchDelete, batchGet, collectionKeys, getItem, putNew, queryPage } from '../db/table.ts';
import { type AngleDraft, AWARENESS_LEVELS, type AwarenessLevel } from '../text/plan.schema.ts';
import { clientExists } from './client.ts';

export type Angle = {
  id: string;
  client_id: string;
  name: string;
  hook: string;
  awareness_level: AwarenessLevel;
  visual_style: string;
  copy_direction: string;
  language: string;
  /** The brief's facts the angle uses (every claim of the API traces to the brief). */
  fact_ids: string[];
  /** The brief version the angle was planned from (null for angles stored before briefs). */
  brief_id: string | null;
  created_at: string;
};

export const angleEntity = defineEntity({
  name: 'angle',
  module: 'lambdas/core/entities/angle.ts',
  schema: z.object({
    id: z.string(),
    client_id: z.string(),
    name: z.string(),
    hook: z.string(),
    awareness_level: z.enum(AWARENESS_LEVELS),
    visual_style: z.string(),
    copy_direction: z.string(),
    language: z.string(),
    fact_ids: z.array(z.string()).default([]),
    brief_id: z.string().nullable().default(null),
    created_at: z.string(),
  }),
  keys: ['angleById', 'anglesOfClient'],
  patterns: [
    {
      does: 'store ten generated angles, all or none',
      operation: 'TransactWrite: ConditionCheck client + 10 Puts',
      consistency: '–',
      functions: ['putAngles'],
    },
    {
      does: 'get an angle / several angles by id',
      operation:
        'GetItem / BatchGetItem `pk = ACCOUNT#<a>, sk = ANGLE#<id>` (unprocessed keys retried with backoff)',
      consistency: 'strong',
      functions: ['getAngle', 'getAngles'],
    },
    {
      does: "list a client's angles, newest first",
      operation: 'Query gsi1 `gsi1pk = ACCOUNT#<a>#CLIENT#<c> AND begins_with(gsi1sk, ANGLE#)`',
      consistency: 'eventual (GSI)',
      functions: ['listAnglesOfClient'],
    },
    {
      does: "delete a client's angles (its deletion sweep)",
      operation:
        'Query gsi1 as above for the keys, then BatchWriteItem DeleteRequest (25 a call, unprocessed retried)',
      consistency: 'eventual (GSI)',
      functions: ['deleteAnglesOfClient'],
    },
  ],
});

export const angleFromItem: (item: Record<string, unknown>) => Angle = angleEntity.fromItem;

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
  deps: DbDeps,
  accountId: string,
  clientId: string,
  drafts: readonly (AngleDraft & { fact_ids?: readonly string[] })[],
  language: string,
  briefId: string | null = null,
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
    fact_ids: [...(draft.fact_ids ?? [])],
    brief_id: briefId,
    created_at: now,
  }));
  const table = deps.config.tableName;
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          clientExists(table, accountId, clientId),
          ...angles.map((angle) => putNew(table, angleToItem(accountId, angle))),
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name === 'TransactionCanceledException') return undefined;
    throw error;
  }
  return angles;
}

export function getAngle(deps: DbDeps, accountId: string, angleId: string): Promise<Angle | undefined> {
  return getItem(deps, keys.angleById(accountId, angleId), angleFromItem);
}

/** Several angles by id (a campaign selects at most 20), in the order asked; missing ones are left out. */
export async function getAngles(
  deps: DbDeps,
  accountId: string,
  angleIds: readonly string[],
): Promise<Angle[]> {
  if (angleIds.length === 0) return [];
  const found = await batchGet(
    deps,
    angleIds.map((id) => keys.angleById(accountId, id)),
  );
  const byId = new Map(found.map((item) => [String(item.id), angleFromItem(item)]));
  return angleIds.flatMap((id) => byId.get(id) ?? []);
}

export function listAnglesOfClient(
  deps: DbDeps,
  accountId: string,
  clientId: string,
  page: PageRequest,
): Promise<Page<Angle>> {
  return queryPage(deps, keys.anglesOfClient(accountId, clientId), page, angleFromItem);
}

/** Deletes every angle of a client (its deletion sweep); answers how many. */
export async function deleteAnglesOfClient(
  deps: DbDeps,
  accountId: string,
  clientId: string,
): Promise<number> {
  const found = await collectionKeys(deps, keys.anglesOfClient(accountId, clientId));
  await batchDelete(deps, found);
  return found.length;
}
