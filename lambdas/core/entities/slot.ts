import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { v5 as uuidv5 } from 'uuid';
import * as z from 'zod';
import type { CreativeQuality } from '../creative/types.ts';
import { defineEntity } from '../db/entity.ts';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { inCollection, keys, slotIndexPart, sortKeyIn } from '../db/keys.ts';
import { queryAll } from '../db/query.ts';
import { batchPut, getItem, putIfAbsent, updateIf } from '../db/table.ts';
import { nullableNumber, nullableString } from '../db/zod-fields.ts';
import type { Deps } from '../deps.ts';
import type { SlotPlan } from '../generation/batch.ts';
import { METRIC } from '../telemetry.ts';
import { ledger } from './ledger.ts';

export const SLOT_STATUSES = ['pending', 'running', 'succeeded', 'failed'] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/** One image of a job. A creative is a slot seen from the caller's side. */
export type Slot = {
  id: string;
  account_id: string;
  job_id: string;
  campaign_id: string;
  client_id: string;
  index: number;
  angle_id: string | null;
  aspect_ratio: string;
  /** Which repeat of its angle × ratio combination (0-based): slots of one variant share a visual. */
  variant: number;
  seed: number;
  status: SlotStatus;
  attempts: number;
  lease_id: string | null;
  lease_until: string | null;
  s3_key: string;
  width: number | null;
  height: number | null;
  bytes: number | null;
  model: string | null;
  /** How much the shared model visual was enlarged for this creative (1 = not at all). */
  upscale: number | null;
  failure_reason: string | null;
  /** What the creative measured after composing (see lambdas/core/creative/quality.ts). */
  quality: CreativeQuality | null;
  created_at: string;
  updated_at: string;
};

const SLOT_NAMESPACE = '5f0c3e55-8a4e-4c1e-9a65-5c3b2f7d4e10';

/** The slot's id: the same job and index always give the same id (logs name slots by it). */
export function slotId(jobId: string, index: number): string {
  return uuidv5(`${jobId}/${index}`, SLOT_NAMESPACE);
}

/** Deterministic identity: the same job and index always give the same id, seed and S3 key. */
export function slotIdentity(accountId: string, campaignId: string, jobId: string, index: number) {
  const id = slotId(jobId, index);
  // Stability accepts seeds 0..4294967294; 0 means random, so stay in 1..4294967294.
  const seed = (crc32(`${jobId}/${index}`) % 4294967294) + 1;
  const s3Key = `creatives/${accountId}/${campaignId}/${jobId}/${slotIndexPart(index)}.png`;
  return { id, seed, s3Key };
}

type Group = 'pending' | 'succeeded' | 'failed';
const groupOf = (status: SlotStatus): Group => (status === 'running' ? 'pending' : status);

function groupKeys(
  slot: Pick<Slot, 'account_id' | 'campaign_id' | 'index' | 'id'>,
  status: SlotStatus,
  at: string,
) {
  const c = keys.creativesOfCampaign(slot.account_id, slot.campaign_id, groupOf(status));
  return { gsi1pk: c.partition, gsi1sk: sortKeyIn(c, at, slotIndexPart(slot.index), slot.id) };
}

const slotSchema: z.ZodType<Slot> = z.object({
  id: z.string(),
  account_id: z.string(),
  job_id: z.string(),
  campaign_id: z.string(),
  client_id: z.string(),
  index: z.number().int().nonnegative(),
  angle_id: nullableString,
  aspect_ratio: z.string(),
  variant: z.number().int().default(0),
  seed: z.number().int(),
  status: z.enum(SLOT_STATUSES),
  attempts: z.number().int().default(0),
  lease_id: nullableString,
  lease_until: nullableString,
  s3_key: z.string(),
  width: nullableNumber,
  height: nullableNumber,
  bytes: nullableNumber,
  model: nullableString,
  upscale: nullableNumber,
  failure_reason: nullableString,
  quality: z
    .custom<CreativeQuality>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
    .nullish()
    .transform((v) => v ?? null),
  created_at: z.string(),
  updated_at: z.string(),
});

