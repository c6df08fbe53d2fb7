/**
 * `adgen jobs list | cancel | wait`: job control from the command line, each one call (or a
 * poll) of the typed client. Kept beside adgen.ts so the command table there grows by one line.
 */
import type { AdgenClient, Inputs, Job } from '../client/index.ts';

export const JOBS_HELP = `adgen jobs list [--campaign ID] [--status S] [--limit N] | jobs cancel <job id> | jobs wait <job id> [--timeout SECONDS]

list: your jobs, newest first (one campaign's with --campaign; --status pending, running, completed,
partially_failed, failed or cancelled). cancel: images not started are cancelled and their credits
returned; running ones finish. wait: follows the job until it is final and prints its counts (exit 7
when it failed).`;

export type JobsFlags = {
  campaign?: string;
  status?: string;
  limit?: number;
  timeoutS?: number;
  json: boolean;
};
export type JobsIo = {
  print(result: unknown, human: () => string): void;
  progress(line: string): void;
  usage(message: string): Error;
};

const STATUS_WIDTH = 16;

/** One line per job: id, status, counts, campaign. */
export function jobLine(job: Job): string {
  const counts = `${job.succeeded}/${job.jobs} succeeded, ${job.failed} failed, ${job.cancelled} cancelled`;
  return `${job.job_id}  ${job.status.padEnd(STATUS_WIDTH)}  ${counts}  campaign ${job.campaign_id}`;
}

export async function runJobs(
  client: AdgenClient,
  sub: string | undefined,
  args: string[],
  flags: JobsFlags,
  io: JobsIo,
): Promise<number> {
  if (sub === 'list' || sub === undefined) {
    const input: Inputs['list_jobs'] = {
      ...(flags.campaign ? { campaign_id: flags.campaign } : {}),
      ...(flags.status ? { status: flags.status as NonNullable<Inputs['list_jobs']['status']> } : {}),
      ...(flags.limit === undefined ? {} : { limit: flags.limit }),
    };
    const r = await client.listJobs(input);
    io.print(r, () => (r.jobs.length > 0 ? r.jobs.map(jobLine).join('\n') : 'No jobs.'));
    return 0;
  }
  const job_id = args[0];
  if (!job_id) throw io.usage(`Missing the job id (adgen jobs ${sub} <job id>).`);
  if (sub === 'cancel') {
    const r = await client.cancelJob({ job_id });
    io.print(
      r,
      () =>
        `Job ${r.job.job_id} ${r.job.status}: ${r.credits_released} credits returned; ${r.job.cancelled} cancelled, ${r.job.pending} still running, ${r.job.succeeded} succeeded.`,
    );
    return 0;
  }
  if (sub === 'wait') {
    let last = '';
    const job = await client.waitForJob(job_id, {
      timeoutMs: (flags.timeoutS ?? 600) * 1000,
      intervalMs: 500,
      onProgress: ({ job: current }) => {
        const line = jobLine(current);
        if (!flags.json && line !== last) io.progress(line);
        last = line;
      },
    });
    io.print({ job }, () => jobLine(job));
    return job.status === 'failed' ? 7 : 0;
  }
  throw io.usage(`Unknown jobs command '${sub}': list, cancel or wait.`);
}
