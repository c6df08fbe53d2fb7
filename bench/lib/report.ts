import { renderAcceptance } from './acceptance.ts';
import type { BundleResult } from './bundle.ts';
import type { CopyBenchResult } from './copy.ts';
import type { CostScenario } from './cost.ts';
import type { FirstRequestResult } from './first-request.ts';
import type { LedgerResult } from './ledger.ts';
import type { PresignResult } from './presign.ts';
import type { RendererResult, SmartCutResult, WorkerMemoryResult } from './renderer.ts';
import type { RouterResult, ScalingResult } from './router.ts';
import type { Figure, LoadFigures } from './stats.ts';

export type Results = {
  date: string;
  machine: {
    cores: number;
    cpu: string;
    arch: string;
    platform: string;
    node: string;
    /** The machine's 1-minute load average when the run started (absent in older results). */
    load_average_1m_at_start?: number;
  };
  scale: number;
  duration_s: number;
  failures: string[];
  /** Which section each failure came from (so a partial run can replace its own). */
  failures_by_section?: Record<string, string[]>;
  /** Set when `--only` re-ran some sections into an earlier run's results. */
  partial_update?: { sections: string[]; at: string; load_average_1m_at_start?: number };
  /** When each section was last measured (full or `--only` run), with the machine's load then. */
  section_runs?: Record<string, { at: string; load_average_1m_at_start: number; scale: number }>;
  bundle: BundleResult;
  /** The offline text engine (absent in runs before it was measured). */
  copy?: CopyBenchResult;
  presign?: PresignResult;
  ledger?: LedgerResult;
  first_request?: FirstRequestResult;
  renderer: RendererResult;
  /** The Bedrock path from a stored model visual (absent in older runs). */
  smart_cut?: SmartCutResult;
  /** Peak RSS per image, per path and ratio (absent in older runs). */
  worker_memory?: WorkerMemoryResult;
  router: RouterResult;
  scaling: ScalingResult;
  pipeline: {
    images_per_batch: number;
    ratios: string;
    by_workers: Record<
      string,
      {
        workers: number;
        creatives_per_min: Figure;
        total_s: Figure;
        dispatch_ms: Figure;
        worker_ms_per_image_p50: number;
        worker_ms_per_image_p99: number;
        failed: number;
        pngs_verified: number;
        images: number;
        /** Renderer ceiling for this many workers: one core's ceiling × min(workers, cores). */
        ceiling_per_min: number;
        ratio_to_ceiling: number;
        ratio_to_one_core_ceiling: number;
      }
    >;
    speedup_2_over_1: number;
    calls_per_image: Record<string, { calls: number; failed: number; table_cu: number; index_cu: number }>;
    /** Where one image's worker time goes, in the 1-worker runs (absent in older runs). */
    stages_one_worker?:
      | { images: number; stages: { stage: string; ms: Figure; share: number }[] }
      | undefined;
  };
  cost: {
    prices: { asOf: string; modelFeePerCall?: number };
    scenarios: CostScenario[];
    dynamo: { wru: number; rru: number };
    input: { items: Record<string, number>; settings: { routerMb: number; workerMb: number } };
  };
};

const num = (v: number, digits = 1) =>
  Number.isFinite(v)
    ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })
    : '–';
const fig = (f: Figure, digits = 1) =>
  `${num(f.min, digits)} / **${num(f.median, digits)}** / ${num(f.p99, digits)} / ${num(f.max, digits)}`;
const usd = (v: number) => (v < 0.01 ? `$${v.toFixed(5)}` : `$${v.toFixed(3)}`);

function loadRow(label: string, mode: string, f: LoadFigures) {
  return `| ${label} | ${mode} | ${fig(f.p50_ms, 2)} | ${fig(f.p99_ms, 2)} | ${fig(f.throughput_rps, 0)} | ${f.requests}${f.errors ? ` (${f.errors} errors)` : ''} |`;
}