export const slotEntity = defineEntity({
  name: 'slot',
  module: 'lambdas/core/entities/slot.ts',
  schema: slotSchema,
  keys: ['slot', 'slotsOfJob', 'creativesOfCampaign', 'allCreativesOfCampaign'],
  patterns: [
    {
      does: "write a job's slots",
      operation: 'BatchWriteItem (25 a call, unprocessed retried with backoff)',
      consistency: '–',
      functions: ['writeSlots'],
    },
    {
      does: 'write a missing slot (reconciler, failed dispatch)',
      operation: 'PutItem `attribute_not_exists(pk)`',
      consistency: '–',
      functions: ['createSlotIfMissing'],
    },
    {
      does: 'get a slot',
      operation: 'GetItem `pk = ACCOUNT#<a>#JOB#<j>, sk = SLOT#<index>`',
      consistency: 'strong',
      functions: ['getSlot'],
    },
    {
      does: "read a job's slots",
      operation: 'Query `pk = ACCOUNT#<a>#JOB#<j> AND begins_with(sk, SLOT#)`',
      consistency: 'strong',
      functions: ['slotsOfJob'],
    },
    {
      does: 'claim a slot',
      operation: 'UpdateItem `status = pending OR (status = running AND lease_until < :now)`',
      consistency: '–',
      functions: ['claimSlot'],
    },
    {
      does: 'settle a slot with its credit',
      operation:
        'TransactWrite: slot `running → succeeded` (lease held) + account `reserved → used` + job counter; or slot `→ failed` + `reserved → available` + job counters',
      consistency: '–',
      functions: ['settleSlot'],
    },
    {
      does: 'give a slot back after a transient failure',
      operation: 'UpdateItem `running → pending`, `lease_id = :lease`',
      consistency: '–',
      functions: ['releaseLease'],
    },
    {
      does: "list a campaign's creatives in a state, newest first",
      operation: 'Query gsi1 `gsi1pk = …#CREATIVES#<state>`',
      consistency: 'eventual (GSI)',
      functions: ['listCreativesOfCampaign'],
      module: 'lambdas/core/entities/creative.ts',
    },
    {
      does: "list all of a campaign's creatives",
      operation: 'Query gsi2 `gsi2pk = …#CREATIVES`',
      consistency: 'eventual (GSI)',
      functions: ['listCreativesOfCampaign'],
      module: 'lambdas/core/entities/creative.ts',
    },
  ],
});

export const slotFromItem = slotEntity.fromItem;

export function newSlotItems(
  input: { accountId: string; campaignId: string; clientId: string; jobId: string; now: string },
  plans: readonly SlotPlan[],
): Record<string, unknown>[] {
  const all = keys.allCreativesOfCampaign(input.accountId, input.campaignId);
  return plans.map((plan) => {
    const { id, seed, s3Key } = slotIdentity(input.accountId, input.campaignId, input.jobId, plan.index);
    const slot = { account_id: input.accountId, campaign_id: input.campaignId, index: plan.index, id };
    return {
      ...keys.slot(input.accountId, input.jobId, plan.index),
      ...groupKeys(slot, 'pending', input.now),
      ...inCollection(all, input.now, input.jobId, slotIndexPart(plan.index)),
      entity: 'slot',
      id,
      account_id: input.accountId,
      job_id: input.jobId,
      campaign_id: input.campaignId,
      client_id: input.clientId,
      index: plan.index,
      angle_id: plan.angleId,
      aspect_ratio: plan.aspectRatio,
      variant: plan.repeat,
      seed,
      status: 'pending',
      attempts: 0,
      s3_key: s3Key,
      created_at: input.now,
      updated_at: input.now,
    };
  });
}

