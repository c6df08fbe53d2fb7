import type { Deps } from '../deps.ts';
import { finalizeJobIfDone, getJob, type Job } from '../entities/job.ts';
import { cancelSlots, slotsOfJob } from '../entities/slot.ts';
import { isFinalJobStatus } from '../job-status.ts';
import { countReleased, jobCompletedOutbox } from './outboxes.ts';

export type CancelResult = { job: Job; creditsReleased: number };

/**
 * Cancels a job:
 * 1. every slot that has not started becomes `cancelled` and its credit goes back to available,
 *    through the ledger in the same transaction (entities/slot.ts `cancelSlots`); a slot a worker
 *    claims meanwhile is left to finish, and the worker never starts a cancelled one (its claim
 *    is conditional on `pending`);
 * 2. the job is finalised by the one function that fixes every job's final status
 *    (`finalizeJobIfDone`): at once when nothing is running, else by the settlement of its last
 *    running slot. It ends `cancelled` when nothing succeeded, else `partially_failed`.
 * A job already final is answered as it is. Undefined for an unknown job.
 */
export async function cancelJob(
  deps: Deps,
  accountId: string,
  jobId: string,
): Promise<CancelResult | undefined> {
  const job = await getJob(deps, accountId, jobId);
  if (!job) return undefined;
  if (isFinalJobStatus(job.status)) return { job, creditsReleased: 0 };
  const slots = await slotsOfJob(deps, accountId, jobId);
  const creditsReleased = await cancelSlots(
    deps,
    slots.filter((s) => s.status === 'pending'),
    countReleased(deps),
  );
  const after = await finalizeJobIfDone(deps, accountId, jobId, jobCompletedOutbox(deps, accountId));
  return { job: after ?? job, creditsReleased };
}
