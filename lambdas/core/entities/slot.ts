import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { v5 as uuidv5 } from 'uuid';
import * as z from 'zod';
import type { CreativeQuality } from '../creative/quality.schema.ts';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { cancellationReasons, isConditionalCheckFailed } from '../db/errors.ts';
import { inCollection, keys, slotIndexPart, sortKeyIn } from '../db/keys.ts';
import type { Outbox, TransactItem } from '../db/outbox.ts';
import { queryAll } from '../db/query.ts';
import { Again, retryWithBackoff } from '../db/retry.ts';
import { getItem, putNew, updateIf } from '../db/table.ts';
import { nullableNumber, nullableString } from '../db/zod-fields.ts';
import type { Provenance } from '../provenance/provenance.schema.ts';
import { JOB_IS_LIVE, JobClosedError, jobIsLive } from './job.ts';
import { ledger } from './ledger.ts';

export const SLOT_STATUSES = ['pending', 'running', 'succeeded', 'failed', 'cancelled'] as const;
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
  /** Set on the creative of a regenerate_creative job: the creative it redoes. */
  regenerated_from: string | null;
  /** What the creative measured after composing (see lambdas/core/creative/quality.ts). */
  quality: CreativeQuality | null;
  /** The client's decision on the creative (ADR 0040); unreviewed until someone decides. */
  review_state: ReviewState;
  review_note: string | null;
  /** Who decided: `api_key:<id>`, `user:<sub>` or `review_link:<id>`. */
  reviewed_by: string | null;
  reviewed_at: string | null;
  /** The marks written into the PNG (ADR 0041); null for a slot without an image, or made before marking. */
  provenance: Provenance | null;
  created_at: string;
  updated_at: string;
};

export const REVIEW_STATES = ['unreviewed', 'approved', 'rejected'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

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
const groupOf = (status: Exclude<SlotStatus, 'cancelled'>): Group =>
  status === 'running' ? 'pending' : status;

/** One image of a batch as dispatch plans it (generation/batch.ts). */
export type SlotPlan = {
  /** 0-based position in the batch; the slot id and S3 key derive from it. */
  index: number;
  angleId: string | null;
  aspectRatio: string;
  /** Which repeat of this angle × ratio combination (0-based). */
  repeat: number;
};

/** The state group a slot is listed in; a cancelled slot is in none (only `all` lists it). */
function groupKeys(
  slot: Pick<Slot, 'account_id' | 'campaign_id' | 'index' | 'id'>,
  status: Exclude<SlotStatus, 'cancelled'>,
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
  regenerated_from: nullableString,
  quality: z
    .custom<CreativeQuality>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
    .nullish()
    .transform((v) => v ?? null),
  review_state: z.enum(REVIEW_STATES).default('unreviewed'),
  review_note: nullableString,
  reviewed_by: nullableString,
  reviewed_at: nullableString,
  provenance: z
    .object({
      ai_generated: z.boolean(),
      digital_source_type: z.string(),
      c2pa: z.enum(['embedded', 'none']),
    })
    .nullish()
    .transform((v) => v ?? null),
  created_at: z.string(),
  updated_at: z.string(),
});

