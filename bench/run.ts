/**
 * `npm run bench`: the local stack on temp dirs, measured. Writes bench/results.json and
 * bench/results.md. Never part of `npm test`; timings never go into tests.
 *
 * Phases (each bounded in count and time; only 127.0.0.1 traffic):
 * 1. router bundle: size, renderer absent, import time vs `node -e 0` (fails the bench over 1 MB
 *    or with the renderer inside);
 * 1b. the offline text engine in process: generate_angles on a 1,500-character brief and
 *    prepare_campaign's copy for 3 angles × 3 platforms (p50 budgets 150 ms and 30 ms);
 * 2. renderer alone, one core: ms per creative at four sizes, peak RSS, PNG bytes;
 * 3. the local stack started; 60 clients and campaigns of 10, 1,000 and 10,000 creatives seeded;
 * 4. router over HTTP, sequential and at concurrency 16, each hot path next to its DynamoDB
 *    floor served by the same HTTP front (`--only=router` runs this alone);
 * 5. list_creatives' first page by campaign size and by page size;
 * 6. the pipeline: 100-image batches with 1 and 2 workers, next to the renderer's ceiling, and
 *    per image of the 1-worker runs, where the worker's time goes (claim, inputs, model, compose,
 *    S3 put, settle);
 * 7. cost per 1,000 images on paper from the settings and the measured durations.
 *
 * Also: presigning 50 URLs three ways (no stack), one account's ledger item under contention
 * (its own DynamoDB Local), and the first requests of a fresh process importing the bundle.
 *
 * BENCH_SCALE (default 1) scales repetition counts, e.g. 0.3 for a quick look;
 * `npm run bench -- --markdown` only rewrites results.md from results.json;
 * `npm run bench -- --only=presign,ledger` runs only those sections (bundle, presign, copy,
 * renderer, ledger, first_request, router, stack = router + scaling + pipeline + cost) and merges
 * them into the existing results.json. Every run also rewrites the README's acceptance table.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { parseApiKey } from '#core/auth/api-key-format.ts';
import { keys } from '#core/db/keys.ts';
import { withReadmeBlock } from './lib/acceptance.ts';
import { type BundleResult, benchRouterBundle } from './lib/bundle.ts';
import { benchCopy, type CopyBenchResult } from './lib/copy.ts';
import { ASSUMPTIONS, costPer1000, type ItemSizes, PRICES, readStackSettings } from './lib/cost.ts';
import { benchFirstRequest, type FirstRequestResult } from './lib/first-request.ts';
import { benchLedger, type LedgerResult } from './lib/ledger.ts';
import { startLoadClient } from './lib/load.ts';
import { itemSize } from './lib/meter.ts';
import { PIPELINE_RATIOS, PIPELINE_STAGES, type PipelineRun, runPipeline } from './lib/pipeline.ts';
import { benchPresign, type PresignResult } from './lib/presign.ts';
import {
  benchRenderer,
  benchSmartCut,
  benchWorkerMemory,
  type RendererResult,
  rendererFailures,
  type SmartCutResult,
  type WorkerMemoryResult,
} from './lib/renderer.ts';
import { type Results, renderMarkdown } from './lib/report.ts';
import {
  benchRouter,
  benchScaling,
  hotPathFloors,
  type RouterResult,
  type ScalingResult,
} from './lib/router.ts';
import { seedCampaignWithCreatives, seedClients } from './lib/seed.ts';
import { type BenchStack, startBenchStack } from './lib/stack.ts';
import { figure, median, percentile, ratio } from './lib/stats.ts';

const HARD_LIMIT_MS = 9.5 * 60_000;
const scale = Math.min(2, Math.max(0.1, Number(process.env.BENCH_SCALE ?? 1) || 1));
const n = (count: number, min = 1) => Math.max(min, Math.round(count * scale));

const started = Date.now();
const log = (message: string) => {
  const s = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[bench ${s}s] ${message}\n`);
};
const checkTime = (phase: string) => {
  if (Date.now() - started > HARD_LIMIT_MS) throw new Error(`bench over its time limit before ${phase}`);
};

/** The pipeline section of the results, as the report declares it. */
export type PipelineResult = Results['pipeline'];

