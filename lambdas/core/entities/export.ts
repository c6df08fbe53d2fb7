import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import type { Outbox } from '../db/outbox.ts';
import { getItem, putIfAbsent, updateIf } from '../db/table.ts';
import { nullableNumber, nullableString } from '../db/zod-fields.ts';

export const EXPORT_STATUSES = ['pending', 'running', 'succeeded', 'failed'] as const;
export const EXPORT_INCLUDES = ['approved', 'all'] as const;

/** One export of a campaign's creatives as a ZIP for the ad managers (ADR 0042). */
export type CampaignExport = {
  id: string;
  account_id: string;
  campaign_id: string;
  include: (typeof EXPORT_INCLUDES)[number];
  status: (typeof EXPORT_STATUSES)[number];
  s3_key: string;
  bytes: number | null;
  /** Creatives (PNGs) in the ZIP. */
  creatives: number | null;
  meta_rows: number | null;
  google_rows: number | null;
  failure_reason: string | null;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
};

export const exportEntity = defineEntity({
  name: 'export',
  module: 'lambdas/core/entities/export.ts',
  schema: z.object({
    id: z.string(),
    account_id: z.string(),
    campaign_id: z.string(),
    include: z.enum(EXPORT_INCLUDES),
    status: z.enum(EXPORT_STATUSES),
    s3_key: z.string(),
    bytes: nullableNumber,
    creatives: nullableNumber,
    meta_rows: nullableNumber,
    google_rows: nullableNumber,
    failure_reason: nullableString,
    created_at: z.string(),
    updated_at: z.string(),
    completed_at: nullableString,
  }) satisfies z.ZodType<CampaignExport>,
  keys: ['exportById'],
  patterns: [
    {
      does: 'start an export of a campaign',
      operation: 'PutItem `attribute_not_exists(pk)`',
      consistency: '–',
      functions: ['createExport'],
    },
    {
      does: 'get an export by id',
      operation: 'GetItem `pk = ACCOUNT#<a>, sk = EXPORT#<id>`',
      consistency: 'strong',
      functions: ['getExport'],
    },
    {
      does: 'take an export to build it',
      operation: 'UpdateItem `status = pending`, or `running` again after a crash (redelivery)',
      consistency: '–',
      functions: ['startExport'],
    },
    {
      does: 'finish an export with its webhook event',
      operation:
        'TransactWrite: UpdateItem `status = running → succeeded | failed` (or `pending → failed` from the DLQ) + a Put per subscribed `export.completed` delivery',
      consistency: '–',
      functions: ['finishExport'],
    },
  ],
});

export const exportFromItem = exportEntity.fromItem;

export async function createExport(
  deps: DbDeps,
  input: { accountId: string; campaignId: string; include: CampaignExport['include'] },
): Promise<CampaignExport> {
  const now = deps.now().toISOString();
  const id = deps.newId();
  const record: CampaignExport = {
    id,
    account_id: input.accountId,
    campaign_id: input.campaignId,
    include: input.include,
    status: 'pending',
    s3_key: `exports/${input.accountId}/${input.campaignId}/${id}.zip`,
    bytes: null,
    creatives: null,
    meta_rows: null,
    google_rows: null,
    failure_reason: null,
    created_at: now,
    updated_at: now,
    completed_at: null,
  };
  await putIfAbsent(deps, { ...keys.exportById(input.accountId, id), entity: 'export', ...record });
  return record;
}

export function getExport(deps: DbDeps, accountId: string, exportId: string) {
  return getItem(deps, keys.exportById(accountId, exportId), exportFromItem);
}

/** pending → running (a redelivered message takes a running one again: building is idempotent). */
export function startExport(deps: DbDeps, record: CampaignExport): Promise<boolean> {
  return updateIf(deps, {
    Key: keys.exportById(record.account_id, record.id),
    UpdateExpression: 'SET #status = :running, updated_at = :now',
    ConditionExpression: '#status IN (:pending, :running)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':running': 'running',
      ':pending': 'pending',
      ':now': deps.now().toISOString(),
    },
  });
}

export type ExportOutcome =
  | { status: 'succeeded'; bytes: number; creatives: number; metaRows: number; googleRows: number }
  | { status: 'failed'; reason: string };

/**
 * running → final, with the caller's outbox items (the `export.completed` event) in the same transaction (the event
 * stores the export's id; the record, with a fresh download link, is read when it is sent).
 * A failure may also end a `pending` export (its message exhausted its deliveries before one
 * took it: the DLQ path, ADR 0046). Answers false when the export was already final.
 */
export async function finishExport(
  deps: DbDeps,
  record: CampaignExport,
  outcome: ExportOutcome,
  outbox: Outbox<CampaignExport>,
): Promise<boolean> {
  const now = deps.now().toISOString();
  const event = await outbox(record, new Date(now));
  const fields: Record<string, unknown> =
    outcome.status === 'succeeded'
      ? {
          bytes: outcome.bytes,
          creatives: outcome.creatives,
          meta_rows: outcome.metaRows,
          google_rows: outcome.googleRows,
        }
      : { failure_reason: outcome.reason.slice(0, 500) };
  const names = Object.keys(fields);
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: deps.config.tableName,
              Key: keys.exportById(record.account_id, record.id),
              UpdateExpression: `SET #status = :to, ${names.map((n) => `${n} = :${n}, `).join('')}updated_at = :now, completed_at = :now`,
              ConditionExpression:
                outcome.status === 'failed' ? '#status IN (:running, :pending)' : '#status = :running',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':to': outcome.status,
                ':running': 'running',
                ...(outcome.status === 'failed' ? { ':pending': 'pending' } : {}),
                ':now': now,
                ...Object.fromEntries(names.map((n) => [`:${n}`, fields[n]])),
              },
            },
          },
          ...event.puts,
        ],
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
  await event.committed();
  return true;
}