export const slotEntity = defineEntity({
  name: 'slot',
  module: 'lambdas/core/entities/slot.ts',
  schema: slotSchema,
  keys: ['slot', 'slotsOfJob', 'creativeById', 'creativesOfCampaign', 'allCreativesOfCampaign'],
  patterns: [
    {
      does: "write a job's slots, each with its creative pointer",
      operation:
        'TransactWrite of 49 slots with their `CREATIVE#<id>` pointers + ConditionCheck job live (no `deleting_at`), conflicts retried',
      consistency: '–',
      functions: ['writeSlots'],
    },
    {
      does: 'write a missing slot (reconciler, failed dispatch)',
      operation: 'TransactWrite: Put slot `attribute_not_exists(pk)` + Put pointer + ConditionCheck job live',
      consistency: '–',
      functions: ['createSlotIfMissing'],
    },
    {
      does: 'get a creative (its slot) by id',
      operation: 'GetItem `pk = ACCOUNT#<a>, sk = CREATIVE#<id>` (the pointer), then GetItem of the slot',
      consistency: 'strong',
      functions: ['getSlotByCreativeId'],
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
        'TransactWrite: slot `running → succeeded` (lease held) + account `reserved → used` + job counter (job live); or slot `→ failed` + `reserved → available` + job counters; + one `creative.*` webhook event (the outbox) when any endpoint subscribes',
      consistency: '–',
      functions: ['settleSlot'],
    },
    {
      does: "cancel a job's slots that have not started, returning their credits",
      operation:
        'TransactWrite (25 slots a call): each slot `status = pending → cancelled` (off gsi1) + account `reserved → available` by n + job `cancelled + n` (job live); a slot claimed meanwhile is dropped and the rest retried',
      consistency: '–',
      functions: ['cancelSlots'],
    },
    {
      does: "find the jobs of a campaign's creatives (a deletion sweep, jobs older than the jobs index included)",
      operation: 'Query gsi2 `gsi2pk = …#CREATIVES`, projecting `job_id`',
      consistency: 'eventual (GSI)',
      functions: ['jobIdsOfCampaignCreatives'],
    },
    {
      does: 'give a slot back after a transient failure',
      operation: 'UpdateItem `running → pending`, `lease_id = :lease`',
      consistency: '–',
      functions: ['releaseLease'],
    },
    {
      does: 'record the review decision on a creative',
      operation:
        'TransactWrite: slot UpdateItem `attribute_exists(pk) AND status = succeeded` (review_state, note, who, when) + a Put per subscribed `creative.reviewed` webhook delivery',
      consistency: '–',
      functions: ['reviewCreative'],
      module: 'lambdas/core/entities/creative-review.ts',
    },
    {
      does: "list a campaign's creatives in a state (and review state), newest first",
      operation:
        'Query gsi1 `gsi1pk = …#CREATIVES#<state>`; with a review state, FilterExpression `review_state = :r` (unreviewed: or absent)',
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
  input: {
    accountId: string;
    campaignId: string;
    clientId: string;
    jobId: string;
    now: string;
    /** A regenerate_creative job: the creative it redoes, and the seed the caller chose. */
    regeneratedFrom?: string | null | undefined;
    seed?: number | null | undefined;
  },
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
      seed: input.seed ?? seed,
      ...(input.regeneratedFrom ? { regenerated_from: input.regeneratedFrom } : {}),
      status: 'pending',
      attempts: 0,
      s3_key: s3Key,
      created_at: input.now,
      updated_at: input.now,
    };
  });
}

/** Slots per transaction: each with its pointer, plus the job's condition, within the 100-item limit. */
const SLOTS_PER_TRANSACTION = 49;

/**
 * Writes a job's slots, each with its creative pointer, 49 a transaction, each transaction
 * conditional on the job being live (ADR 0029): once a deletion closed the job, no slot of it is
 * written any more, so the sweep that follows sees every slot there will ever be. Throws
 * JobClosedError then. Puts are idempotent (deterministic keys), so retrying is safe; a
 * transaction that conflicts with a concurrent write of the job (a worker settling its first
 * slots) is retried with backoff.
 */
export async function writeSlots(
  deps: DbDeps,
  items: readonly Record<string, unknown>[],
  onProgress?: (written: number) => Promise<void>,
): Promise<void> {
  const table = deps.config.tableName;
  for (let i = 0; i < items.length; i += SLOTS_PER_TRANSACTION) {
    const chunk = items.slice(i, i + SLOTS_PER_TRANSACTION);
    const first = chunk[0];
    if (!first) break;
    const accountId = String(first.account_id);
    const jobId = String(first.job_id);
    await transactUnlessClosed(deps, jobId, [
      ...chunk.flatMap((item) => [
        { Put: { TableName: table, Item: creativePointer(item) } },
        { Put: { TableName: table, Item: item } },
      ]),
      jobIsLive(table, accountId, jobId),
    ]);
    await onProgress?.(Math.min(items.length, i + SLOTS_PER_TRANSACTION));
  }
}

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/**
 * One transaction whose last item is the job's liveness check: JobClosedError when that failed,
 * false when another item's condition failed, retried on conflicts.
 */
async function transactUnlessClosed(deps: DbDeps, jobId: string, items: TransactItems): Promise<boolean> {
  return retryWithBackoff(
    async () => {
      try {
        await deps.ddb.send(new TransactWriteCommand({ TransactItems: items }));
        return true;
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (reasons.length === 0) throw error;
        if (reasons[items.length - 1] === 'ConditionalCheckFailed') throw new JobClosedError(jobId);
        if (reasons.includes('ConditionalCheckFailed')) return false;
        return new Again(error);
      }
    },
    { baseMs: 25, capMs: 1_000, maxAttempts: 10 },
  );
}

