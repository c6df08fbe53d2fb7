/** `adgen creatives list|download --campaign <id>|--job <id>`: the images of a campaign or a job. */
import { join } from 'node:path';
import type { Command } from 'commander';
import type { Creative } from '../../client/index.ts';
import { apiClient, optionsOf } from '../lib/config.ts';
import { CREATIVE_STATUSES, type CreativeStatus, selectCreatives } from '../lib/creatives.ts';
import { downloadCreatives, downloadLines } from '../lib/download.ts';
import { UsageError } from '../lib/errors.ts';
import { print, rows } from '../lib/output.ts';

type Selection = { campaign?: string; job?: string };

const creativeLine = (c: Creative) =>
  `${c.id}  ${c.status.padEnd(9)}  ${c.aspect_ratio.padEnd(5)}  ${c.width ?? '-'}x${c.height ?? '-'}  angle ${c.angle_id ?? '-'}  job ${c.job_id}`;

function status(value: string | undefined): CreativeStatus {
  if (value === undefined) return 'succeeded';
  if (!(CREATIVE_STATUSES as readonly string[]).includes(value)) {
    throw new UsageError(`--status must be one of ${CREATIVE_STATUSES.join(', ')}, not '${value}'.`);
  }
  return value as CreativeStatus;
}

function selecting(cmd: Command): Command {
  return cmd
    .option('--campaign <campaign id>', "the campaign's creatives")
    .option('--job <job id>', "one job's creatives (e.g. of adgen regenerate)");
}

export function register(program: Command): void {
  const creatives = program
    .command('creatives')
    .summary('the images of a campaign or a job (list, download)')
    .description(
      'The creatives (images) of a campaign (--campaign ID) or of one job (--job ID): list them, or download their PNGs. Their image URLs are presigned and expire; download fetches fresh ones.',
    );

  selecting(
    creatives.command('list', { isDefault: true }).summary('creatives with status, ratio, size, angle'),
  )
    .option('--status <status>', `${CREATIVE_STATUSES.join(', ')} (default succeeded)`)
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<Selection & { status?: string }>(cmd);
      const r = await selectCreatives(await apiClient(o), o, status(o.status));
      print(o.output, { creatives: r.creatives }, () => rows(r.creatives.map(creativeLine), 'No creatives.'));
    });

  selecting(creatives.command('download').summary('write every succeeded PNG to a folder'))
    .option('--out <dir>', 'the folder (default creatives/<campaign id>)')
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<Selection & { out?: string }>(cmd);
      const r = await selectCreatives(await apiClient(o), o);
      const downloaded = await downloadCreatives(r.creatives, o.out ?? join('creatives', r.campaign_id));
      print(o.output, { folder: downloaded.folder, creatives: downloaded.files }, () =>
        downloadLines(downloaded).join('\n'),
      );
    });
}
