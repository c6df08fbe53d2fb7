import * as z from 'zod';
import type { DbDeps } from '../../db/deps.ts';
import { keys } from '../../db/keys.ts';
import type { Page } from '../../db/pagination.ts';
import { type PageRequest, queryAll } from '../../db/query.ts';
import { getItem, queryPage } from '../../db/table.ts';
import { FINAL_JOB_STATUSES, type JobStatus } from '../../job-status.ts';
import { type Job, jobEntity, jobFromItem } from './entity.ts';

export function getJob(deps: DbDeps, accountId: string, jobId: string): Promise<Job | undefined> {
  return getItem(deps, keys.jobById(accountId, jobId), jobFromItem);
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
