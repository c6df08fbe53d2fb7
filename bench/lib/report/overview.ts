import { renderAcceptance } from '../acceptance.ts';
import type { Results } from '../results.ts';
import type { Emit } from './format.ts';
import { num } from './format.ts';

/** Title, the machine and the run, the status, how to read the figures. */
export function overview(r: Results, p: Emit): void {
  const day = r.date.slice(0, 10);
  p('# adgen benchmarks');
  p();
  p(
    `Run of ${day} on ${r.machine.cores} cores (${r.machine.cpu}, ${r.machine.platform}/${r.machine.arch}), Node ${r.machine.node}${r.machine.load_average_1m_at_start !== undefined ? `, load average ${r.machine.load_average_1m_at_start} at the start` : ''}; ` +
      `the whole bench took ${r.duration_s} s${r.scale !== 1 ? ` at BENCH_SCALE=${r.scale}` : ''}. ` +
      `Written by \`npm run bench\` ([bench/run.ts](run.ts)); the raw numbers are in [results.json](results.json).`,
  );
  p();
  p(
    r.failures.length === 0
      ? '**Status: pass** (router bundle under 1.2 MB without the renderer or an NLP library, its import within twice the 100 ms budget; presigning 50 URLs under 2 ms; the ledger exact after the contention run; every image of every batch made and fetched).'
      : `**Status: FAILED** — ${r.failures.join('; ')}`,
  );
  p();
  p(
    'Every figure reads **min / median / p99 / max over repeated runs** (the number of runs is given per section; with few runs p99 is the largest run or next to it). ' +
      'Everything runs on this one machine: the emulators (DynamoDB Local is a JVM), the HTTP front with the real router handler, the workers and the load client share its cores, so absolute numbers are local ones, not AWS ones; the ratios are the point.',
  );
  p();
}

/** The goals of the performance issue, from the figures. */
export function acceptance(r: Results, p: Emit): void {
  p('## Acceptance (issue 15)');
  p();
  p(
    'Every goal of the performance issue, from this file’s figures. On a loaded machine the absolute times move; the ratios are measured side by side in the same run.',
  );
  p();
  for (const line of renderAcceptance(r)) p(line);
  p();
}

/** The ratios that matter, and which sections a partial run re-measured. */
export function headlineRatios(r: Results, p: Emit): void {
  const w1 = r.pipeline.by_workers['1'];
  const w2 = r.pipeline.by_workers['2'];
  p('## Headline ratios');
  p();
  p('| ratio | value |');
  p('|---|---|');
  for (const [name, v] of Object.entries(r.router.ratios)) {
    p(
      `| router p50 / floor p50, \`${name}\`, sequential · concurrency ${r.router.concurrency} | ${v.p50_sequential}× · ${v.p50_concurrent}× |`,
    );
  }
  for (const [name, v] of Object.entries(r.router.ratios)) {
    p(
      `| floor throughput / router throughput, \`${name}\`, concurrency ${r.router.concurrency} | ${v.throughput_concurrent}× |`,
    );
  }
  if (w1) p(`| pipeline / renderer ceiling, 1 worker | ${w1.ratio_to_ceiling} |`);
  if (w2)
    p(
      `| pipeline / renderer ceiling, 2 workers (ceiling × min(workers, cores)) | ${w2.ratio_to_ceiling} (${w2.ratio_to_one_core_ceiling} of one core's) |`,
    );
  p(`| pipeline, 2 workers / 1 worker | ${r.pipeline.speedup_2_over_1}× |`);
  p(
    `| list_creatives first page, 10,000 creatives / 1,000 creatives | ${r.scaling.growth_10000_over_1000}× |`,
  );
  p(
    `| list_creatives, page of 100 / page of 10 (10,000 creatives) | ${r.scaling.growth_page_100_over_10}× |`,
  );
  p(
    `| router bundle import / \`node -e 0\` (medians) | ${num(r.bundle.import_ms.median / r.bundle.node_e_0_ms.median, 2)}× (+${r.bundle.import_over_baseline_ms} ms) |`,
  );
  if (r.presign) {
    p(
      `| presigning 50 URLs, cached signer (budget < ${r.presign.budget_ms} ms) · getSignedUrl | ${r.presign.page_ms.cached_signer.median} ms · ${r.presign.page_ms.sdk_get_signed_url.median} ms |`,
    );
  }
  if (r.first_request) {
    p(
      `| first request after import / warm, \`list_clients\` (medians) | ${r.first_request.list_clients_cold_ms.median} ms / ${r.first_request.list_clients_warm_ms.median} ms |`,
    );
  }
  p();
  if (r.partial_update) {
    p(
      `Sections ${r.partial_update.sections.map((x) => `\`${x}\``).join(', ')} were re-run on ${r.partial_update.at.slice(0, 10)} (\`--only\`${r.partial_update.load_average_1m_at_start !== undefined ? `, load average ${r.partial_update.load_average_1m_at_start} at the start` : ''}); the others are from the run above.`,
    );
    p();
  }
}
