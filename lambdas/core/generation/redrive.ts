import type { Deps } from '../deps.ts';
import { listOpenJobs } from '../entities/job.ts';
import { releaseLease, type Slot, slotsOfJob } from '../entities/slot.ts';
import { enqueueSlots } from './enqueue.ts';

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
 * Answers how many messages SQS accepted; throws (after counting them) when it refused any.
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
      else if (
        s.status === 'running' &&
        options.reclaimRunning &&
        s.lease_id &&
        (await releaseLease(deps, s, s.lease_id))
      )
        due.push(s);
    }
    // The shared chunked enqueue: a message SQS refused (`Failed`) is not counted as sent, and
    // the slot stays pending for the next redrive or the lease expiry to pick up.
    const enqueued = new Set<string>();
    try {
      await enqueueSlots(
        deps,
        due.map((s) => ({ accountId: s.account_id, jobId: s.job_id, index: s.index })),
        enqueued,
      );
    } finally {
      sent += enqueued.size;
    }
  }
  return sent;
}
