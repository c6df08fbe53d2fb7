import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DbDeps } from '../../db/deps.ts';
import { isConditionalCheckFailed } from '../../db/errors.ts';
import { keys } from '../../db/keys.ts';
import type { Outbox } from '../../db/outbox.ts';
import { updateIf } from '../../db/table.ts';
import { FINAL_JOB_STATUSES, isFinalJobStatus, type JobStatus } from '../../job-status.ts';
import { type Job, jobFromItem } from './entity.ts';
import { getJob } from './read.ts';

/** planned → dispatched; idempotent. */
export async function markJobDispatched(deps: DbDeps, accountId: string, jobId: string): Promise<void> {
  await updateIf(deps, {
    Key: keys.jobById(accountId, jobId),
    UpdateExpression: 'SET #dispatch = :dispatched',
    ConditionExpression: '#dispatch = :planned',
    ExpressionAttributeNames: { '#dispatch': 'dispatch' },
    ExpressionAttributeValues: { ':dispatched': 'dispatched', ':planned': 'planned' },
  });
}

/**
 * pending → running, when its first slot starts. The worker calls it once per job and
 * container (see `jobStarted` in lambdas/generate/process-slot.ts), not once per slot.
 */
export async function markJobRunning(deps: DbDeps, accountId: string, jobId: string): Promise<void> {
  await updateIf(deps, {
    Key: keys.jobById(accountId, jobId),
    UpdateExpression: 'SET #status = :running, updated_at = :now',
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':running': 'running',
      ':pending': 'pending',
      ':now': deps.now().toISOString(),
    },
  });
}

/**
 * The status a job ends with once every slot is settled: `cancelled` when some were cancelled
 * and none succeeded, `partially_failed` when some succeeded and others failed or were cancelled.
 */
export function finalStatus(
  job: Pick<Job, 'jobs' | 'succeeded' | 'failed'> & Partial<Pick<Job, 'cancelled'>>,
): JobStatus | undefined {
  const cancelled = job.cancelled ?? 0;
  if (job.succeeded + job.failed + cancelled < job.jobs) return undefined;
  if (job.failed === 0 && cancelled === 0) return 'completed';
  if (job.succeeded > 0) return 'partially_failed';
  return cancelled > 0 ? 'cancelled' : 'failed';
}

/**
 * The job as callers see it (get_job, list_jobs, cancel_job, and the `job.completed` webhook):
 * the plan and dispatch state stay inside.
 */
export function jobView(job: Job) {
  const { angle_ids: _a, aspect_ratios: _r, client_id: _c, dispatch: _d, seed: _s, ...visible } = job;
  return visible;
}

/**
 * Once every slot is settled, fixes the job's final status and takes it off the open-jobs
 * index. Conditional on the counters it was computed from, so concurrent settlements agree:
 * exactly one finaliser wins, and the `job.completed` webhook deliveries are written in the
 * same transaction as the status it wins (ADR 0025), so the event exists exactly when the
 * final status does, once per job, and is enqueued after the commit. Answers the job as the
 * update left it (or as read, when there was nothing to change or another settlement changed
 * it first): one read and at most one write, never a read after.
 */
export async function finalizeJobIfDone(
  deps: DbDeps,
  accountId: string,
  jobId: string,
  outbox: Outbox<Job>,
): Promise<Job | undefined> {
  const job = await getJob(deps, accountId, jobId);
  if (!job) return undefined;
  const status = finalStatus(job);
  if (!status || isFinalJobStatus(job.status)) return job;
  const [completed, partial, failed, cancelled] = FINAL_JOB_STATUSES;
  const now = deps.now();
  const final: Job = { ...job, status, updated_at: now.toISOString() };
  const event = await outbox(final, now);
  const update = {
    TableName: deps.config.tableName,
    Key: keys.jobById(accountId, jobId),
    UpdateExpression: 'SET #status = :status, updated_at = :now REMOVE gsi2pk, gsi2sk',
    // Jobs written before cancellation existed have no `cancelled` counter: it reads as 0.
    ConditionExpression: `succeeded = :s AND failed = :f AND ${
      job.cancelled === 0 ? '(attribute_not_exists(cancelled) OR cancelled = :n)' : 'cancelled = :n'
    } AND NOT #status IN (:c, :p, :x, :k) AND attribute_not_exists(deleting_at)`,
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':status': status,
      ':now': final.updated_at,
      ':s': job.succeeded,
      ':f': job.failed,
      ':n': job.cancelled,
      ':c': completed,
      ':p': partial,
      ':x': failed,
      ':k': cancelled,
    },
  };
  try {
    if (event.puts.length === 0) {
      const out = await deps.ddb.send(new UpdateCommand({ ...update, ReturnValues: 'ALL_NEW' }));
      await event.committed();
      return out.Attributes ? jobFromItem(out.Attributes) : job;
    }
    // A transaction cannot return the new item; the condition pins it to `final`.
    await deps.ddb.send(new TransactWriteCommand({ TransactItems: [{ Update: update }, ...event.puts] }));
  } catch (error) {
    // Another settlement moved the counters or fixed the status first; it finalizes.
    if (!isConditionalCheckFailed(error)) throw error;
    return job;
  }
  await event.committed();
  return final;
}
