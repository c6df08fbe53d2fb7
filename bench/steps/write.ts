/** results.json, results.md and the README's table, from a run's sections. */
import { readFile, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { withReadmeBlock } from '../lib/acceptance.ts';
import { renderMarkdown } from '../lib/report.ts';
import type { Results } from '../lib/results.ts';
import { type BenchContext, log, SECTIONS, scale, started } from './context.ts';

const RESULTS_JSON = new URL('../results.json', import.meta.url);
const RESULTS_MD = new URL('../results.md', import.meta.url);
const README = new URL('../../README.md', import.meta.url);

/** Writes the run's results (merged into the earlier ones on `--only`); 1 when this run failed. */
export async function writeResults(
  ctx: BenchContext,
  sections: Omit<Partial<Results>, 'date' | 'machine' | 'scale' | 'duration_s' | 'failures'>,
): Promise<number> {
  const { only, previous, loadAtStart } = ctx;
  // Sections first: a partial run's earlier results must not override what this run decides.
  const results = {
    ...sections,
    date: new Date().toISOString(),
    machine: {
      cores: ctx.cores,
      cpu: cpus()[0]?.model.trim() ?? 'unknown',
      arch: process.arch,
      platform: process.platform,
      node: process.version,
      load_average_1m_at_start: loadAtStart,
    },
    scale,
    duration_s: only ? (previous.duration_s ?? 0) : Math.round((Date.now() - started) / 1000),
    // When each section's figures were measured, and how busy the machine was then.
    section_runs: {
      ...(only ? (previous.section_runs ?? {}) : {}),
      ...Object.fromEntries(
        [...(only ?? SECTIONS)].map((section) => [
          section,
          { at: new Date().toISOString(), load_average_1m_at_start: loadAtStart, scale },
        ]),
      ),
    },
    ...(only
      ? {
          partial_update: {
            sections: [...only],
            at: new Date().toISOString(),
            load_average_1m_at_start: loadAtStart,
          },
        }
      : {}),
    failures: Object.values(ctx.sectionFailures).flat(),
    failures_by_section: ctx.sectionFailures,
  } as Results;
  if (only && previous.date) results.date = previous.date;
  // The full run's machine line stays the full run's (a partial run records its own load apart).
  if (only && previous.machine) results.machine = previous.machine;
  await writeFile(RESULTS_JSON, `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(RESULTS_MD, renderMarkdown(results));
  await writeReadme(results);
  log(
    `wrote bench/results.json, bench/results.md and the README's table in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  for (const f of ctx.failures) log(`FAILED: ${f}`);
  return ctx.failures.length > 0 ? 1 : 0;
}

/** The README's benchmark table (between its markers), from the results. */
async function writeReadme(results: Results): Promise<void> {
  await writeFile(README, withReadmeBlock(await readFile(README, 'utf8'), results));
}

/** `tsx bench/run.ts --markdown`: rewrites results.md from results.json (no measuring). */
export async function markdownOnly(): Promise<number> {
  const results = JSON.parse(await readFile(RESULTS_JSON, 'utf8')) as Results;
  await writeFile(RESULTS_MD, renderMarkdown(results));
  await writeReadme(results);
  log('rewrote bench/results.md and the README table from bench/results.json');
  return 0;
}
