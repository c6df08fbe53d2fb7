/**
 * `adgen export --campaign <id> --out <dir>`: starts export_campaign, waits for it, downloads the
 * ZIP and unpacks it into the folder (ADR 0046): the PNGs, meta_ads_bulk.csv,
 * google_ads_editor.csv and manifest.json side by side, as the ad managers' importers take them.
 * --zip keeps the ZIP as it is instead.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { unzipSync } from 'fflate';
import { AdgenError, type CampaignExport } from '../../client/index.ts';
import { apiClient, optionsOf } from '../lib/config.ts';
import { EXIT } from '../lib/errors.ts';
import { integer, print } from '../lib/output.ts';

/** An export's entries are flat, plain names (the builder makes them so); anything else is refused. */
const SAFE_NAME = /^[\w][\w.-]*$/;

async function download(url: string): Promise<Uint8Array> {
  const res = await fetch(url).catch((error: Error) => {
    throw new AdgenError('network_error', 0, `Could not download the export: ${error.message}`);
  });
  if (!res.ok)
    throw new AdgenError('internal_error', res.status, `Downloading the export answered ${res.status}.`);
  return new Uint8Array(await res.arrayBuffer());
}

/** Writes the ZIP's files into `folder`; answers their names. */
async function unpack(zip: Uint8Array, folder: string): Promise<string[]> {
  const entries = unzipSync(zip);
  const names = Object.keys(entries);
  const unsafe = names.find((n) => !SAFE_NAME.test(n));
  if (unsafe !== undefined) {
    throw new AdgenError('invalid_response', 0, `The export holds an unexpected entry name: ${unsafe}`);
  }
  for (const name of names) await writeFile(join(folder, name), entries[name] as Uint8Array);
  return names.sort();
}

const counts = (e: CampaignExport) =>
  `${e.creatives} PNGs, ${e.meta_rows} Meta rows, ${e.google_rows} Google rows`;

export function register(program: Command): void {
  program
    .command('export')
    .summary("a campaign's approved creatives as files for Meta Ads Manager and Google Ads Editor")
    .description(
      "Exports a campaign's approved creatives (--all: every finished one) and writes them to --out: the PNGs named by platform, ratio and angle, meta_ads_bulk.csv, google_ads_editor.csv and manifest.json, unpacked (--zip: the ZIP as it is). Waits for the export (exit 7 when it failed).",
    )
    .requiredOption('--campaign <campaign id>', 'the campaign to export')
    .option('--out <dir>', 'the folder (default exports/<campaign id>)')
    .option('--all', 'every finished creative, not only the approved ones')
    .option('--zip', 'save the ZIP itself (<export id>.zip) instead of unpacking it')
    .option('--timeout <seconds>', 'how long to wait (default 600)', integer)
    .action(async (_o, cmd: Command) => {
      const o = optionsOf<{ campaign: string; out?: string; all?: boolean; zip?: boolean; timeout?: number }>(
        cmd,
      );
      const client = await apiClient(o);
      const started = await client.exportCampaign({
        campaign_id: o.campaign,
        include: o.all ? 'all' : 'approved',
      });
      const done = await client.waitForExport(started.export.id, {
        timeoutMs: (o.timeout ?? 600) * 1000,
        intervalMs: 500,
        onProgress: (e) => {
          if (!o.output.json && e.status !== 'succeeded' && e.status !== 'failed') {
            process.stderr.write(`Export ${e.id} ${e.status}\n`);
          }
        },
      });
      if (done.status === 'failed' || !done.download_url) {
        print(
          o.output,
          { export: done },
          () => `Export ${done.id} failed: ${done.failure_reason ?? 'no reason given'}`,
        );
        process.exitCode = EXIT.api;
        return;
      }
      const folder = resolve(o.out ?? join('exports', o.campaign));
      await mkdir(folder, { recursive: true });
      const zip = await download(done.download_url);
      const files = o.zip
        ? await writeFile(join(folder, `${done.id}.zip`), zip).then(() => [`${done.id}.zip`])
        : await unpack(zip, folder);
      print(o.output, { export: done, folder, files }, () =>
        [`Export ${done.id}: ${counts(done)} in ${folder}`, ...files.map((f) => `  ${f}`)].join('\n'),
      );
    });
}
