/** Which creatives a `--campaign <id>` or `--job <id>` selection names (creatives list|download, jobs wait --download). */
import type { AdgenClient, Creative, Inputs } from '../../client/index.ts';
import { UsageError } from './errors.ts';

export type CreativeStatus = NonNullable<Inputs['list_creatives']['status']>;
export const CREATIVE_STATUSES: readonly CreativeStatus[] = ['succeeded', 'pending', 'failed', 'all'];

/** Every creative of a job (all pages of its campaign, kept to the job). */
export async function creativesOfJob(
  client: AdgenClient,
  job: { job_id: string; campaign_id: string },
  status: CreativeStatus = 'succeeded',
): Promise<Creative[]> {
  return (await client.allCreatives(job.campaign_id, status)).filter((c) => c.job_id === job.job_id);
}

/** Exactly one of --campaign and --job, resolved to the campaign (and job) it names. */
export async function selectCreatives(
  client: AdgenClient,
  by: { campaign?: string; job?: string },
  status: CreativeStatus = 'succeeded',
): Promise<{ campaign_id: string; job_id?: string; creatives: Creative[] }> {
  if ((by.campaign === undefined) === (by.job === undefined)) {
    throw new UsageError('Give one of --campaign <campaign id> or --job <job id>.');
  }
  if (by.campaign !== undefined) {
    return { campaign_id: by.campaign, creatives: await client.allCreatives(by.campaign, status) };
  }
  const { job } = await client.getJob({ job_id: by.job as string });
  return {
    campaign_id: job.campaign_id,
    job_id: job.job_id,
    creatives: await creativesOfJob(client, job, status),
  };
}