/** The `CREATIVE#<id>` pointer of a slot item: where the slot is, from the creative id alone. */
function creativePointer(item: Record<string, unknown>): Record<string, unknown> {
  const accountId = String(item.account_id);
  return {
    ...keys.creativeById(accountId, String(item.id)),
    entity: 'creative_ref',
    account_id: accountId,
    id: item.id,
    job_id: item.job_id,
    index: item.index,
  };
}

const pointerSchema = z.object({ job_id: z.string(), index: z.number().int().nonnegative() });

/** A creative's slot by the creative id; undefined for an unknown id (or a slot written before pointers). */
export async function getSlotByCreativeId(
  deps: DbDeps,
  accountId: string,
  creativeId: string,
): Promise<Slot | undefined> {
  const pointer = await getItem(deps, keys.creativeById(accountId, creativeId), (item) =>
    slotEntity.fromItemAs(pointerSchema, item),
  );
  return pointer ? getSlot(deps, accountId, pointer.job_id, pointer.index) : undefined;
}

/**
 * Writes one slot with its pointer unless the slot exists (the reconciler must never overwrite a
 * slot a worker already claimed or settled) or the job is closed for deletion. Answers whether
 * it wrote it.
 */
export async function createSlotIfMissing(deps: DbDeps, item: Record<string, unknown>): Promise<boolean> {
  const table = deps.config.tableName;
  try {
    return await transactUnlessClosed(deps, String(item.job_id), [
      putNew(table, item),
      // The pointer holds nothing that changes: writing it again is harmless.
      { Put: { TableName: table, Item: creativePointer(item) } },
      jobIsLive(table, String(item.account_id), String(item.job_id)),
    ]);
  } catch (error) {
    if (error instanceof JobClosedError) return false;
    throw error;
  }
}

export function getSlot(
  deps: DbDeps,
  accountId: string,
  jobId: string,
  index: number,
): Promise<Slot | undefined> {
  return getItem(deps, keys.slot(accountId, jobId, index), slotFromItem);
}

/** Every slot of a job, in index order (base table, strongly consistent). */
export function slotsOfJob(deps: DbDeps, accountId: string, jobId: string): Promise<Slot[]> {
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
  deps: DbDeps,
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
  // A cancelled slot is final too: the worker never starts it.
  return slot.status === 'pending' || slot.status === 'running'
    ? { outcome: 'busy', slot }
    : { outcome: 'final', slot };
}

export type SlotResult = {
  width: number;
  height: number;
  bytes: number;
  model: string;
  /** Set when the creative was cut from a shared model visual. */
  upscale?: number | undefined;
  quality?: CreativeQuality | undefined;
  provenance?: Provenance | undefined;
};

function jobCounter(
  table: string,
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
      TableName: table,
      Key: keys.jobById(slot.account_id, slot.job_id),
      UpdateExpression: `SET ${counter} = ${counter} + :one, updated_at = :now${byReason}`,
      // A job deleted or closed for deletion (ADR 0028, 0029) fails the settlement cleanly: its
      // credits were released when it was closed, and it is never recreated as a stub.
      ConditionExpression: JOB_IS_LIVE,
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
  deps: DbDeps,
  slot: Pick<Slot, 'account_id' | 'job_id' | 'campaign_id' | 'index' | 'id'>,
  settlement: Settlement,
  outbox: Outbox<Settlement>,
): Promise<boolean> {
  const now = deps.now();
  // What the caller records with the settlement (the creative's event, one outbox item fanned
  // out after the commit: ADR 0025, 0029) commits with it, or not at all.
  const event = await outbox(settlement, now);
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: settlementItems(
          deps.config.tableName,
          slot,
          settlement,
          now.toISOString(),
          event.puts,
        ),
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
  await event.committed();
  return true;
}

/**
 * The settlement's transaction: the slot's move (conditional on it being unfinished and, with a
 * lease id, on still holding it), its credit through the ledger, the job's counter (the job
 * live), and the event's one outbox item when any endpoint receives it. Four items at most,
 * whatever the number of endpoints (ADR 0029).
 */
export function settlementItems(
  table: string,
  slot: Pick<Slot, 'account_id' | 'job_id' | 'campaign_id' | 'index' | 'id'>,
  settlement: Settlement,
  now: string,
  outboxPuts: readonly TransactItem[],
) {
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
        provenance: settlement.result.provenance,
      }
    : { failure_reason: settlement.reason.slice(0, 500) };
  const set = Object.entries(fields).filter(([, value]) => value !== undefined);
  const code = succeeded ? undefined : reasonCode(settlement.reason);
  const lease = settlement.leaseId;
  return [
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
    jobCounter(table, slot, now, code),
    ...outboxPuts,
  ];
}

