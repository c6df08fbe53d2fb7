import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DbDeps } from '../../db/deps.ts';
import { cancellationReasons } from '../../db/errors.ts';
import { inCollection, keys, slotIndexPart } from '../../db/keys.ts';
import { Again, retryWithBackoff } from '../../db/retry.ts';
import { putNew } from '../../db/table.ts';
import { JobClosedError, jobIsLive } from '../job.ts';
import { groupKeys, type SlotPlan, slotIdentity } from './entity.ts';

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
