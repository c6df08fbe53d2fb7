import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ConflictError, NotFoundError } from '../db/app-errors.ts';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { cancellationReasons, isConditionalCheckFailed } from '../db/errors.ts';
import { type ItemKey, inCollection, keys } from '../db/keys.ts';
import type { Outbox } from '../db/outbox.ts';
import type { Page } from '../db/pagination.ts';
import { type PageRequest, queryAll } from '../db/query.ts';
import { Again, retryWithBackoff } from '../db/retry.ts';
import { batchDelete, getItem, putNew, queryPage, updateIf } from '../db/table.ts';
import { nullableNumber, nullableString, stringList } from '../db/zod-fields.ts';
import { FINAL_JOB_STATUSES, isFinalJobStatus, JOB_STATUSES, type JobStatus } from '../job-status.ts';
import { campaignOrdered, getCampaign } from './campaign.ts';
import { ledger } from './ledger.ts';

export type { JobStatus };

export type Job = {
  job_id: string;
  campaign_id: string;
  client_id: string;
  status: JobStatus;
  jobs: number;
  succeeded: number;
  failed: number;
  /** Images cancelled before they started (cancel_job, or a deletion): their credits went back. */
  cancelled: number;
  pending: number;
  /** Failed images counted by reason code. */
  failure_reasons: Record<string, number>;
  angle_ids: string[];
  aspect_ratios: string[];
  /** Absent on jobs written before dispatch was recorded: those count as dispatched. */
  dispatch: DispatchState;
  /** A regenerate_creative job: the creative it redoes. */
  regenerated_from: string | null;
  /** The seed a regenerate_creative caller asked for (its one slot uses it). */
  seed: number | null;
  created_at: string;
  updated_at: string;
};

const counter = z.number().int().nonnegative().default(0);

