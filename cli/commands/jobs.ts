/** `adgen jobs list|cancel|wait`: job control, each one call (or a poll) of the typed client. */
import type { Command } from 'commander';
import type { Inputs, Job } from '../../client/index.ts';
import { isFinalJobStatus, JOB_STATUSES } from '../../lambdas/core/job-status.ts';
import { apiClient, optionsOf } from '../lib/config.ts';
import { creativesOfJob } from '../lib/creatives.ts';
import { downloadCreatives, downloadLines } from '../lib/download.ts';
import { EXIT } from '../lib/errors.ts';
import { integer, print, strip } from '../lib/output.ts';

const STATUS_WIDTH = 16;

/** One line per job: id, status, counts, campaign. */
export function jobLine(job: Job): string {
  const counts = `${job.succeeded}/${job.jobs} succeeded, ${job.failed} failed, ${job.cancelled} cancelled`;
  return `${job.job_id}  ${job.status.padEnd(STATUS_WIDTH)}  ${counts}  campaign ${job.campaign_id}`;
}

export function register(program: Command): void {
  const jobs = program
    .command('jobs')
    .summary('your generation jobs (list, cancel, wait)')
    .description('Your generation jobs: list them, cancel one, or wait for one to finish.');

  jobs
    .command('list', { isDefault: true })
    .summary('your jobs, newest first')
    .option('--campaign <campaign id>', "only this campaign's jobs")
    .option('--status <status>', JOB_STATUSES.join(', '))
    .option('--limit <n>', 'at most this many', integer)
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<{ campaign?: string; status?: string; limit?: number }>(cmd);
      const input: Inputs['list_jobs'] = strip({
        campaign_id: o.campaign,
        status: o.status as Inputs['list_jobs']['status'],
        limit: o.limit,
      });
      const r = await (await apiClient(o)).listJobs(input);
      print(o.output, r, () => (r.jobs.length > 0 ? r.jobs.map(jobLine).join('\n') : 'No jobs.'));
    });

  jobs
    .command('cancel')
    .summary('cancel the images not started (their credits come back)')
    .description('Images not started are cancelled and their credits returned; running ones finish.')
    .argument('<job id>')
    .action(async (job_id: string, _o, cmd: Command) => {
      const o = optionsOf(cmd);
      const r = await (await apiClient(o)).cancelJob({ job_id });
      print(
        o.output,
        r,
        () =>
          `Job ${r.job.job_id} ${r.job.status}: ${r.credits_released} credits returned; ${r.job.cancelled} cancelled, ${r.job.pending} still running, ${r.job.succeeded} succeeded.`,
      );
    });

  jobs
    .command('wait')
    .summary('follow a job until it is final (exit 7 when it failed)')
    .description(
      'Follows the job until it is final and prints its counts (exit 7 when it failed). --download DIR then writes its PNGs to DIR.',
    )
    .argument('<job id>')
    .option('--timeout <seconds>', 'how long to wait (default 600)', integer)
    .option('--download <dir>', "write the job's PNGs to this folder once it is final")
    .action(async (job_id: string, _o, cmd: Command) => {
      const o = optionsOf<{ timeout?: number; download?: string }>(cmd);
      const client = await apiClient(o);
      let last = '';
      const job = await client.waitForJob(job_id, {
        timeoutMs: (o.timeout ?? 600) * 1000,
        intervalMs: 500,
        onProgress: ({ job: current }) => {
          const line = jobLine(current);
          // The final line is the result, printed once below on stdout.
          if (!o.output.json && line !== last && !isFinalJobStatus(current.status)) {
            process.stderr.write(`${line}\n`);
          }
          last = line;
        },
      });
      const downloaded =
        o.download === undefined
          ? undefined
          : await downloadCreatives(await creativesOfJob(client, job), o.download);
      print(
        o.output,
        downloaded ? { job, folder: downloaded.folder, creatives: downloaded.files } : { job },
        () => [jobLine(job), ...(downloaded ? downloadLines(downloaded) : [])].join('\n'),
      );
      if (job.status === 'failed') process.exitCode = EXIT.api;
    });
}
