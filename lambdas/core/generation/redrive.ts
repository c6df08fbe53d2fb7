import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import type { Deps } from '../deps.ts';
import type { Slot } from '../entities/slot.ts';
import { enqueueSlots } from './enqueue.ts';
import { listOpenJobs, slotsOfJob } from './reconcile.ts';

/**
 * Re-enqueues every unfinished slot of every open job whose lease is free or expired: after a
 * restart of the local stack, work that was in flight completes with exactly its images. Safe to
 * run at any time — a duplicate message finds its slot claimed or final and does nothing.
 *
 * `reclaimRunning`: also take back slots still under a live lease. Only for a process that owns
 * all the workers of its data (the local stack at start): a running slot then can only be one
 * whose worker died with the previous process, so it is set back to pending and re-driven now
 * instead of when its lease runs out.
 *
 * Answers how many messages were sent.
 */
export async function redriveOpenJobs(
  deps: Deps,
  options: { reclaimRunning?: boolean } = {},
): Promise<number> {
  const now = deps.now().toISOString();
  let sent = 0;
  for (const job of await listOpenJobs(deps)) {
    const slots = await slotsOfJob(deps, job.accountId, job.jobId);
    const due: Slot[] = [];
    for (const s of slots) {
      if (s.status === 'pending') due.push(s);
      else if (s.status === 'running' && (s.lease_until ?? '') < now) due.push(s);
      else if (s.status === 'running' && options.reclaimRunning && (await releaseLease(deps, s))) due.push(s);
    }
    await enqueueSlots(
      deps,
      due.map((s) => ({ accountId: s.account_id, jobId: s.job_id, index: s.index })),
    );
    sent += due.length;
  }
  return sent;
}

/** running → pending, only if it still holds the lease seen (its worker is gone). */
async function releaseLease(deps: Deps, slot: Slot): Promise<boolean> {
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
          ':lease': slot.lease_id,
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