const jobSchema: z.ZodType<Job> = z
  .object({
    id: z.string(),
    campaign_id: z.string(),
    client_id: z.string(),
    status: z.enum(JOB_STATUSES),
    jobs: z.number().int().nonnegative(),
    succeeded: counter,
    failed: counter,
    cancelled: counter,
    failure_reasons: z.record(z.string(), z.number()).default({}),
    angle_ids: stringList,
    aspect_ratios: stringList,
    // Jobs written before dispatch was recorded have none: they count as dispatched.
    dispatch: z.enum(['planned', 'dispatched']).default('dispatched'),
    regenerated_from: nullableString,
    seed: nullableNumber,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .transform(({ id, ...job }) => ({
    job_id: id,
    ...job,
    pending: job.jobs - job.succeeded - job.failed - job.cancelled,
  }));

export const jobEntity = defineEntity({
  name: 'job',
  module: 'lambdas/core/entities/job.ts',
  schema: jobSchema,
  keys: ['jobById', 'jobsOfAccount', 'jobsOfCampaign', 'openJobs'],
  patterns: [
    {
      does: "reserve a batch's credits and write its job",
      operation:
        'TransactWrite: Update account `credits_available >= :n` + Put job `attribute_not_exists(pk)` + Update campaign `SET last_job_id` `updated_at = :version AND attribute_not_exists(deleting_at)`',
      consistency: '–',
      functions: ['createJobReservingCredits'],
    },
    {
      does: 'get a job by id',
      operation: 'GetItem `pk = ACCOUNT#<a>, sk = JOB#<id>`',
      consistency: 'strong',
      functions: ['getJob'],
    },
    {
      does: "list an account's jobs (or a campaign's), newest first, optionally of one status",
      operation:
        'Query `pk = ACCOUNT#<a> AND begins_with(sk, JOB#)`, or gsi1 `gsi1pk = ACCOUNT#<a>#CAMPAIGN#<c>#JOBS`; `status` as a FilterExpression',
      consistency: 'strong',
      functions: ['listJobs', 'openJobsOfCampaign', 'openJobsOfAccount'],
    },
    {
      does: "count a job's cancelled slots (with their release, see slot)",
      operation: "Update inside the slots' cancel transaction: `cancelled = cancelled + :n`",
      consistency: '–',
      functions: ['cancelSlots'],
      module: 'lambdas/core/entities/slot.ts',
    },
    {
      does: 'close a job for deletion, returning every credit it still holds',
      operation:
        'TransactWrite: Update job SET `deleting_at` (off gsi2) conditional on the counters read + account `reserved → available` by its pending count',
      consistency: '–',
      functions: ['closeJobForDeletion'],
    },
    {
      does: 'delete a job with its slots and markers (a deletion sweep)',
      operation: 'BatchWriteItem DeleteRequest (25 a call, unprocessed retried)',
      consistency: '–',
      functions: ['deleteJobRecords'],
    },
    {
      does: "mark a job's dispatch finished",
      operation: 'UpdateItem `dispatch = planned → dispatched`',
      consistency: '–',
      functions: ['markJobDispatched'],
    },
    {
      does: 'mark a job running when its first slot starts',
      operation: 'UpdateItem `status = pending → running` (once per job and worker container)',
      consistency: '–',
      functions: ['markJobRunning'],
    },
    {
      does: "fix a job's final status",
      operation:
        'UpdateItem conditional on the counters read, removing it from gsi2; the new item is returned, not read again. With webhook endpoints subscribed: TransactWrite of that Update + one `job.completed` event (the outbox)',
      consistency: '–',
      functions: ['finalizeJobIfDone'],
    },
    {
      does: 'find unfinished work after a restart',
      operation: "Query gsi2 `JOBS#open`, then each job's slots (base table)",
      consistency: 'eventual (GSI)',
      functions: ['listOpenJobs'],
    },
  ],
});

export const jobFromItem = jobEntity.fromItem;

/** The job item as first written (pending, nothing settled, listed among open jobs). */
export function newJobItem(
  accountId: string,
  job: Omit<
    Job,
    | 'status'
    | 'succeeded'
    | 'failed'
    | 'cancelled'
    | 'pending'
    | 'failure_reasons'
    | 'dispatch'
    | 'regenerated_from'
    | 'seed'
  > &
    Partial<Pick<Job, 'regenerated_from' | 'seed'>>,
) {
  return {
    ...keys.jobById(accountId, job.job_id),
    ...inCollection(keys.openJobs(), job.created_at, accountId, job.job_id),
    ...inCollection(keys.jobsOfCampaign(accountId, job.campaign_id), job.job_id),
    entity: 'job',
    account_id: accountId,
    id: job.job_id,
    campaign_id: job.campaign_id,
    client_id: job.client_id,
    status: 'pending' as JobStatus,
    jobs: job.jobs,
    succeeded: 0,
    failed: 0,
    cancelled: 0,
    failure_reasons: {},
    ...(job.regenerated_from ? { regenerated_from: job.regenerated_from } : {}),
    ...(job.seed !== undefined && job.seed !== null ? { seed: job.seed } : {}),
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

/**
 * The condition every write that adds a slot to a job or moves its credits carries (slot writes,
 * settlements, cancellations): the job exists and is not closed for deletion. Closing is the
 * fence between a deletion and a dispatch still writing slots (ADR 0029).
 */
export const JOB_IS_LIVE = 'attribute_exists(pk) AND attribute_not_exists(deleting_at)';

/** A transaction item requiring the job live (see JOB_IS_LIVE). */
export function jobIsLive(tableName: string, accountId: string, jobId: string) {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.jobById(accountId, jobId),
      ConditionExpression: JOB_IS_LIVE,
    },
  };
}

/** Thrown when a job was closed for deletion while something was adding to it. */
export class JobClosedError extends Error {
  constructor(readonly jobId: string) {
    super(`job ${jobId} was closed for deletion`);
    this.name = 'JobClosedError';
  }
}

/** `planned` until all its slots exist and were enqueued (or failed), then `dispatched`. */
export type DispatchState = 'planned' | 'dispatched';

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

export function getJob(deps: DbDeps, accountId: string, jobId: string): Promise<Job | undefined> {
  return getItem(deps, keys.jobById(accountId, jobId), jobFromItem);
}

/**
 * Moves `amount` credits available → reserved and writes the job, in one transaction: nothing
 * is written when the balance does not cover the batch (answers false) or when a job of that id
 * exists (answers `exists`: an Idempotency-Key's retry raced its first request, ADR 0031).
 */
export async function createJobReservingCredits(
  deps: DbDeps,
  accountId: string,
  job: Parameters<typeof newJobItem>[1],
  /** The campaign's `updated_at` the order was planned from (ADR 0031). */
  campaignVersion: string,
): Promise<boolean | 'exists'> {
  const table = deps.config.tableName;
  // Parallel orders of one campaign write its item (and the account's ledger) in the same
  // instant: DynamoDB cancels the losers with TransactionConflict (no condition failed), and an
  // order tried again is right.
  return retryWithBackoff(async () => {
    const answer = await reserveOnce(deps, table, accountId, job, campaignVersion);
    return answer === 'conflict'
      ? new Again(new ConflictError('The campaign is being ordered by other requests; order again.'))
      : answer;
  }, TRANSACTION_CONFLICTS);
}

/** How a transaction cancelled by a concurrent write to one of its items is tried again. */
const TRANSACTION_CONFLICTS = { baseMs: 20, capMs: 500, maxAttempts: 10 };

async function reserveOnce(
  deps: DbDeps,
  table: string,
  accountId: string,
  job: Parameters<typeof newJobItem>[1],
  campaignVersion: string,
): Promise<boolean | 'exists' | 'conflict'> {
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          ledger.reserve(table, accountId, job.jobs),
          putNew(table, newJobItem(accountId, job)),
          // The campaign's deletion marker fences new jobs out: a job ordered while a delete
          // sweeps the campaign would otherwise outlive it (ADR 0028). An update since the order
          // read the campaign fences it out too, and update_campaign is fenced by this job.
          campaignOrdered(table, accountId, { id: job.campaign_id, version: campaignVersion }, job.job_id),
        ],
      }),
    );
    return true;
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons[2] === 'ConditionalCheckFailed') {
      if (!(await getCampaign(deps, accountId, job.campaign_id)))
        throw new NotFoundError('campaign', job.campaign_id);
      throw new ConflictError('The campaign was updated while the order was placed; order again.');
    }
    if (reasons[1] === 'ConditionalCheckFailed') return 'exists';
    if (reasons[0] === 'ConditionalCheckFailed') return false;
    if (reasons.includes('TransactionConflict')) return 'conflict';
    throw error;
  }
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