/**
 * running → pending, only while `leaseId` still holds the slot: after a transient failure (the
 * redelivery may take it at once) or when the local stack reclaims a slot whose worker is gone.
 * Answers false when another delivery holds or finished the slot (nothing written).
 */
export async function releaseLease(deps: DbDeps, slot: Slot, leaseId: string): Promise<boolean> {
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

/**
 * Cancels slots of one job that have not started (`pending`). Each transaction moves up to 25
 * slots to `cancelled` (out of the state groups), returns their credits reserved → available
 * through the ledger, and counts them on the job, so the ledger and the counters move together.
 * A slot a worker claimed (or settled) meanwhile fails its condition: it is dropped and the rest
 * retried, so exactly the slots that never started are cancelled. A job closed for deletion
 * meanwhile (its credits all released at once, ADR 0029) stops it. Answers how many were
 * cancelled (and so how many credits came back).
 */
export async function cancelSlots(
  deps: DbDeps,
  slots: readonly Pick<Slot, 'account_id' | 'job_id' | 'index'>[],
  /** Called after each committed transaction with how many it cancelled (the caller's metrics). */
  onCancelled: (count: number) => void,
): Promise<number> {
  let cancelled = 0;
  for (let i = 0; i < slots.length; i += 25) {
    const chunk = await cancelPending(deps, slots.slice(i, i + 25), onCancelled);
    // The job was closed for deletion: its credits are already back.
    if (chunk === 'closed') return cancelled;
    cancelled += chunk;
  }
  return cancelled;
}

/** One transaction of cancelSlots (at most 25 slots of one job), retried without the slots lost. */
async function cancelPending(
  deps: DbDeps,
  slots: readonly Pick<Slot, 'account_id' | 'job_id' | 'index'>[],
  onCancelled: (count: number) => void,
): Promise<number | 'closed'> {
  const table = deps.config.tableName;
  let pending = slots;
  return retryWithBackoff(
    async () => {
      const now = deps.now().toISOString();
      const first = pending[0];
      if (!first) return 0;
      try {
        await deps.ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              ...pending.map((slot) => ({
                Update: {
                  TableName: table,
                  Key: keys.slot(slot.account_id, slot.job_id, slot.index),
                  UpdateExpression:
                    'SET #status = :cancelled, updated_at = :now, completed_at = :now REMOVE gsi1pk, gsi1sk, lease_id, lease_until',
                  ConditionExpression: '#status = :pending',
                  ExpressionAttributeNames: { '#status': 'status' },
                  ExpressionAttributeValues: {
                    ':cancelled': 'cancelled',
                    ':pending': 'pending',
                    ':now': now,
                  },
                },
              })),
              ledger.release(table, first.account_id, pending.length),
              {
                Update: {
                  TableName: table,
                  Key: keys.jobById(first.account_id, first.job_id),
                  UpdateExpression: 'SET cancelled = if_not_exists(cancelled, :zero) + :n, updated_at = :now',
                  ConditionExpression: JOB_IS_LIVE,
                  ExpressionAttributeValues: { ':zero': 0, ':n': pending.length, ':now': now },
                },
              },
            ],
          }),
        );
        onCancelled(pending.length);
        return pending.length;
      } catch (error) {
        const reasons = cancellationReasons(error);
        if (reasons.length === 0) throw error;
        if (reasons[pending.length + 1] === 'ConditionalCheckFailed') return 'closed';
        // Slots a worker claimed meanwhile are dropped; nothing lost means a conflict with a
        // concurrent write (a claim in flight). Either way the rest is tried again.
        const lost = new Set(pending.flatMap((_, n) => (reasons[n] === 'ConditionalCheckFailed' ? [n] : [])));
        pending = pending.filter((_, n) => !lost.has(n));
        return new Again(error);
      }
    },
    // A try that drops slots a worker claimed made progress (at most one per slot): only pure
    // conflicts use up the eight tries, or a busy job's cancellation gave up half done.
    { baseMs: 25, capMs: 500, maxAttempts: 8 + slots.length },
  );
}

/** The ids of the jobs that have creatives in a campaign (all states). */
export async function jobIdsOfCampaignCreatives(
  deps: DbDeps,
  accountId: string,
  campaignId: string,
): Promise<string[]> {
  const ids = await queryAll(
    deps.ddb,
    deps.config.tableName,
    keys.allCreativesOfCampaign(accountId, campaignId),
    (item) => String(item.job_id),
  );
  return [...new Set(ids)];
}
