import type { Deps } from '../deps.ts';
import { getCampaignForSweep } from '../entities/campaign.ts';
import { finalizeJobIfDone, finalStatus, getJob, listOpenJobs, markJobDispatched } from '../entities/job.ts';
import { createSlotIfMissing, newSlotItems, slotsOfJob } from '../entities/slot.ts';
import { isFinalJobStatus } from '../job-status.ts';
import { sweepOrphanJob } from '../lifecycle/delete.ts';
import { planSlots } from './batch.ts';
import { releaseUnsent } from './dispatch.ts';
import { enqueueSlots, slotRefKey } from './enqueue.ts';
import { jobCompletedOutbox } from './outboxes.ts';

export type ReconcileReport = {
  /** Open jobs still `planned` (their dispatch never finished) that were looked at. */
  jobs: number;
  /** Slots that did not exist and were written from the job's plan. */
  created: number;
  /** Pending slots of those jobs sent to the queue (a duplicate message is harmless). */
  enqueued: number;
  /** Slots that could not be queued: failed, their credits released. */
  failed: number;
  /** Jobs whose slots were all settled but which a crash left open, finalised now. */
  finalized: number;
  /** Open jobs whose campaign was deleted without them: closed (credits released) and deleted. */
  orphaned: number;
};

/**
 * Finishes every dispatch that a crash left half-done. A job is `planned` from the transaction
 * that reserves its credits until its last slot is enqueued; if the process died in between
 * (a killed local stack, a router Lambda that timed out), some slots may be missing and some
 * written but never enqueued. For each open job still `planned` and created before
 * `olderThan`, this writes every missing slot from the job's plan (deterministic ids, so
 * exactly the ones the dispatcher would have written, never over one that exists), enqueues
 * every pending slot, and marks the job `dispatched`. A slot that cannot be enqueued is failed
 * and its credit released, so no credit is ever stranded.
 *
 * `olderThan` keeps it off dispatches still in progress; locally at start, nothing else is
 * running, so it is now.
 */
export async function reconcileDispatches(deps: Deps, olderThan: Date): Promise<ReconcileReport> {
  const report: ReconcileReport = { jobs: 0, created: 0, enqueued: 0, failed: 0, finalized: 0, orphaned: 0 };
  const cutoff = olderThan.toISOString();
  for (const open of await listOpenJobs(deps)) {
    if (open.createdAt > cutoff) continue;
    const job = await getJob(deps, open.accountId, open.jobId);
    if (!job) continue;
    // Its campaign's deletion finished without it (ADR 0029): nothing else would release its credits.
    if (!(await getCampaignForSweep(deps, open.accountId, job.campaign_id))) {
      await sweepOrphanJob(deps, open.accountId, job.campaign_id, job.job_id);
      report.orphaned += 1;
      continue;
    }
    if (job.dispatch !== 'planned') {
      // Every slot settled but the job still open: the process died between the last
      // settlement and its finalisation, which nothing else would ever retry.
      if (finalStatus(job)) {
        const after = await finalizeJobIfDone(
          deps,
          open.accountId,
          job.job_id,
          jobCompletedOutbox(deps, open.accountId),
        );
        if (after && isFinalJobStatus(after.status)) report.finalized += 1;
      }
      continue;
    }
    report.jobs += 1;
    const plans = planSlots(job.angle_ids, job.aspect_ratios, job.jobs);
    const items = newSlotItems(
      {
        accountId: open.accountId,
        campaignId: job.campaign_id,
        clientId: job.client_id,
        jobId: job.job_id,
        now: job.created_at,
        regeneratedFrom: job.regenerated_from,
        seed: job.seed,
      },
      plans,
    );
    const existing = await slotsOfJob(deps, open.accountId, job.job_id);
    const byIndex = new Map(existing.map((s) => [s.index, s]));
    const toSend: number[] = [];
    for (const plan of plans) {
      const slot = byIndex.get(plan.index);
      if (!slot) {
        const item = items[plan.index];
        if (item && (await createSlotIfMissing(deps, item))) report.created += 1;
        toSend.push(plan.index);
      } else if (slot.status === 'pending') {
        toSend.push(plan.index);
      }
    }
    const refs = toSend.map((index) => ({ accountId: open.accountId, jobId: job.job_id, index }));
    const enqueued = new Set<string>();
    try {
      await enqueueSlots(deps, refs, enqueued);
    } catch {
      const unsent = refs.filter((r) => !enqueued.has(slotRefKey(r))).map((r) => r.index);
      await releaseUnsent(deps, items, unsent, open.accountId, job.job_id, job.campaign_id);
      report.failed += unsent.length;
    }
    report.enqueued += enqueued.size;
    await markJobDispatched(deps, open.accountId, job.job_id);
    await finalizeJobIfDone(deps, open.accountId, job.job_id, jobCompletedOutbox(deps, open.accountId));
  }
  return report;
}