/** Writes slots 25 at a time; puts are idempotent (deterministic keys), so retrying is safe. */
export function writeSlots(
  deps: Deps,
  items: readonly Record<string, unknown>[],
  onProgress?: (written: number) => Promise<void>,
): Promise<void> {
  return batchPut(deps, items, onProgress);
}

/**
 * Writes one slot unless it exists: the reconciler must never overwrite a slot a worker already
 * claimed or settled. Answers whether it wrote it.
 */
export function createSlotIfMissing(deps: Deps, item: Record<string, unknown>): Promise<boolean> {
  return putIfAbsent(deps, item);
}

export function getSlot(
  deps: Deps,
  accountId: string,
  jobId: string,
  index: number,
): Promise<Slot | undefined> {
  return getItem(deps, keys.slot(accountId, jobId, index), slotFromItem);
}

/** Every slot of a job, in index order (base table, strongly consistent). */
export function slotsOfJob(deps: Deps, accountId: string, jobId: string): Promise<Slot[]> {
  return queryAll(deps.ddb, deps.config.tableName, keys.slotsOfJob(accountId, jobId), slotFromItem);
}

export type ClaimResult =
  | { outcome: 'claimed'; slot: Slot; leaseId: string }
  | { outcome: 'final'; slot: Slot }
  | { outcome: 'busy'; slot: Slot }
  | { outcome: 'missing' };

/**
 * pending → running under a lease. A slot whose lease ran out (its worker died) can be claimed
 * again; a finished slot is never touched, so a redelivered message does nothing.
 */
export async function claimSlot(
  deps: Deps,
  ref: { accountId: string; jobId: string; index: number },
  leaseMs: number,
): Promise<ClaimResult> {
  const now = deps.now();
  const leaseId = randomUUID();
  try {
    const out = await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
        Key: keys.slot(ref.accountId, ref.jobId, ref.index),
        UpdateExpression:
          'SET #status = :running, lease_id = :lease, lease_until = :until, attempts = attempts + :one, updated_at = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (#status = :pending OR (#status = :running AND lease_until < :now))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':pending': 'pending',
          ':lease': leaseId,
          ':until': new Date(now.getTime() + leaseMs).toISOString(),
          ':now': now.toISOString(),
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { outcome: 'claimed', slot: slotFromItem(out.Attributes ?? {}), leaseId };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  const slot = await getSlot(deps, ref.accountId, ref.jobId, ref.index);
  if (!slot) return { outcome: 'missing' };
  return slot.status === 'succeeded' || slot.status === 'failed'
    ? { outcome: 'final', slot }
    : { outcome: 'busy', slot };
}

export type SlotResult = {
  width: number;
  height: number;
  bytes: number;
  model: string;
  /** Set when the creative was cut from a shared model visual. */
  upscale?: number | undefined;
  quality?: CreativeQuality | undefined;
};

function jobCounter(
  deps: Deps,
  slot: Pick<Slot, 'account_id' | 'job_id'>,
  now: string,
  failureCode?: string,
) {
  const counter = failureCode ? 'failed' : 'succeeded';
  // Failures are also counted by reason code, so get_job says why (e.g. content_filtered: 2).
  const byReason = failureCode
    ? ', failure_reasons.#code = if_not_exists(failure_reasons.#code, :zero) + :one'
    : '';
  return {
    Update: {
      TableName: deps.config.tableName,
      Key: keys.jobById(slot.account_id, slot.job_id),
      UpdateExpression: `SET ${counter} = ${counter} + :one, updated_at = :now${byReason}`,
      ...(failureCode ? { ExpressionAttributeNames: { '#code': failureCode } } : {}),
      ExpressionAttributeValues: { ':one': 1, ':now': now, ...(failureCode ? { ':zero': 0 } : {}) },
    },
  };
}

/** The reason code of a failure reason (`content_filtered: ...` → `content_filtered`). */
export function reasonCode(reason: string): string {
  const code =
    reason
      .split(':')[0]
      ?.trim()
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, '_') ?? '';
  return code.length > 0 && code.length <= 40 ? code : 'other';
}

