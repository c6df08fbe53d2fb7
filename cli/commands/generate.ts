/** `adgen generate` (order a campaign's creatives, optionally wait and download) and `adgen regenerate`. */
import { join } from 'node:path';
import type { Command } from 'commander';
import { apiClient, optionsOf } from '../lib/config.ts';
import { downloadCreatives, downloadLines } from '../lib/download.ts';
import { EXIT } from '../lib/errors.ts';
import { integer, print, strip } from '../lib/output.ts';
import { progressLine } from '../lib/progress.ts';

export function register(program: Command): void {
  program
    .command('generate')
    .summary("order a campaign's creatives (--wait downloads them)")
    .description(
      "Orders the campaign's creatives (one job; its credits are reserved). The request carries an Idempotency-Key, so a retry after a lost answer never orders twice. --wait follows the job and downloads the PNGs to DIR (default creatives/<campaign id>).",
    )
    .argument('<campaign id>')
    .option('--wait', 'follow the job and download its PNGs')
    .option('--out <dir>', 'where --wait writes the PNGs (default creatives/<campaign id>)')
    .option('--timeout <seconds>', 'how long --wait waits (default 600)', integer)
    .action(async (campaign_id: string, _o, cmd: Command) => {
      const o = optionsOf<{ wait?: boolean; out?: string; timeout?: number }>(cmd);
      const out = o.output;
      const client = await apiClient(o);
      const started = await client.generateCreatives({ campaign_id });
      if (!o.wait) {
        print(
          out,
          started,
          () => `Job ${started.job_id}: ${started.jobs} images ordered. Follow it with --wait.`,
        );
        return;
      }
      const tty = process.stderr.isTTY === true && !out.json;
      let last = '';
      const controller = new AbortController();
      const onSigint = () => controller.abort(new Error('Interrupted.'));
      process.once('SIGINT', onSigint);
      let done: Awaited<ReturnType<typeof client.waitForCreatives>>;
      try {
        done = await client.waitForCreatives(started, {
          timeoutMs: (o.timeout ?? 600) * 1000,
          signal: controller.signal,
          intervalMs: 500,
          onProgress: ({ job, elapsedMs }) => {
            const line = progressLine(job, elapsedMs);
            if (tty) process.stderr.write(`\r${line}`);
            else if (
              !out.json &&
              line.replace(/, [\d.ms]+ \(/, ' (') !== last.replace(/, [\d.ms]+ \(/, ' (')
            ) {
              process.stderr.write(`${line}\n`);
            }
            last = line;
          },
        });
      } finally {
        process.off('SIGINT', onSigint);
        if (tty) process.stderr.write('\n');
      }
      const downloaded = await downloadCreatives(done.creatives, o.out ?? join('creatives', campaign_id));
      print(out, { job: done.job, folder: downloaded.folder, creatives: downloaded.files }, () => {
        const reasons = Object.entries(done.job.failure_reasons)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ');
        return [
          `Job ${done.job.job_id} ${done.job.status}: ${done.job.succeeded} of ${done.job.jobs} succeeded, ${done.job.failed} failed${reasons ? ` (${reasons})` : ''}.`,
          ...downloadLines(downloaded),
        ].join('\n');
      });
      if (done.job.status === 'failed') process.exitCode = EXIT.api;
    });

  program
    .command('regenerate')
    .summary('a new image for one creative (1 credit)')
    .description(
      "A new 1-image job for the creative's angle, ratio and campaign (1 credit); follow it with adgen jobs wait <job id> --download DIR.",
    )
    .argument('<creative id>')
    .option('--seed <n>', 'the seed of the new image', integer)
    .action(async (creative_id: string, _o, cmd: Command) => {
      const o = optionsOf<{ seed?: number }>(cmd);
      const r = await (await apiClient(o)).regenerateCreative(strip({ creative_id, seed: o.seed }));
      print(
        o.output,
        r,
        () =>
          `Job ${r.job_id}: 1 image, regenerated from ${r.regenerated_from} (adgen jobs wait ${r.job_id} --download DIR).`,
      );
    });
}
