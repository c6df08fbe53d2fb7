import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import type { Deps } from '../deps.ts';

export type JobStatus = 'pending' | 'running' | 'completed' | 'partially_failed' | 'failed';
export const FINAL_JOB_STATUSES: readonly JobStatus[] = ['completed', 'partially_failed', 'failed'];

export type Job = {
  job_id: string;
  campaign_id: string;
  client_id: string;
  status: JobStatus;
  jobs: number;
  succeeded: number;
  failed: number;
  pending: number;
  /** Failed images counted by reason code. */
  failure_reasons: Record<string, number>;
  angle_ids: string[];
  aspect_ratios: string[];
  /** Absent on jobs written before dispatch was recorded: those count as dispatched. */
  dispatch: DispatchState;
  created_at: string;
  updated_at: string;
};

export function jobFromItem(item: Record<string, unknown>): Job {
  const jobs = Number(item.jobs);
  const succeeded = Number(item.succeeded ?? 0);
  const failed = Number(item.failed ?? 0);
  return {
    job_id: String(item.id),
    campaign_id: String(item.campaign_id),
    client_id: String(item.client_id),
    status: item.status as JobStatus,
    jobs,
    succeeded,
    failed,
    pending: jobs - succeeded - failed,
    failure_reasons: (item.failure_reasons as Record<string, number> | undefined) ?? {},
    angle_ids: Array.isArray(item.angle_ids) ? item.angle_ids.map(String) : [],
    aspect_ratios: Array.isArray(item.aspect_ratios) ? item.aspect_ratios.map(String) : [],
    dispatch: item.dispatch === 'planned' ? 'planned' : 'dispatched',
    created_at: String(item.created_at),
    updated_at: String(item.updated_at),
  };
}

/** The job item as first written (pending, nothing settled, listed among open jobs). */
export function newJobItem(
  accountId: string,
  job: Omit<Job, 'status' | 'succeeded' | 'failed' | 'pending' | 'failure_reasons' | 'dispatch'>,
) {
  const open = keys.openJobs();
  return {
    ...keys.jobById(accountId, job.job_id),
    gsi2pk: open.partition,
    gsi2sk: `${open.skPrefix}${job.created_at}#${accountId}#${job.job_id}`,
    entity: 'job',
    account_id: accountId,
    id: job.job_id,
    campaign_id: job.campaign_id,
    client_id: job.client_id,
    status: 'pending' as JobStatus,
    jobs: job.jobs,
    succeeded: 0,
    failed: 0,
    failure_reasons: {},
    angle_ids: job.angle_ids,
    aspect_ratios: job.aspect_ratios,
    // The plan: slots 0..jobs-1, ids uuidv5(job id/index) (see slotIdentity). Until every slot
    // is written and enqueued the job stays `planned`, so the reconciler can finish a dispatch
    // whose process died part-way (reconcile.ts).
    dispatch: 'planned' as DispatchState,
    slot_count: job.jobs,
    slot_id_scheme: 'uuidv5(job_id/index)',
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}

/** `planned` until all its slots exist and were enqueued (or failed), then `dispatched`. */
export type DispatchState = 'planned' | 'dispatched';

/** planned → dispatched; idempotent. */
export async function markJobDispatched(deps: Deps, accountId: string, jobId: string): Promise<void> {
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
        Key: keys.jobById(accountId, jobId),
        UpdateExpression: 'SET #dispatch = :dispatched',
        ConditionExpression: '#dispatch = :planned',
        ExpressionAttributeNames: { '#dispatch': 'dispatch' },
        ExpressionAttributeValues: { ':dispatched': 'dispatched', ':planned': 'planned' },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

export async function getJob(deps: Deps, accountId: string, jobId: string): Promise<Job | undefined> {
  const out = await deps.ddb.send(
    new GetCommand({
      TableName: deps.config.tableName,
      Key: keys.jobById(accountId, jobId),
      ConsistentRead: true,
    }),
  );
  return out.Item ? jobFromItem(out.Item) : undefined;
}

/** pending → running, once, when its first slot starts. */
export async function markJobRunning(deps: Deps, accountId: string, jobId: string): Promise<void> {
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
        Key: keys.jobById(accountId, jobId),
        UpdateExpression: 'SET #status = :running, updated_at = :now',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':pending': 'pending',
          ':now': deps.now().toISOString(),
        },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

export function finalStatus(job: Pick<Job, 'jobs' | 'succeeded' | 'failed'>): JobStatus | undefined {
  if (job.succeeded + job.failed < job.jobs) return undefined;
  if (job.failed === 0) return 'completed';
  return job.succeeded === 0 ? 'failed' : 'partially_failed';
}

/**
 * Once every slot is settled, fixes the job's final status and takes it off the open-jobs
 * index. Conditional on the counters it was computed from, so concurrent settlements agree.
 */
export async function finalizeJobIfDone(
  deps: Deps,
  accountId: string,
  jobId: string,
): Promise<Job | undefined> {
  const job = await getJob(deps, accountId, jobId);
  if (!job) return undefined;
  const status = finalStatus(job);
  if (!status || FINAL_JOB_STATUSES.includes(job.status)) return job;
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
        Key: keys.jobById(accountId, jobId),
        UpdateExpression: 'SET #status = :status, updated_at = :now REMOVE gsi2pk, gsi2sk',
        ConditionExpression: 'succeeded = :s AND failed = :f AND NOT #status IN (:c, :p, :x)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': status,
          ':now': deps.now().toISOString(),
          ':s': job.succeeded,
          ':f': job.failed,
          ':c': 'completed',
          ':p': 'partially_failed',
          ':x': 'failed',
        },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  return getJob(deps, accountId, jobId);
}
