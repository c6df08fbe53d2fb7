import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  BatchWriteCommand,
  type BatchWriteCommandOutput,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { v5 as uuidv5 } from 'uuid';
import type { CreativeQuality } from '../creative/types.ts';
import { ledger } from '../credits.ts';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import type { Deps } from '../deps.ts';
import type { SlotPlan } from '../generation/batch.ts';
import { METRIC } from '../telemetry.ts';

export type SlotStatus = 'pending' | 'running' | 'succeeded' | 'failed';

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
  const s3Key = `creatives/${accountId}/${campaignId}/${jobId}/${String(index).padStart(5, '0')}.png`;
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
  return {
    gsi1pk: c.partition,
    gsi1sk: `${c.skPrefix}${at}#${String(slot.index).padStart(5, '0')}#${slot.id}`,
  };
}

export function slotFromItem(item: Record<string, unknown>): Slot {
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    id: String(item.id),
    account_id: String(item.account_id),
    job_id: String(item.job_id),
    campaign_id: String(item.campaign_id),
    client_id: String(item.client_id),
    index: Number(item.index),
    angle_id: str(item.angle_id),
    aspect_ratio: String(item.aspect_ratio),
    variant: Number(item.variant ?? 0),
    seed: Number(item.seed),
    status: item.status as SlotStatus,
    attempts: Number(item.attempts ?? 0),
    lease_id: str(item.lease_id),
    lease_until: str(item.lease_until),
    s3_key: String(item.s3_key),
    width: num(item.width),
    height: num(item.height),
    bytes: num(item.bytes),
    model: str(item.model),
    upscale: num(item.upscale),
    failure_reason: str(item.failure_reason),
    quality: item.quality && typeof item.quality === 'object' ? (item.quality as CreativeQuality) : null,
    created_at: String(item.created_at),
    updated_at: String(item.updated_at),
  };
}

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
      gsi2pk: all.partition,
      gsi2sk: `${all.skPrefix}${input.now}#${input.jobId}#${String(plan.index).padStart(5, '0')}`,
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
export async function writeSlots(
  deps: Deps,
  items: readonly Record<string, unknown>[],
  onProgress: (written: number) => Promise<void> = async () => {},
): Promise<void> {
  const table = deps.config.tableName;
  for (let i = 0; i < items.length; i += 25) {
    let requests:
      | NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']>[string]
      | undefined = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; requests && requests.length > 0; attempt++) {
      if (attempt > 6) throw new Error('BatchWrite left slots unprocessed after retries.');
      if (attempt > 0) await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
      const out: BatchWriteCommandOutput = await deps.ddb.send(
        new BatchWriteCommand({ RequestItems: { [table]: requests } }),
      );
      requests = out.UnprocessedItems?.[table];
    }
    await onProgress(Math.min(items.length, i + 25));
  }
}

/**
 * Writes one slot unless it exists: the reconciler must never overwrite a slot a worker already
 * claimed or settled. Answers whether it wrote it.
 */
export async function createSlotIfMissing(deps: Deps, item: Record<string, unknown>): Promise<boolean> {
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

export async function getSlot(
  deps: Deps,
  accountId: string,
  jobId: string,
  index: number,
): Promise<Slot | undefined> {
  const out = await deps.ddb.send(
    new GetCommand({
      TableName: deps.config.tableName,
      Key: keys.slot(accountId, jobId, index),
      ConsistentRead: true,
    }),
  );
  return out.Item ? slotFromItem(out.Item) : undefined;
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

/**
 * running → succeeded, one credit reserved → used, the job's count up: one transaction,
 * conditional on still holding the lease. Answers false when the lease was lost (another
 * worker took the slot over), in which case nothing was written.
 */
export async function settleSucceeded(
  deps: Deps,
  slot: Slot,
  leaseId: string,
  result: SlotResult,
): Promise<boolean> {
  const now = deps.now().toISOString();
  const table = deps.config.tableName;
  const group = groupKeys(slot, 'succeeded', now);
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table,
              Key: keys.slot(slot.account_id, slot.job_id, slot.index),
              UpdateExpression: `SET #status = :succeeded, width = :w, height = :h, bytes = :b, model = :m${result.quality ? ', quality = :q' : ''}${result.upscale === undefined ? '' : ', upscale = :u'}, updated_at = :now, completed_at = :now, gsi1pk = :g1pk, gsi1sk = :g1sk REMOVE lease_id, lease_until`,
              ConditionExpression: '#status = :running AND lease_id = :lease',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':succeeded': 'succeeded',
                ':running': 'running',
                ':lease': leaseId,
                ':w': result.width,
                ':h': result.height,
                ':b': result.bytes,
                ':m': result.model,
                ...(result.quality ? { ':q': result.quality } : {}),
                ':now': now,
                ':g1pk': group.gsi1pk,
                ':g1sk': group.gsi1sk,
                ...(result.upscale === undefined ? {} : { ':u': result.upscale }),
              },
            },
          },
          ledger.consume(table, slot.account_id),
          jobCounter(deps, slot, now),
        ],
      }),
    );
    // Counted only when the move commits, so a redelivery can never count an image twice.
    deps.telemetry.count(METRIC.imagesSucceeded);
    deps.telemetry.count(METRIC.creditsUsed);
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * Any unfinished state → failed, its credit reserved → available, the job's failure count up:
 * one transaction. With a lease id, only the lease holder may fail it; without (DLQ, dispatch
 * failure), any unfinished slot. Answers false when the slot was already final.
 */
export async function settleFailed(
  deps: Deps,
  slot: Pick<Slot, 'account_id' | 'job_id' | 'campaign_id' | 'index' | 'id'>,
  reason: string,
  leaseId?: string,
): Promise<boolean> {
  const now = deps.now().toISOString();
  const table = deps.config.tableName;
  const group = groupKeys(slot, 'failed', now);
  const leaseCondition = leaseId ? ' AND lease_id = :lease' : '';
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table,
              Key: keys.slot(slot.account_id, slot.job_id, slot.index),
              UpdateExpression:
                'SET #status = :failed, failure_reason = :reason, updated_at = :now, completed_at = :now, gsi1pk = :g1pk, gsi1sk = :g1sk REMOVE lease_id, lease_until',
              ConditionExpression: `#status IN (:pending, :running)${leaseCondition}`,
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':failed': 'failed',
                ':pending': 'pending',
                ':running': 'running',
                ':reason': reason.slice(0, 500),
                ':now': now,
                ':g1pk': group.gsi1pk,
                ':g1sk': group.gsi1sk,
                ...(leaseId ? { ':lease': leaseId } : {}),
              },
            },
          },
          ledger.release(table, slot.account_id),
          jobCounter(deps, slot, now, reasonCode(reason)),
        ],
      }),
    );
    deps.telemetry.count(METRIC.imagesFailed, 1, { reason: reasonCode(reason) });
    deps.telemetry.count(METRIC.creditsReleased);
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}

/**
 * running → pending, only while `leaseId` still holds the slot: after a transient failure (the
 * redelivery may take it at once) or when the local stack reclaims a slot whose worker is gone.
 * Answers false when another delivery holds or finished the slot (nothing written).
 */
export async function releaseLease(deps: Deps, slot: Slot, leaseId: string): Promise<boolean> {
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
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
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return false;
    throw error;
  }
}