const SECTIONS = [
  'bundle',
  'presign',
  'copy',
  'renderer',
  'ledger',
  'first_request',
  'router',
  'stack',
] as const;
type Section = (typeof SECTIONS)[number];

/** `--only=a,b`: the sections to run (all when absent). */
function selectedSections(): Set<Section> | undefined {
  const arg = process.argv.find((a) => a.startsWith('--only='));
  if (!arg) return undefined;
  const names = arg.slice('--only='.length).split(',').filter(Boolean);
  const unknown = names.filter((n) => !(SECTIONS as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new Error(`unknown bench section(s) ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
  return new Set(names as Section[]);
}

async function previousResults(): Promise<Partial<Results>> {
  try {
    return JSON.parse(await readFile(new URL('./results.json', import.meta.url), 'utf8')) as Partial<Results>;
  } catch {
    return {};
  }
}

/** Per-image stage times of the one-worker runs, each stage's figure and its share of their sum. */
function stagesOf(runs: PipelineRun[]): PipelineResult['stages_one_worker'] {
  const images = runs.flatMap((r) => r.stages_ms ?? []);
  if (images.length === 0) return undefined;
  const medians = PIPELINE_STAGES.map((stage) => median(images.map((i) => i[stage])));
  const sum = medians.reduce((a, b) => a + b, 0);
  return {
    images: images.length,
    stages: PIPELINE_STAGES.map((stage, k) => ({
      stage,
      ms: figure(
        'ms',
        images.map((i) => i[stage]),
        1,
      ),
      share: Math.round(((medians[k] ?? 0) / sum) * 1000) / 1000,
    })),
  };
}

async function main(): Promise<number> {
  const cores = availableParallelism();
  // Other work on the machine moves every timing: the run records how busy it was.
  const loadAtStart = Math.round((loadavg()[0] ?? 0) * 100) / 100;
  const tmp = await mkdtemp(join(tmpdir(), 'adgen-bench-'));
  const failures: string[] = [];
  let stack: BenchStack | undefined;
  let load: Awaited<ReturnType<typeof startLoadClient>> | undefined;
  const cleanup = async () => {
    await load?.close().catch(() => undefined);
    load = undefined;
    await stack?.stop().catch((e: unknown) => log(`stopping the stack: ${String(e)}`));
    stack = undefined;
    await rm(tmp, { recursive: true, force: true }).catch(() => undefined);
  };
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (interrupted) return;
      interrupted = true;
      log(`${signal}: stopping the emulators`);
      void cleanup().finally(() => process.exit(130));
    });
  }

  const only = selectedSections();
  const want = (section: Section) => only === undefined || only.has(section);
  const previous = only ? await previousResults() : {};
  const sectionFailures: Record<string, string[]> = only ? { ...(previous.failures_by_section ?? {}) } : {};
  const failuresOf = (section: string, list: string[]) => {
    sectionFailures[section] = list;
    failures.push(...list);
  };

  try {
    // 1. Router bundle (before the emulators, so nothing else competes for the cores).
    let bundle: BundleResult | undefined;
    if (want('bundle') || want('first_request')) {
      log('router bundle: esbuild, size, import time');
      // 41 interleaved runs: a median of 15 moved by ±10 ms between back-to-back runs on this VM.
      bundle = await benchRouterBundle(join(tmp, 'router-bundle'), want('bundle') ? n(41, 5) : 1);
      if (want('bundle')) failuresOf('bundle', bundle.failures);
      log(
        `  ${bundle.bytes} B, import ${bundle.import_ms.median} ms vs node -e 0 ${bundle.node_e_0_ms.median} ms`,
      );
    }

    // 1b. Presigning a page of 50 URLs, in this process.
    let presign: PresignResult | undefined;
    if (want('presign')) {
      log('presign: 50 URLs with getSignedUrl, @smithy/signature-v4 and the cached signer');
      presign = await benchPresign(n(200, 30));
      failuresOf('presign', presign.failures);
      log(
        `  ${presign.page_ms.sdk_get_signed_url.median} / ${presign.page_ms.smithy_signature_v4.median} / ${presign.page_ms.cached_signer.median} ms per 50 URLs`,
      );
    }

    // 1c. The offline text engine, in process.
    let copy: CopyBenchResult | undefined = previous.copy;
    if (want('copy')) {
      log('text engine: generate_angles and prepare_campaign copy, in process');
      copy = await benchCopy(n(60, 20));
      const copyFailures: string[] = [];
      if (copy.generate_angles_p50_ms > 150)
        copyFailures.push(`generate_angles p50 ${copy.generate_angles_p50_ms} ms > 150 ms`);
      if (copy.prepare_copy_p50_ms > 30)
        copyFailures.push(`prepare_campaign copy p50 ${copy.prepare_copy_p50_ms} ms > 30 ms`);
      failuresOf('copy', copyFailures);
      log(
        `  angles p50 ${copy.generate_angles_p50_ms} ms, copy p50 ${copy.prepare_copy_p50_ms} ms (NLP load ${copy.nlp_load_ms} ms once)`,
      );
    }

    // 2. Renderer alone.
    let renderer: RendererResult | undefined = previous.renderer;
    let smartCut: SmartCutResult | undefined = previous.smart_cut;
    let workerMemory: WorkerMemoryResult | undefined = previous.worker_memory;
    if (want('renderer')) {
      checkTime('renderer');
      log('renderer: 200 renders over four sizes, one core');
      renderer = await benchRenderer({ blocks: 5, perBlock: n(10, 2), maxMs: 200_000 });
      log(`  ${renderer.mixed_ms_per_creative} ms per creative (mixed), peak RSS ${renderer.peak_rss_mb} MB`);
      // The Bedrock path from a stored visual, and peak RSS per image of each path and ratio.
      log('renderer: cut + compose from a stored model visual, one core');
      smartCut = await benchSmartCut({ perRatio: n(15, 5), maxMs: 150_000 });
      log(`  1080×1080 p50 ${smartCut.sizes['1080x1080']?.render_ms_p50} ms`);
      log('renderer: peak RSS per image, template and Bedrock paths, each ratio in a fresh process');
      workerMemory = {
        ...(await benchWorkerMemory(n(30, 5))),
        memory_mb: (await readStackSettings()).workerMb,
      };
      log(`  worst peak ${workerMemory.worst_peak_mb} MB`);
      failuresOf('renderer', rendererFailures(renderer, smartCut));
    }

    // 2b. One account's ledger item under contention (its own DynamoDB Local, before the stack).
    let ledgerResult: LedgerResult | undefined;
    if (want('ledger')) {
      checkTime('ledger');
      log('ledger: reservations on one account item at 1, 4, 16 and 64 generators');
      ledgerResult = await benchLedger({ seconds: Math.max(2, Math.round(5 * scale)) });
      failuresOf('ledger', ledgerResult.failures);
      for (const l of ledgerResult.levels) {
        log(
          `  ${l.generators}: ${l.reservations_per_s}/s, conflict rate ${l.conflict_rate}, p99 ${l.p99_ms} ms`,
        );
      }
    }

    const partial = {
      // The bundle's temp path is for the first-request phase only: no machine path in the results.
      bundle: bundle && want('bundle') ? { ...bundle, outfile: undefined } : previous.bundle,
      presign: presign ?? previous.presign,
      copy,
      renderer,
      smart_cut: smartCut,
      worker_memory: workerMemory,
      ledger: ledgerResult ?? previous.ledger,
    };
    if (!want('stack') && !want('router') && !want('first_request')) {
      return await writeResults(
        { ...previous, ...partial, first_request: previous.first_request },
        sectionFailures,
        failures,
      );
    }
    if (!renderer && want('stack'))
      throw new Error('the stack sections need renderer results: run the renderer section first');

    // 3. The stack and its data.
    checkTime('stack');
    log('starting the local stack on a temp dir');
    stack = await startBenchStack(join(tmp, 'data'), { credits: 100_000 });
    const s = stack;
    load = await startLoadClient();
    const deps = s.routerDeps;
    const sizes = want('stack') ? [10, 1000, 10_000] : [1000];
    log(`seeding 60 clients and campaigns of ${sizes.join(', ')} creatives`);
    const clientIds = await seedClients(deps, s.accountId, 60);
    const seedClient = clientIds[0] as string;
    const campaigns: { creatives: number; campaignId: string; seedSeconds: number }[] = [];
    for (const count of sizes) {
      const seeded = await seedCampaignWithCreatives(deps, s.accountId, seedClient, count);
      campaigns.push({ creatives: count, campaignId: seeded.campaignId, seedSeconds: seeded.seconds });
      log(`  ${count} creatives in ${seeded.seconds.toFixed(1)} s`);
    }
    const campaign1000 = campaigns.find((c) => c.creatives === 1000)?.campaignId as string;

    // 3b. First requests of a fresh process importing the bundle.
    let firstRequest: FirstRequestResult | undefined = previous.first_request;
    if (want('first_request') && bundle?.outfile) {
      checkTime('first request');
      log('first request after import: fresh processes, list_clients cold/warm, list_creatives first/warm');
      firstRequest = await benchFirstRequest(s, bundle.outfile, {
        processes: n(8, 3),
        campaignId: campaign1000,
      });
      failuresOf(
        'first_request',
        firstRequest.statuses_ok ? [] : ['first requests after import did not all answer 200'],
      );
      log(
        `  import ${firstRequest.import_ms.median} ms, list_clients cold ${firstRequest.list_clients_cold_ms.median} ms / warm ${firstRequest.list_clients_warm_ms.median} ms`,
      );
    }
    if (!want('stack') && !want('router')) {
      await cleanup();
      return await writeResults(
        { ...previous, ...partial, first_request: firstRequest },
        sectionFailures,
        failures,
      );
    }

    // 4. Router and floor.
    checkTime('router');
    log('router: four hot paths next to their DynamoDB floors; sequential and at concurrency 16');
    // Each run alternates an action's requests with its floor's: the counts cover both kinds.
    const counts = {
      runs: 5,
      seq: n(200, 40),
      conc: n(800, 128),
      concurrency: 16,
      seqMs: 5000,
      concMs: 6000,
    };
    const seedCampaignItem = (
      await deps.ddb.send(
        new GetCommand({ TableName: s.config.tableName, Key: keys.campaignById(s.accountId, campaign1000) }),
      )
    ).Item;
    if (!seedCampaignItem) throw new Error('the seeded campaign is missing');
    const router: RouterResult = await benchRouter(s, load, {
      floors: hotPathFloors(s, {
        clientId: seedClient,
        campaignId: campaign1000,
        campaignItem: seedCampaignItem,
      }),
      counts,
      actions: [
        { name: 'list_clients', fields: {}, note: '1 page of 50 of the account\u2019s 60 clients' },
        {
          name: 'list_campaigns',
          fields: { client_id: seedClient },
          note: '1 page of the seed client\u2019s campaigns (the client checked first)',
        },
        {
          name: 'create_campaign',
          fields: {
            client_id: seedClient,
            name: 'Bench campaign',
            aspect_ratio: '1:1,9:16',
            volume: 4,
            offer_text: '30% off',
            cta_text: 'Shop now',
          },
          note: 'one new campaign per request (TransactWrite: client check + put)',
        },
        {
          name: 'list_creatives',
          fields: { campaign_id: campaign1000 },
          note: '1 page of 50 (presigned URLs) from a campaign with 1,000 creatives',
        },
      ],
    });
    for (const [name, r] of Object.entries(router.ratios)) {
      log(`  ${name}: p50 ratio ${r.p50_sequential} (seq), ${r.p50_concurrent} (c16)`);
    }
    if (!want('stack') || !renderer) {
      await cleanup();
      return await writeResults(
        { ...previous, ...partial, first_request: firstRequest, router },
        sectionFailures,
        failures,
      );
    }

    // 5. Scaling.
    checkTime('scaling');
    log('scaling: list_creatives first page at 10, 1,000 and 10,000 creatives');
    const scaling: ScalingResult = await benchScaling(s, load, {
      campaigns,
      runs: 5,
      requests: n(30, 10),
      maxMs: 2500,
    });
    log(`  10,000 over 1,000: ${scaling.growth_10000_over_1000}×`);

    // 6. Pipeline.
    checkTime('pipeline');
    const pipelineClient = await s.call<{ client: { id: string } }>('create_client', { name: 'Pipeline' });
    if (pipelineClient.status !== 200) throw new Error(`create_client answered ${pipelineClient.status}`);
    // Warm-up batch (not reported): the worker's modules, fonts and JIT, as the renderer bench is warm.
    log('pipeline: warm-up batch of 8 images');
    await runPipeline(s, pipelineClient.body.client.id, {
      workers: 2,
      images: 8,
      maxMs: 60_000,
      meter: false,
    });
    const pipelineRuns: PipelineRun[] = [];
    const pipelineFailures: string[] = [];
    const pipelineRepeats = scale >= 1 ? 2 : 1;
    const images = 100;
    let metered: PipelineResult['calls_per_image'] = {};
    for (let r = 0; r < pipelineRepeats; r++) {
      for (const workers of [1, 2]) {
        checkTime(`pipeline run (${workers} workers)`);
        log(`pipeline: ${images} images, ${workers} worker(s), run ${r + 1}/${pipelineRepeats}`);
        const meter = r === 0 && workers === 1;
        const run = await runPipeline(s, pipelineClient.body.client.id, {
          workers,
          images,
          maxMs: 240_000,
          meter,
        });
        if (meter) metered = s.meter.per(run.succeeded);
        pipelineRuns.push(run);
        log(
          `  ${run.creatives_per_min} creatives/min (${(run.total_ms / 1000).toFixed(1)} s), ${run.failed} failed`,
        );
        if (run.failed > 0 || run.pngs_verified !== run.succeeded) {
          pipelineFailures.push(
            `pipeline run with ${workers} worker(s): ${run.failed} failed, ${run.pngs_verified} PNGs verified`,
          );
        }
      }
    }
    const ceiling = renderer.ceiling_per_core_per_min;
    const byWorkers: PipelineResult['by_workers'] = {};
    for (const workers of [1, 2]) {
      const runs = pipelineRuns.filter((p) => p.workers === workers);
      const workerMs = runs.flatMap((p) => p.worker_ms);
      const cpm = figure(
        'creatives/min',
        runs.map((p) => p.creatives_per_min),
        1,
      );
      const ceilingN = ceiling * Math.min(workers, cores);
      byWorkers[String(workers)] = {
        workers,
        creatives_per_min: cpm,
        total_s: figure(
          's',
          runs.map((p) => p.total_ms / 1000),
          1,
        ),
        dispatch_ms: figure(
          'ms',
          runs.map((p) => p.dispatch_ms),
          0,
        ),
        worker_ms_per_image_p50: Math.round(percentile(workerMs, 50)),
        worker_ms_per_image_p99: Math.round(percentile(workerMs, 99)),
        failed: runs.reduce((a, p) => a + p.failed, 0),
        pngs_verified: runs.reduce((a, p) => a + p.pngs_verified, 0),
        images: runs.reduce((a, p) => a + p.images, 0),
        ceiling_per_min: Math.round(ceilingN * 10) / 10,
        ratio_to_ceiling: ratio(cpm.median, ceilingN),
        ratio_to_one_core_ceiling: ratio(cpm.median, ceiling),
      };
    }
    const pipeline: PipelineResult = {
      images_per_batch: images,
      ratios: PIPELINE_RATIOS,
      by_workers: byWorkers,
      speedup_2_over_1: ratio(
        byWorkers['2']?.creatives_per_min.median ?? Number.NaN,
        byWorkers['1']?.creatives_per_min.median ?? Number.NaN,
      ),
      calls_per_image: metered,
      stages_one_worker: stagesOf(pipelineRuns.filter((p) => p.workers === 1)),
    };

    // 7. Item sizes of this run, then the cost on paper.
    const get = async (key: { pk: string; sk: string }) =>
      (await deps.ddb.send(new GetCommand({ TableName: s.config.tableName, Key: key, ConsistentRead: true })))
        .Item ?? {};
    const keyId = parseApiKey(s.apiKey)?.keyId ?? '';
    const slotItem = await firstSucceededSlot(s, pipelineRuns[0]?.campaign_id ?? '');
    const pendingSlotSize = itemSize({
      ...slotItem,
      status: 'pending',
      width: undefined,
      height: undefined,
      bytes: undefined,
      model: undefined,
      completed_at: undefined,
    });
    const campaignItem = await get(keys.campaignById(s.accountId, String(slotItem.campaign_id)));
    const items: ItemSizes = {
      apiKey: itemSize(await get(keys.apiKeyById(keyId))),
      account: itemSize(await get(keys.account(s.accountId))),
      campaign: itemSize(campaignItem),
      brandKit: itemSize(await get(keys.brandKitOfClient(s.accountId, String(slotItem.client_id)))),
      job: itemSize(await get(keys.jobById(s.accountId, String(slotItem.job_id)))),
      slotPending: pendingSlotSize,
      slotSucceeded: itemSize(slotItem),
    };
    const settings = await readStackSettings();
    const handlerP50 = (label: string) => median(s.handlerMs.get(label) ?? [Number.NaN]);
    const mixedVisual =
      Object.values(renderer.sizes).reduce((a, v) => a + v.visual_ms_p50, 0) /
      Object.keys(renderer.sizes).length;
    const pngMean =
      Object.values(renderer.sizes).reduce((a, v) => a + v.png_bytes.median, 0) /
      Object.keys(renderer.sizes).length;
    const costInput = {
      settings,
      workerMsTemplate: byWorkers['1']?.worker_ms_per_image_p50 ?? Number.NaN,
      templateVisualMs: mixedVisual,
      routerMs: {
        generatePerBatch: handlerP50('generate_creatives (100 images)'),
        getJob: handlerP50('get_job'),
        listCreatives: handlerP50('list_creatives'),
      },
      items,
      pngBytes: pngMean,
      bedrockSeconds: [5, 15],
    };
    const cost = { prices: PRICES, assumptions: ASSUMPTIONS, input: costInput, ...costPer1000(costInput) };

    failuresOf('stack', pipelineFailures);
    await cleanup();
    return await writeResults(
      {
        ...partial,
        first_request: firstRequest,
        router,
        scaling,
        pipeline,
        cost,
      },
      sectionFailures,
      failures,
    );
  } finally {
    await cleanup();
  }

  async function writeResults(
    sections: Omit<Partial<Results>, 'date' | 'machine' | 'scale' | 'duration_s' | 'failures'>,
    bySection: Record<string, string[]>,
    thisRun: string[],
  ): Promise<number> {
    // Sections first: a partial run's earlier results must not override what this run decides.
    const results = {
      ...sections,
      date: new Date().toISOString(),
      machine: {
        cores,
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
      failures: Object.values(bySection).flat(),
      failures_by_section: bySection,
    } as Results;
    if (only && previous.date) results.date = previous.date;
    // The full run's machine line stays the full run's (a partial run records its own load apart).
    if (only && previous.machine) results.machine = previous.machine;
    await writeFile(new URL('./results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
    await writeFile(new URL('./results.md', import.meta.url), renderMarkdown(results));
    await writeReadme(results);
    log(
      `wrote bench/results.json, bench/results.md and the README's table in ${Math.round((Date.now() - started) / 1000)} s`,
    );
    for (const f of thisRun) log(`FAILED: ${f}`);
    return thisRun.length > 0 ? 1 : 0;
  }
}

/** A slot as the worker leaves it (succeeded), to size the items the pipeline writes. */
async function firstSucceededSlot(s: BenchStack, campaignId: string): Promise<Record<string, unknown>> {
  const c = keys.creativesOfCampaign(s.accountId, campaignId, 'succeeded');
  const out = await s.routerDeps.ddb.send(
    new QueryCommand({
      TableName: s.config.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': c.partition },
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  if (!item) throw new Error('no succeeded slot to size');
  return item;
}

/** The README's benchmark table (between its markers), from the results. */
async function writeReadme(results: Results): Promise<void> {
  const readme = new URL('../README.md', import.meta.url);
  await writeFile(readme, withReadmeBlock(await readFile(readme, 'utf8'), results));
}

/** `tsx bench/run.ts --markdown`: rewrites results.md from results.json (no measuring). */
async function markdownOnly(): Promise<number> {
  const results = JSON.parse(await readFile(new URL('./results.json', import.meta.url), 'utf8')) as Results;
  await writeFile(new URL('./results.md', import.meta.url), renderMarkdown(results));
  await writeReadme(results);
  log('rewrote bench/results.md and the README table from bench/results.json');
  return 0;
}

(process.argv.includes('--markdown') ? markdownOnly() : main()).then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