/** A job on the open-jobs index: enough to find it again. */
export type OpenJob = { accountId: string; jobId: string; createdAt: string };

const openJobSchema: z.ZodType<OpenJob> = z
  .object({ account_id: z.string(), id: z.string(), created_at: z.string() })
  .transform((j) => ({ accountId: j.account_id, jobId: j.id, createdAt: j.created_at }));

/** Every job not yet final, across accounts (the sparse gsi2 `JOBS#open`). */
export async function listOpenJobs(deps: DbDeps): Promise<OpenJob[]> {
  return queryAll(deps.ddb, deps.config.tableName, keys.openJobs(), (item) =>
    jobEntity.fromItemAs(openJobSchema, item),
  );
}

/** Jobs of an account, or of one of its campaigns, newest first; optionally only those of one status. */
export function listJobs(
  deps: DbDeps,
  accountId: string,
  filter: { campaignId?: string | undefined; status?: JobStatus | undefined },
  page: PageRequest,
): Promise<Page<Job>> {
  const collection = filter.campaignId
    ? keys.jobsOfCampaign(accountId, filter.campaignId)
    : keys.jobsOfAccount(accountId);
  return queryPage(
    deps,
    collection,
    page,
    jobFromItem,
    filter.status
      ? {
          expression: '#status = :status',
          names: { '#status': 'status' },
          values: { ':status': filter.status },
        }
      : undefined,
  );
}

/** A campaign's jobs that are not final yet (pending or running). */
export function openJobsOfCampaign(deps: DbDeps, accountId: string, campaignId: string): Promise<Job[]> {
  return queryAll(deps.ddb, deps.config.tableName, keys.jobsOfCampaign(accountId, campaignId), jobFromItem, {
    expression: 'NOT #status IN (:c, :p, :x, :k)',
    names: { '#status': 'status' },
    values: Object.fromEntries(FINAL_JOB_STATUSES.map((s, i) => [[':c', ':p', ':x', ':k'][i], s])),
  });
}

/** An account's jobs that are not final yet (offboarding cancels them). */
export function openJobsOfAccount(deps: DbDeps, accountId: string): Promise<Job[]> {
  return queryAll(deps.ddb, deps.config.tableName, keys.jobsOfAccount(accountId), jobFromItem, {
    expression: 'NOT #status IN (:c, :p, :x, :k)',
    names: { '#status': 'status' },
    values: Object.fromEntries(FINAL_JOB_STATUSES.map((s, i) => [[':c', ':p', ':x', ':k'][i], s])),
  });
}

