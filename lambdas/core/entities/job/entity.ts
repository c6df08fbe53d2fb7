import * as z from 'zod';
import { defineEntity } from '../../db/entity.ts';
import { inCollection, keys } from '../../db/keys.ts';
import { nullableNumber, nullableString, stringList } from '../../db/zod-fields.ts';
import { JOB_STATUSES, type JobStatus } from '../../job-status.ts';

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

export const counter = z.number().int().nonnegative().default(0);

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

/** `planned` until all its slots exist and were enqueued (or failed), then `dispatched`. */
export type DispatchState = 'planned' | 'dispatched';
