import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { CreativeQuality } from '../../creative/quality.schema.ts';
import type { DbDeps } from '../../db/deps.ts';
import { isConditionalCheckFailed } from '../../db/errors.ts';
import { keys } from '../../db/keys.ts';
import type { Outbox, TransactItem } from '../../db/outbox.ts';
import { update } from '../../db/update.ts';
import type { Provenance } from '../../provenance/provenance.schema.ts';
import { JOB_IS_LIVE } from '../job.ts';
import { ledger } from '../ledger.ts';
import { groupKeys, type Slot } from './entity.ts';

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
  const counts = update()
    .increment(failureCode ? 'failed' : 'succeeded', 1)
    .set('updated_at', now);
  // Failures are also counted by reason code, so get_job says why (e.g. content_filtered: 2).
  if (failureCode) counts.increment(['failure_reasons', failureCode], 1, 0);
  return {
    Update: {
      TableName: table,
      Key: keys.jobById(slot.account_id, slot.job_id),
      ...counts.build(),
      // A job deleted or closed for deletion (ADR 0028, 0029) fails the settlement cleanly: its
      // credits were released when it was closed, and it is never recreated as a stub.
      ConditionExpression: JOB_IS_LIVE,
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
  const fields = succeeded
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
  const code = succeeded ? undefined : reasonCode(settlement.reason);
  const lease = settlement.leaseId;
  const move = update()
    .set('status', settlement.status)
    .setAll(fields)
    .set('updated_at', now)
    .set('completed_at', now)
    .set('gsi1pk', group.gsi1pk)
    .set('gsi1sk', group.gsi1sk)
    .remove('lease_id', 'lease_until')
    .build();
  return [
    {
      Update: {
        TableName: table,
        Key: keys.slot(slot.account_id, slot.job_id, slot.index),
        UpdateExpression: move.UpdateExpression,
        ConditionExpression: succeeded
          ? '#status = :running AND lease_id = :lease'
          : `#status IN (:pending, :running)${lease ? ' AND lease_id = :lease' : ''}`,
        ExpressionAttributeNames: { ...move.ExpressionAttributeNames, '#status': 'status' },
        ExpressionAttributeValues: {
          ...move.ExpressionAttributeValues,
          ':running': 'running',
          ...(succeeded ? {} : { ':pending': 'pending' }),
          ...(lease ? { ':lease': lease } : {}),
        },
      },
    },
    succeeded ? ledger.consume(table, slot.account_id) : ledger.release(table, slot.account_id),
    jobCounter(table, slot, now, code),
    ...outboxPuts,
  ];
}