/** Every job of a campaign, whatever its status (a deletion sweep). */
export function jobsOfCampaign(deps: DbDeps, accountId: string, campaignId: string): Promise<Job[]> {
  return queryAll(deps.ddb, deps.config.tableName, keys.jobsOfCampaign(accountId, campaignId), jobFromItem);
}

const closingSchema = z.object({
  jobs: z.number().int().nonnegative(),
  succeeded: counter,
  failed: counter,
  cancelled: z.number().int().nonnegative().optional(),
  deleting_at: z.string().optional(),
});

/**
 * Closes a job for deletion (ADR 0029): in one transaction the job gets `deleting_at` (and leaves
 * the open-jobs index) and every credit it still holds (its pending count: images neither
 * settled nor cancelled, written or not) moves reserved → available. Conditional on the counters
 * read, so a settlement that lands first is retried around. From then on nothing can add a slot
 * to it or move its credits: every such write requires the job live (JOB_IS_LIVE), so a
 * dispatch still writing slots stops, a worker's late settlement fails cleanly, and a
 * cancellation finds nothing to release. Idempotent: a closed or missing job answers 0.
 * Answers how many credits it released.
 */
export async function closeJobForDeletion(deps: DbDeps, accountId: string, jobId: string): Promise<number> {
  const table = deps.config.tableName;
  return retryWithBackoff(
    async () => {
      const job = await getItem(deps, keys.jobById(accountId, jobId), (item) =>
        jobEntity.fromItemAs(closingSchema, item),
      );
      if (!job || job.deleting_at) return 0;
      const held = job.jobs - job.succeeded - job.failed - (job.cancelled ?? 0);
      try {
        await deps.ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: table,
                  Key: keys.jobById(accountId, jobId),
                  UpdateExpression: 'SET deleting_at = :now, updated_at = :now REMOVE gsi2pk, gsi2sk',
                  ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(deleting_at) AND succeeded = :s AND failed = :f AND ${
                    job.cancelled === undefined ? 'attribute_not_exists(cancelled)' : 'cancelled = :c'
                  }`,
                  ExpressionAttributeValues: {
                    ':now': deps.now().toISOString(),
                    ':s': job.succeeded,
                    ':f': job.failed,
                    ...(job.cancelled === undefined ? {} : { ':c': job.cancelled }),
                  },
                },
              },
              ...(held > 0 ? [ledger.release(table, accountId, held)] : []),
            ],
          }),
        );
        return held;
      } catch (error) {
        if (cancellationReasons(error).length === 0) throw error;
        // The counters moved (a settlement committed first) or a write was in flight: read again.
        return new Again(error);
      }
    },
    { ...TRANSACTION_CONFLICTS, maxAttempts: 20 },
  );
}

/**
 * Deletes a job's records: its creative pointers, then every item of its partition (slots,
 * shared-visual markers), then the job itself, last, so that a sweep interrupted part-way still
 * finds the job and finishes it.
 * Answers how many slots it deleted.
 */
export async function deleteJobRecords(deps: DbDeps, accountId: string, jobId: string): Promise<number> {
  const keyOf = (item: Record<string, unknown>): ItemKey => ({ pk: String(item.pk), sk: String(item.sk) });
  const slotItems = await queryAll(
    deps.ddb,
    deps.config.tableName,
    keys.slotsOfJob(accountId, jobId),
    (item) => ({
      key: keyOf(item),
      id: String(item.id),
    }),
  );
  const pointers = slotItems.map((s) => keys.creativeById(accountId, s.id));
  const visuals = await queryAll(
    deps.ddb,
    deps.config.tableName,
    keys.sharedVisualsOfJob(accountId, jobId),
    keyOf,
  );
  // Pointers before their slots: a sweep interrupted in between finds the slots again (and so
  // their pointers), while a pointer whose slot is gone could no longer be found.
  await batchDelete(deps, pointers);
  await batchDelete(deps, [...slotItems.map((s) => s.key), ...visuals]);
  await batchDelete(deps, [keys.jobById(accountId, jobId)]);
  return slotItems.length;
}
