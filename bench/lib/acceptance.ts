import { IMPORT_BUDGET_MS } from './bundle.ts';
import type { Results } from './results.ts';

/** The hot paths held to their DynamoDB floor (issue 15). */
export const HOT_PATHS = ['list_clients', 'list_campaigns', 'create_campaign', 'list_creatives'] as const;
export const HOT_PATH_RATIO_SEQUENTIAL = 1.5;
export const HOT_PATH_RATIO_CONCURRENT = 2;
export const RENDERER_BUDGET_MS = { '1080x1080': 150, '1080x1920': 250 } as const;
export const PIPELINE_MIN_RATIO = 0.8;
/** The worker's memory must leave this share over the worst measured peak RSS. */
export const WORKER_HEADROOM = 0.3;

export type AcceptanceRow = {
  goal: string;
  budget: string;
  /** The measured figure, as shown; '–' when the run did not measure it. */
  value: string;
  pass: boolean | undefined;
  /** The bench section the figure comes from. */
  section: string;
};

const fmt = (v: number, digits = 2) =>
  Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: digits }) : '–';
const row = (
  section: string,
  goal: string,
  budget: string,
  v: number | undefined,
  ok: (v: number) => boolean,
  unit = '',
) =>
  ({
    section,
    goal,
    budget,
    value: v === undefined || !Number.isFinite(v) ? '–' : `${fmt(v)}${unit}`,
    pass: v === undefined || !Number.isFinite(v) ? undefined : ok(v),
  }) satisfies AcceptanceRow;

/** Every goal of issue 15, from one results.json: the figure, its budget, pass or fail. */
export function acceptanceRows(r: Partial<Results>): AcceptanceRow[] {
  const rows: AcceptanceRow[] = [];
  const b = r.bundle;
  rows.push(
    row(
      'bundle',
      'router import in a fresh process, over `node -e 0` (same run, interleaved, medians)',
      `≤ ${IMPORT_BUDGET_MS} ms`,
      b?.import_over_baseline_ms,
      (v) => v <= IMPORT_BUDGET_MS,
      ' ms',
    ),
  );
  if (b) {
    const clean =
      b.renderer_strings_found.length + b.renderer_inputs_found.length + (b.nlp_inputs_found?.length ?? 0) ===
        0 && (b.cold_path_forbidden_found?.length ?? 0) === 0;
    rows.push({
      section: 'bundle',
      goal: 'router bundle: no renderer, no NLP library; cold path without other actions’ needs',
      budget: 'none found',
      value: clean
        ? 'none'
        : [...b.renderer_inputs_found, ...(b.nlp_inputs_found ?? []), ...(b.cold_path_forbidden_found ?? [])]
            .slice(0, 3)
            .join(', '),
      pass: clean,
    });
  }
  for (const action of HOT_PATHS) {
    const ratio = r.router?.ratios[action];
    rows.push(
      row(
        'router',
        `\`${action}\` p50 / its DynamoDB floor, sequential`,
        `≤ ${HOT_PATH_RATIO_SEQUENTIAL}`,
        ratio?.p50_sequential,
        (v) => v <= HOT_PATH_RATIO_SEQUENTIAL,
        '×',
      ),
    );
    rows.push(
      row(
        'router',
        `\`${action}\` p50 / its DynamoDB floor, concurrency ${r.router?.concurrency ?? 16}`,
        `≤ ${HOT_PATH_RATIO_CONCURRENT}`,
        ratio?.p50_concurrent,
        (v) => v <= HOT_PATH_RATIO_CONCURRENT,
        '×',
      ),
    );
  }
  rows.push(
    row(
      'presign',
      'presigning 50 URLs (cached signer, median)',
      `< ${r.presign?.budget_ms ?? 2} ms`,
      r.presign?.page_ms.cached_signer.median,
      (v) => v < (r.presign?.budget_ms ?? 2),
      ' ms',
    ),
  );
  for (const [size, budget] of Object.entries(RENDERER_BUDGET_MS)) {
    rows.push(
      row(
        'renderer',
        `renderer p50 at ${size.replace('x', '×')}, one core`,
        `≤ ${budget} ms`,
        r.renderer?.sizes[size]?.ms_per_creative.median,
        (v) => v <= budget,
        ' ms',
      ),
    );
  }
  rows.push(
    row(
      'stack',
      'pipeline with 1 worker / renderer ceiling',
      `≥ ${PIPELINE_MIN_RATIO}`,
      r.pipeline?.by_workers['1']?.ratio_to_ceiling,
      (v) => v >= PIPELINE_MIN_RATIO,
    ),
  );
  const wm = r.worker_memory;
  rows.push({
    section: 'stack',
    goal: 'worker memory over its worst measured peak RSS per image',
    budget: `≥ ${WORKER_HEADROOM * 100}% headroom`,
    value: wm?.memory_mb ? `${fmt(wm.worst_peak_mb, 0)} MB peak in ${fmt(wm.memory_mb, 0)} MB` : '–',
    pass: wm?.memory_mb ? wm.memory_mb >= wm.worst_peak_mb * (1 + WORKER_HEADROOM) : undefined,
  });
  return rows;
}

/** The acceptance table in Markdown (results.md and the README's block). */
export function renderAcceptance(r: Partial<Results>): string[] {
  const lines = [
    '| goal (issue 15) | budget | measured | result | measured on (load average) |',
    '|---|---|---|---|---|',
  ];
  for (const a of acceptanceRows(r)) {
    // The router's figures also come with a full run (section `stack`).
    const run = r.section_runs?.[a.section] ?? (a.section === 'router' ? r.section_runs?.stack : undefined);
    const when = run
      ? `${run.at.slice(0, 10)} (${run.load_average_1m_at_start})`
      : `${r.date?.slice(0, 10) ?? '?'} (${r.machine?.load_average_1m_at_start ?? '?'})`;
    lines.push(
      `| ${a.goal} | ${a.budget} | ${a.value} | ${a.pass === undefined ? 'not measured' : a.pass ? 'pass' : '**FAIL**'} | ${when} |`,
    );
  }
  return lines;
}

export const README_START = '<!-- bench:acceptance:start -->';
export const README_END = '<!-- bench:acceptance:end -->';

/**
 * The README's benchmark block (between the two markers) rewritten from the results: the
 * acceptance table, dated, with the machine's load. Text outside the markers is kept as it is.
 */
export function withReadmeBlock(readme: string, r: Partial<Results>): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) throw new Error(`README has no ${README_START} … ${README_END} block`);
  const when = r.date ? r.date.slice(0, 10) : 'unknown date';
  const partial = r.partial_update ? '; some sections re-run since with `--only`, dated per row' : '';
  const block = [
    README_START,
    `From \`npm run bench\` of ${when} (${r.machine?.cores ?? '?'} cores, Node ${r.machine?.node ?? '?'}, load average ${r.machine?.load_average_1m_at_start ?? '?'} at the start${partial}); written by the bench from \`bench/results.json\`:`,
    '',
    ...renderAcceptance(r),
    README_END,
  ].join('\n');
  return readme.slice(0, start) + block + readme.slice(end + README_END.length);
}
