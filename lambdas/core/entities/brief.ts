import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  BRIEF_SOURCES,
  type Brief,
  type BriefFields,
  briefFactSchema,
  briefFieldsSchema,
} from '../brief/schema.ts';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { inCollection, keys } from '../db/keys.ts';
import { batchDelete, collectionKeys, getItem, putNew } from '../db/table.ts';
import { clientExists } from './client.ts';

const briefItemSchema = z.object({
  ...briefFieldsSchema.shape,
  facts: z.array(briefFactSchema),
  id: z.string(),
  client_id: z.string(),
  version: z.number().int().min(1),
  source: z.enum(BRIEF_SOURCES),
  research_summary: z.string(),
  created_at: z.string(),
});

const briefHeadSchema = z.object({ brief_id: z.string(), version: z.number().int().min(1) });

/**
 * A client's brief, versioned: each analysis or correction is a new immutable version; the head
 * item names the latest and moves only from the version it named, so two corrections made at
 * once cannot both become version n+1 (one is told to read the brief again).
 */
export const briefEntity = defineEntity({
  name: 'brief',
  module: 'lambdas/core/entities/brief.ts',
  schema: briefItemSchema,
  keys: ['briefById', 'briefsOfClient', 'briefHeadOfClient'],
  patterns: [
    {
      does: "store a client's next brief version and make it the latest, or nothing",
      operation:
        'TransactWrite: ConditionCheck client + Put `BRIEF#<id>` (new) + Put `BRIEFHEAD#<c>` (new, or `version = <previous>`)',
      consistency: '–',
      functions: ['putBriefVersion'],
    },
    {
      does: 'get a brief version by id',
      operation: 'GetItem `pk = ACCOUNT#<a>, sk = BRIEF#<id>`',
      consistency: 'strong',
      functions: ['getBrief'],
    },
    {
      does: "get a client's latest brief",
      operation: 'GetItem `BRIEFHEAD#<c>`, then GetItem the version it names',
      consistency: 'strong',
      functions: ['getLatestBrief'],
    },
    {
      does: "delete a client's briefs (its deletion sweep)",
      operation: 'Query gsi1 as above for the keys, then BatchWriteItem DeleteRequest, then the head',
      consistency: 'eventual (GSI)',
      functions: ['deleteBriefsOfClient'],
    },
  ],
});

export const briefFromItem: (item: Record<string, unknown>) => Brief = briefEntity.fromItem;

function briefToItem(accountId: string, brief: Brief): Record<string, unknown> {
  return {
    ...keys.briefById(accountId, brief.id),
    ...inCollection(keys.briefsOfClient(accountId, brief.client_id), brief.id),
    entity: 'brief',
    account_id: accountId,
    ...brief,
  };
}

/** Why a version was not stored: the client is gone, or another version landed first. */
export type PutBriefOutcome = { brief: Brief } | { missing: true } | { conflict: true };

/**
 * Stores `fields` as the client's next version (1 when it has none), made the latest in the same
 * transaction. `previous` is the version the caller read (undefined for a first analysis that
 * does not care what came before: it then follows the latest head).
 */
export async function putBriefVersion(
  deps: DbDeps,
  accountId: string,
  input: {
    clientId: string;
    fields: BriefFields;
    source: Brief['source'];
    researchSummary: string;
    previous?: number;
  },
): Promise<PutBriefOutcome> {
  const previous = input.previous ?? (await readHead(deps, accountId, input.clientId))?.version ?? 0;
  const brief: Brief = {
    ...input.fields,
    id: deps.newId(),
    client_id: input.clientId,
    version: previous + 1,
    source: input.source,
    research_summary: input.researchSummary,
    created_at: deps.now().toISOString(),
  };
  const table = deps.config.tableName;
  const head = {
    ...keys.briefHeadOfClient(accountId, input.clientId),
    entity: 'brief_head',
    brief_id: brief.id,
    version: brief.version,
  };
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          clientExists(table, accountId, input.clientId),
          putNew(table, briefToItem(accountId, brief)),
          previous === 0
            ? putNew(table, head)
            : {
                Put: {
                  TableName: table,
                  Item: head,
                  ConditionExpression: 'version = :previous',
                  ExpressionAttributeValues: { ':previous': previous },
                },
              },
        ],
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'TransactionCanceledException') throw error;
    const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? [];
    return reasons[0]?.Code === 'ConditionalCheckFailed' ? { missing: true } : { conflict: true };
  }
  return { brief };
}

function readHead(deps: DbDeps, accountId: string, clientId: string) {
  return getItem(deps, keys.briefHeadOfClient(accountId, clientId), (item) => briefHeadSchema.parse(item));
}

export function getBrief(deps: DbDeps, accountId: string, briefId: string): Promise<Brief | undefined> {
  return getItem(deps, keys.briefById(accountId, briefId), briefFromItem);
}

export async function getLatestBrief(
  deps: DbDeps,
  accountId: string,
  clientId: string,
): Promise<Brief | undefined> {
  const head = await readHead(deps, accountId, clientId);
  return head ? getBrief(deps, accountId, head.brief_id) : undefined;
}

/** Deletes every version of a client's brief and its head (the client's deletion sweep). */
export async function deleteBriefsOfClient(
  deps: DbDeps,
  accountId: string,
  clientId: string,
): Promise<number> {
  const found = await collectionKeys(deps, keys.briefsOfClient(accountId, clientId));
  await batchDelete(deps, [...found, keys.briefHeadOfClient(accountId, clientId)]);
  return found.length;
}
