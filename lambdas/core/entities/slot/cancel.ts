import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DbDeps } from '../../db/deps.ts';
import { cancellationReasons } from '../../db/errors.ts';
import { keys } from '../../db/keys.ts';
import { Again, retryWithBackoff } from '../../db/retry.ts';
import { JOB_IS_LIVE } from '../job.ts';
import { ledger } from '../ledger.ts';
import type { Slot } from './entity.ts';

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