/** How a slot ends: with its image (only by the lease holder), or failed with a reason. */
export type Settlement =
  | { status: 'succeeded'; leaseId: string; result: SlotResult }
  | {
      status: 'failed';
      reason: string;
      /** With a lease id only its holder may fail the slot; without (DLQ, dispatch failure), any unfinished slot. */
      leaseId?: string | undefined;
    };

/**
 * Settles a slot in one transaction: the slot moves to its final state and state group, its
 * credit moves reserved → used (succeeded) or reserved → available (failed), and the job's
 * counter goes up (failures also by reason code). Conditional on the slot being unfinished and,
 * with a lease id, on still holding it. Answers false when that condition failed (another
 * delivery took the slot over, or it was already final), in which case nothing was written.
 */
export async function settleSlot(
  deps: Deps,
  slot: Pick<Slot, 'account_id' | 'job_id' | 'campaign_id' | 'index' | 'id'>,
  settlement: Settlement,
): Promise<boolean> {
  const now = deps.now().toISOString();
  const table = deps.config.tableName;
  const succeeded = settlement.status === 'succeeded';
  const group = groupKeys(slot, settlement.status, now);
  const fields: Record<string, unknown> = succeeded
    ? {
        width: settlement.result.width,
        height: settlement.result.height,
        bytes: settlement.result.bytes,
        model: settlement.result.model,
        quality: settlement.result.quality,
        upscale: settlement.result.upscale,
      }
    : { failure_reason: settlement.reason.slice(0, 500) };
  const set = Object.entries(fields).filter(([, value]) => value !== undefined);
  const code = succeeded ? undefined : reasonCode(settlement.reason);
  const lease = settlement.leaseId;
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table,
              Key: keys.slot(slot.account_id, slot.job_id, slot.index),
              UpdateExpression: `SET #status = :to, ${set.map(([name]) => `${name} = :${name}, `).join('')}updated_at = :now, completed_at = :now, gsi1pk = :g1pk, gsi1sk = :g1sk REMOVE lease_id, lease_until`,
              ConditionExpression: succeeded
                ? '#status = :running AND lease_id = :lease'
                : `#status IN (:pending, :running)${lease ? ' AND lease_id = :lease' : ''}`,
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':to': settlement.status,
                ':running': 'running',
                ...(succeeded ? {} : { ':pending': 'pending' }),
                ...(lease ? { ':lease': lease } : {}),
                ...Object.fromEntries(set.map(([name, value]) => [`:${name}`, value])),
                ':now': now,
                ':g1pk': group.gsi1pk,
                ':g1sk': group.gsi1sk,
              },
            },
          },
          succeeded ? ledger.consume(table, slot.account_id) : ledger.release(table, slot.account_id),
          jobCounter(deps, slot, now, code),
        ],
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
  // Counted only when the move commits, so a redelivery can never count an image twice.
  if (code === undefined) {
    deps.telemetry.count(METRIC.imagesSucceeded);
    deps.telemetry.count(METRIC.creditsUsed);
  } else {
    deps.telemetry.count(METRIC.imagesFailed, 1, { reason: code });
    deps.telemetry.count(METRIC.creditsReleased);
  }
  return true;
}

/**
 * running → pending, only while `leaseId` still holds the slot: after a transient failure (the
 * redelivery may take it at once) or when the local stack reclaims a slot whose worker is gone.
 * Answers false when another delivery holds or finished the slot (nothing written).
 */
export async function releaseLease(deps: Deps, slot: Slot, leaseId: string): Promise<boolean> {
  return updateIf(deps, {
    Key: keys.slot(slot.account_id, slot.job_id, slot.index),
    UpdateExpression: 'SET #status = :pending, updated_at = :now REMOVE lease_id, lease_until',
    ConditionExpression: '#status = :running AND lease_id = :lease',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pending': 'pending',
      ':running': 'running',
      ':lease': leaseId,
      ':now': deps.now().toISOString(),
    },
  });
}