/** The readable twin of results.json. */
export function renderMarkdown(r: Results): string {
  const day = r.date.slice(0, 10);
  const out: string[] = [];
  const p = (line = '') => out.push(line);
  const w1 = r.pipeline.by_workers['1'];
  const w2 = r.pipeline.by_workers['2'];
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
      ? '**Status: pass** (router bundle under 1 MB without the renderer or an NLP library, its import within twice the 100 ms budget; presigning 50 URLs under 2 ms; the ledger exact after the contention run; every image of every batch made and fetched).'
      : `**Status: FAILED** — ${r.failures.join('; ')}`,
  );
  p();
  p(
    'Every figure reads **min / median / p99 / max over repeated runs** (the number of runs is given per section; with few runs p99 is the largest run or next to it). ' +
      'Everything runs on this one machine: the emulators (DynamoDB Local is a JVM), the HTTP front with the real router handler, the workers and the load client share its cores, so absolute numbers are local ones, not AWS ones; the ratios are the point.',
  );
  p();

  p('## Acceptance (issue 15)');
  p();
  p(
    'Every goal of the performance issue, from this file’s figures. On a loaded machine the absolute times move; the ratios are measured side by side in the same run.',
  );
  p();
  for (const line of renderAcceptance(r)) p(line);
  p();

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

  const runs = r.router.actions.list_clients?.sequential.p50_ms.runs.length ?? 0;
  p('## 1. Router over HTTP, next to the DynamoDB floor');
  p();
  p(
    `POST to the local HTTP front (the same handler as the Lambda), keep-alive, from a separate load-client process; sequential and at concurrency ${r.router.concurrency}; ${runs} runs each, interleaved across actions. ` +
      'Latency is per request at the client; throughput is requests completed over the run’s wall time. ' +
      'Each action’s floor is the DynamoDB calls it must make (the authentication GetItem, then its own reads and writes, in its order), made through the router’s own SDK client by the same HTTP front, for the same request from the same load client: the ratio is what the router adds. ' +
      'Sequentially the action’s requests and its floor’s alternate one by one; at concurrency each fills the slots alone, back to back with the other, in alternating order from run to run.',
  );
  p();
  p('| what | mode | p50 ms | p99 ms | throughput req/s | requests |');
  p('|---|---|---|---|---|---|');
  for (const [name, a] of Object.entries(r.router.actions)) {
    p(loadRow(`\`${name}\``, 'sequential', a.sequential));
    p(loadRow(`\`${name}\``, `concurrency ${r.router.concurrency}`, a.concurrent));
  }
  for (const [name, f] of Object.entries(r.router.floors)) {
    p(loadRow(`floor: ${name}`, 'sequential', f.sequential));
    p(loadRow(`floor: ${name}`, `concurrency ${r.router.concurrency}`, f.concurrent));
  }
  p();
  for (const [name, a] of Object.entries(r.router.actions)) {
    p(`- \`${name}\`: ${a.note}; handler time alone (what Lambda bills) p50 ${a.handler_ms_p50} ms.`);
  }
  for (const [name, f] of Object.entries(r.router.floors)) p(`- floor ${name}: ${f.note}.`);
  p();

  const b = r.bundle;
  p('## 2. Router bundle');
  p();
  p(
    `\`${b.entry}\` bundled with esbuild as the stack does (lib/router-bundle.ts: split into \`index.mjs\` and a chunk per action, the HTTP/1.1 SDK clients without the HTTP/2 handler, over \`DEFAULT_BUNDLING\`: minified ESM for node24, mainFields module,main, the createRequire banner), built in ${b.build_ms} ms.`,
  );
  p();
  p('| | value |');
  p('|---|---|');
  p(`| minified size, all chunks | ${num(b.bytes, 0)} B (limit 1,000,000) |`);
  if (b.cold_path_bytes !== undefined) {
    p(
      `| cold path: \`index.mjs\` and the chunks it imports statically | ${num(b.cold_path_bytes, 0)} B in ${b.cold_path_files} files (${b.chunks} chunks in all) |`,
    );
  }
  p(`| gzip -9 | ${num(b.gzip_bytes, 0)} B |`);
  p(`| source maps (separate files) | ${num(b.sourcemap_bytes, 0)} B |`);
  p(
    `| renderer inside (\`resvg\`/\`satori\` strings, renderer modules among the inputs) | ${b.renderer_strings_found.length + b.renderer_inputs_found.length === 0 ? 'none' : [...b.renderer_strings_found, ...b.renderer_inputs_found].join(', ')} |`,
  );
  if (b.cold_path_forbidden_found) {
    p(
      `| on the cold path, what only some actions need (S3, SQS, Bedrock, Cognito verifier, X-Ray, Powertools Metrics, text engine, action modules, zod) | ${b.cold_path_forbidden_found.length === 0 ? 'none' : b.cold_path_forbidden_found.join(', ')} |`,
    );
  }
  p(`| \`node index.mjs\` in a fresh process, ms | ${fig(b.import_ms)} |`);
  p(`| \`node --enable-source-maps index.mjs\` (as on Lambda), ms | ${fig(b.import_with_source_maps_ms)} |`);
  p(`| \`node -e 0\`, ms | ${fig(b.node_e_0_ms)} |`);
  p(`| import cost over \`node -e 0\` (medians) | ${b.import_over_baseline_ms} ms |`);
  p();
  p(
    `${b.import_runs} runs of each, interleaved, after one unmeasured warm-up of each. The bench fails if the bundle exceeds 1 MB, contains the renderer (resvg, satori, sharp, fonts, the creative engine, the compositor) or an NLP library (compromise, wink), loads on its cold path what only some actions need, or if its import costs more than twice the 100 ms budget over \`node -e 0\`.`,
  );
  p();
  const partsTable = (parts: BundleResult['parts'], top: number) => {
    p('| part | bytes | share | files |');
    p('|---|---|---|---|');
    for (const part of parts.slice(0, top)) {
      p(`| \`${part.part}\` | ${num(part.bytes, 0)} | ${num(part.share * 100, 1)}% | ${part.files} |`);
    }
    const rest = parts.slice(top);
    if (rest.length > 0) {
      p(
        `| ${rest.length} smaller parts | ${num(
          rest.reduce((a, x) => a + x.bytes, 0),
          0,
        )} | ${num(rest.reduce((a, x) => a + x.share, 0) * 100, 1)}% | ${rest.reduce((a, x) => a + x.files, 0)} |`,
      );
    }
    p();
  };
  if (b.cold_path_parts) {
    p(
      'Cold path by part (what a cold start parses and runs; bytes each contributes, from the esbuild metafile):',
    );
    p();
    partsTable(b.cold_path_parts, 15);
  }
  if (b.parts) {
    p(
      `NLP library inside: ${b.nlp_inputs_found?.length ? b.nlp_inputs_found.join(', ') : 'none'}. The whole asset by part (npm packages by name, the project by folder; the largest 25):`,
    );
    p();
    partsTable(b.parts, 25);
  }
  const fr = r.first_request;
  if (fr) {
    p('### First requests after import');
    p();
    p(
      `${fr.processes} fresh Node processes, one after another, each importing the bundle and calling its handler in-process (as Lambda's runtime does) against the local stack: \`list_clients\` twice, then \`list_creatives\` (page of 50 with URLs) twice. All answered 200: ${fr.statuses_ok ? 'yes' : '**no**'}.`,
    );
    p();
    p('| step | ms (min / **median** / p99 / max) |');
    p('|---|---|');
    p(`| import inside the process | ${fig(fr.import_ms)} |`);
    p(`| \`list_clients\`, first request (cold) | ${fig(fr.list_clients_cold_ms)} |`);
    p(`| \`list_clients\`, second request (warm) | ${fig(fr.list_clients_warm_ms)} |`);
    p(
      `| \`list_creatives\`, first in the process (loads the presigner) | ${fig(fr.list_creatives_first_ms)} |`,
    );
    p(`| \`list_creatives\`, second (warm) | ${fig(fr.list_creatives_warm_ms)} |`);
    p();
    p(`The first request pays ${fr.cold_over_warm_ms} ms over a warm one (medians).`);
    p();
  }
  const ps = r.presign;
  if (ps) {
    p('### Presigning a page of 50 URLs');
    p();
    p(
      `Signing the 50 GetObject URLs of one \`list_creatives\` page (session credentials as on Lambda), in-process, ${ps.rounds} interleaved rounds after warm-up. The three signers' URLs were compared with getSignedUrl's for the same clock and credentials: ${ps.identical_urls ? 'identical' : '**they differ**'}. Kept: the cached signer (lambdas/core/s3/presign.ts, ADR 0022).`,
    );
    p();
    p('| signer | ms per page of 50 | µs per URL |');
    p('|---|---|---|');
    p(
      `| \`getSignedUrl\` (@aws-sdk/s3-request-presigner, before) | ${fig(ps.page_ms.sdk_get_signed_url, 3)} | ${ps.us_per_url.sdk_get_signed_url} |`,
    );
    p(
      `| @smithy/signature-v4 \`presign\`, one long-lived signer | ${fig(ps.page_ms.smithy_signature_v4, 3)} | ${ps.us_per_url.smithy_signature_v4} |`,
    );
    p(`| cached signing key (kept) | ${fig(ps.page_ms.cached_signer, 3)} | ${ps.us_per_url.cached_signer} |`);
    p();
    p(
      `The cached signer's first page in a fresh presigner (key derivation included): ${ps.cached_signer_first_page_ms} ms; ${ps.speedup_over_sdk}× faster than getSignedUrl (medians). Budget: < ${ps.budget_ms} ms.`,
    );
    p();
  }

  const rr = r.renderer;
  p('## 3. Renderer');
  p();
  p(
    `The offline template model plus the compositor (what a worker runs per image), warm, in its own process${rr.pinned_to_one_core ? ' pinned to one core (`taskset -c 0`)' : ''}, before the emulators start. ` +
      `${rr.renders} renders (${rr.blocks} blocks × ${rr.renders_per_block} per size, interleaved) after ${rr.warmup_renders} warm-up renders; ms per creative is each block’s mean.`,
  );
  p();
  p(
    '| size | ms per creative | visual p50 ms | compose p50 ms | render p99 ms | PNG bytes (over every render) |',
  );
  p('|---|---|---|---|---|---|');
  for (const [label, v] of Object.entries(rr.sizes)) {
    p(
      `| ${label.replace('x', '×')} | ${fig(v.ms_per_creative)} | ${v.visual_ms_p50} | ${v.compose_ms_p50} | ${v.render_ms_p99} | ${fig(v.png_bytes, 0)} |`,
    );
  }
  p();
  p(
    `Peak RSS over the renders: **${rr.peak_rss_mb} MB** (the process’s high-water mark, \`ru_maxrss\`); RSS was ${rr.rss_after_warmup_mb} MB after warm-up and ${rr.rss_by_block_mb.join(', ')} MB at the end of each block of ${rr.renders_per_block * Object.keys(rr.sizes).length} renders. ` +
      `Mixed over the four sizes: ${rr.mixed_ms_per_creative} ms per creative, so one core’s ceiling is **${num(rr.ceiling_per_core_per_min)} creatives/min**; the compositor is ${Math.round(rr.compose_share * 100)}% of a render.`,
  );
  if (rr.truncated) p('(The renderer phase hit its time bound and rendered fewer images.)');
  p();
  if (rr.budgets_ms) {
    p(
      `Content mix per size, in turn: no product (angles 0 and 1: typographic, brand-block) and a product (angles 0, 1 and 2: side-by-side, offer-led, calm-overlay, which read the visual's regions); the offline scene is drawn only when a layout shows or reads it, so its cost is inside compose. CPU ms is the render process's CPU time per creative (every thread), which a loaded machine does not inflate by waiting. Budgets (p50 ms per creative): ${Object.entries(
        rr.budgets_ms,
      )
        .map(([k, v]) => `${k.replace('x', '×')} ≤ ${v}`)
        .join(', ')}.`,
    );
    p();
    p('| size | CPU ms p50 | p50 ms by layout (renders) |');
    p('|---|---|---|');
    for (const [label, v] of Object.entries(rr.sizes)) {
      const layouts = Object.entries(v.by_layout ?? {})
        .map(([k, l]) => `${k} ${l.ms_p50} (${l.renders})`)
        .join(', ');
      p(`| ${label.replace('x', '×')} | ${v.cpu_ms_p50 ?? '–'} | ${layouts} |`);
    }
    p();
  }
  const sc = r.smart_cut;
  if (sc) {
    p('### Cut and composite from a stored model visual (the Bedrock path)');
    p();
    p(
      `The local stand-in's busy portrait (768×1344) and landscape (1344×768) visuals, as a slot after the first of its orientation family finds them in S3: decoded and its subject found (the cut p50 column), then composed with a product and the copy, the ratio's window resampled from the visual at the scales the layout draws it, in its own process${sc.pinned_to_one_core ? ' pinned to one core' : ''}. ${sc.renders} renders. Budget: ${Object.entries(
        sc.budgets_ms,
      )
        .map(([k, v]) => `${k.replace('x', '×')} ≤ ${v} ms p50`)
        .join(', ')}.`,
    );
    p();
    p(
      '| size | cut + compose p50 ms | cut p50 ms (decode + subject) | p99 ms | CPU ms p50 | PNG bytes p50 |',
    );
    p('|---|---|---|---|---|---|');
    for (const [label, v] of Object.entries(sc.sizes)) {
      p(
        `| ${label.replace('x', '×')} | ${v.render_ms_p50} | ${v.cut_ms_p50} | ${v.render_ms_p99} | ${v.cpu_ms_p50 ?? '–'} | ${num(v.png_bytes.median)} |`,
      );
    }
    p();
  }
  const wm = r.worker_memory;
  if (wm) {
    p('### Worker peak RSS per image');
    p();
    p(
      `Each row is a fresh process (as a new Lambda instance) making ${wm.images_per_process} images of one ratio on one path; peak is its \`ru_maxrss\`, baseline its RSS with the modules loaded, before the first image. Worst peak: **${wm.worst_peak_mb} MB** (the worker's memory setting keeps ≥ 30% headroom over it: docs/decisions/0014-worker-memory-and-renderer-speed.md).`,
    );
    p();
    p('| path | size | peak RSS MB | baseline MB |');
    p('|---|---|---|---|');
    for (const row of wm.rows)
      p(`| ${row.path} | ${row.ratio.replace('x', '×')} | ${row.peak_rss_mb} | ${row.baseline_rss_mb} |`);
    p();
  }

  p('## 4. Pipeline, end to end');
  p();
  p(
    `POST generate_creatives for a ${r.pipeline.images_per_batch}-image batch (25 each of ${r.pipeline.ratios}) → polled with get_job every 200 ms → list_creatives lists every PNG with its URL. ` +
      'The real worker handler on the local SQS event source (one message per receive), the template model, DynamoDB Local and the S3 emulator on disk. ' +
      'Every PNG is then fetched through its presigned URL and checked (not timed).',
  );
  p();
  p(
    '| workers | creatives/min | batch s | dispatch ms | worker ms per image p50 · p99 | renderer ceiling /min | pipeline / ceiling |',
  );
  p('|---|---|---|---|---|---|---|');
  for (const v of Object.values(r.pipeline.by_workers)) {
    p(
      `| ${v.workers} | ${fig(v.creatives_per_min)} | ${fig(v.total_s)} | ${fig(v.dispatch_ms, 0)} | ${v.worker_ms_per_image_p50} · ${v.worker_ms_per_image_p99} | ${num(v.ceiling_per_min)} | **${v.ratio_to_ceiling}** |`,
    );
  }
  p();
  p(
    `${w1 ? w1.creatives_per_min.runs.length : 0} run(s) per worker count, alternating, after an unreported warm-up batch of 8 images. The ceiling is the renderer’s one-core rate × min(workers, cores): with 2 workers on ${r.machine.cores} cores the emulators, the HTTP front and the workers share those cores, so the second worker cannot double the rate. ` +
      `${w1 && w2 ? `${w1.images + w2.images} images made, ${w1.failed + w2.failed} failed, ${w1.pngs_verified + w2.pngs_verified} PNGs fetched and verified.` : ''}`,
  );
  p();
  const stages = r.pipeline.stages_one_worker;
  if (stages) {
    p(
      `Per image, where the worker's time goes in the 1-worker runs (${stages.images} images; the worker's own DynamoDB and S3 calls, image model and compose, timed around the calls by the bench, bench/lib/pipeline.ts): claim (the slot under a lease, the job marked running), inputs (campaign, brand kit, angle, client, product and logo), the image model (the template model draws in code when compose asks for the picture, so its drawing counts in compose and its model time is near zero; a Bedrock model's call counts here), compose, the S3 put of the PNG, settle (the slot's transaction and the job's finalisation). Share: of the sum of the stages' medians.`,
    );
    p();
    p('| stage | ms per image | share |');
    p('|---|---|---|');
    for (const st of stages.stages)
      p(`| ${st.stage} | ${fig(st.ms)} | ${Math.round(st.share * 1000) / 10}% |`);
    p();
  }
  p(
    'AWS calls per image in the first 1-worker run (router: the order and the final listing, not the polls; worker: everything, including empty receives), with the capacity DynamoDB Local reports:',
  );
  p();
  p('| side, service, call | calls | failed | table CU | index CU |');
  p('|---|---|---|---|---|');
  for (const [k, v] of Object.entries(r.pipeline.calls_per_image)) {
    p(`| ${k} | ${v.calls} | ${v.failed} | ${v.table_cu} | ${v.index_cu} |`);
  }
  p();
  p(
    '(DynamoDB Local reports capacity for conditional failures as nothing and counts transactions differently from the service; docs/cost.md computes units by the service’s rules instead.)',
  );
  p();

  p('## 5. Scaling of list_creatives');
  p();
  p(
    `First page (limit ${r.scaling.page_limit}, succeeded creatives, presigned URLs) over HTTP, sequential, and the bare gsi1 Query beneath it; creatives seeded straight through the repository (seeding took ${Object.entries(
      r.scaling.seed_seconds,
    )
      .map(([k, v]) => `${num(Number(k), 0)}: ${v} s`)
      .join(', ')}).`,
  );
  p();
  p('| creatives in the campaign | items on the page | HTTP p50 ms | bare Query p50 ms |');
  p('|---|---|---|---|');
  for (const v of Object.values(r.scaling.by_campaign_size)) {
    p(
      `| ${num(v.creatives, 0)} | ${v.items_on_page} | ${fig(v.http_p50_ms, 2)} | ${fig(v.query_p50_ms, 2)} |`,
    );
  }
  p();
  p('| page size (10,000 creatives) | HTTP p50 ms |');
  p('|---|---|');
  for (const v of Object.values(r.scaling.by_page_size)) p(`| ${v.limit} | ${fig(v.http_p50_ms, 2)} |`);
  p();
  p(
    `A campaign 10× larger costs ${r.scaling.growth_10000_over_1000}× the time for the same page; a page 10× larger costs ${r.scaling.growth_page_100_over_10}×: the cost follows the page (a Query with Limit on one gsi1 partition, and one presign per item), not the campaign.`,
  );
  p();

  p('## 6. Cost on paper, per 1,000 images');
  p();
  p(
    `AWS list prices (us-east-1, on demand, ${r.cost.prices.asOf}; see [docs/cost.md](../docs/cost.md) for every price and the method), the stack’s settings (router ${r.cost.input.settings.routerMb} MB, worker ${r.cost.input.settings.workerMb} MB, arm64) and this run’s durations and item sizes. ` +
      `DynamoDB: ${num(r.cost.dynamo.wru, 1)} write and ${num(r.cost.dynamo.rru, 1)} read request units per image. Model fees are not included.`,
  );
  p();
  p(
    '| scenario | worker s per image | AWS cost per 1,000 images | model calls per image | model fee per 1,000 images (assumed $' +
      `${r.cost.prices.modelFeePerCall ?? 0.08} per call) |`,
  );
  p('|---|---|---|---|---|');
  for (const sc of r.cost.scenarios)
    p(
      `| ${sc.name} | ${num(sc.workerSecondsPerImage, 2)} | **${usd(sc.totalUsd)}** | ${sc.modelCallsPerImage === undefined ? 'not in this run' : num(sc.modelCallsPerImage, 2)} | ${sc.modelFeeUsd === undefined ? 'not in this run' : usd(sc.modelFeeUsd)} |`,
    );
  p();
  const detailed = r.cost.scenarios[1] ?? r.cost.scenarios[0];
  if (detailed) {
    p(`Lines of “${detailed.name}”:`);
    p();
    p('| item | quantity | USD |');
    p('|---|---|---|');
    for (const l of detailed.lines) p(`| ${l.item} | ${num(l.quantity, 3)} ${l.unit} | ${usd(l.usd)} |`);
    p();
  }
  if (r.copy) {
    p('## Text engine (offline, in process)');
    p();
    p(
      `generate_angles on a ${r.copy.brief_words}-word brief: p50 ${r.copy.generate_angles_p50_ms} ms, p95 ${r.copy.generate_angles_p95_ms} ms (budget p50 150 ms). ` +
        `prepare_campaign copy for 3 angles × 3 platforms: p50 ${r.copy.prepare_copy_p50_ms} ms, p95 ${r.copy.prepare_copy_p95_ms} ms (budget p50 30 ms). ` +
        `The NLP library loads once per process on the first call: ${r.copy.nlp_load_ms} ms; ${r.copy.runs} runs each.`,
    );
    p();
  }
  const lg = r.ledger;
  if (lg) {
    p('## 7. One account’s ledger item under contention');
    p();
    p(
      `${lg.transaction}, back to back from N parallel generators on one account, through the router’s own SDK client, against ${lg.emulator}. The account’s credits were checked afterwards (reserved = committed): ${lg.ledger_consistent ? 'consistent' : '**inconsistent**'}.`,
    );
    p();
    p(
      '| generators | attempts | committed | reservations/s | TransactionConflict | conflict rate | other errors | p50 ms | p99 ms |',
    );
    p('|---|---|---|---|---|---|---|---|---|');
    for (const l of lg.levels) {
      p(
        `| ${l.generators} | ${l.attempts} | ${l.committed} | **${l.reservations_per_s}** | ${l.conflicts} | ${l.conflict_rate} | ${l.other_errors} | ${l.p50_ms} | ${l.p99_ms} |`,
      );
    }
    p();
    p(
      `**Caveat:** ${lg.caveat} See [docs/scale.md](../docs/scale.md) for what the service does past its per-item limit.`,
    );
    p();
  }
  return `${out.join('\n')}\n`;
}
