/** 6. The pipeline: 100-image batches with 1 and 2 workers, next to the renderer's ceiling. */
import { PIPELINE_RATIOS, PIPELINE_STAGES, type PipelineRun, runPipeline } from '../lib/pipeline.ts';
import type { RendererResult } from '../lib/renderer.ts';
import type { PipelineResult } from '../lib/results.ts';
import type { BenchStack } from '../lib/stack.ts';
import { figure, median, percentile, ratio } from '../lib/stats.ts';
import { type BenchContext, checkTime, log, scale } from './context.ts';

const IMAGES = 100;

/** The pipeline's figures, its runs (the cost section sizes their items) and its failures. */
export type PipelineOutcome = { pipeline: PipelineResult; runs: PipelineRun[]; failures: string[] };

/** A warm-up batch, then 1 and 2 workers alternating (twice at full scale); the first 1-worker run is metered. */
export async function pipelineStep(
  ctx: BenchContext,
  s: BenchStack,
  renderer: RendererResult,
): Promise<PipelineOutcome> {
  checkTime('pipeline');
  const pipelineClient = await s.call<{ client: { id: string } }>('create_client', { name: 'Pipeline' });
  if (pipelineClient.status !== 200) throw new Error(`create_client answered ${pipelineClient.status}`);
  const clientId = pipelineClient.body.client.id;
  // Warm-up batch (not reported): the worker's modules, fonts and JIT, as the renderer bench is warm.
  log('pipeline: warm-up batch of 8 images');
  await runPipeline(s, clientId, { workers: 2, images: 8, maxMs: 60_000, meter: false });
  const runs: PipelineRun[] = [];
  const failures: string[] = [];
  const repeats = scale >= 1 ? 2 : 1;
  let metered: PipelineResult['calls_per_image'] = {};
  for (let r = 0; r < repeats; r++) {
    for (const workers of [1, 2]) {
      checkTime(`pipeline run (${workers} workers)`);
      log(`pipeline: ${IMAGES} images, ${workers} worker(s), run ${r + 1}/${repeats}`);
      const meter = r === 0 && workers === 1;
      const run = await runPipeline(s, clientId, { workers, images: IMAGES, maxMs: 240_000, meter });
      if (meter) metered = s.meter.per(run.succeeded);
      runs.push(run);
      log(
        `  ${run.creatives_per_min} creatives/min (${(run.total_ms / 1000).toFixed(1)} s), ${run.failed} failed`,
      );
      if (run.failed > 0 || run.pngs_verified !== run.succeeded) {
        failures.push(
          `pipeline run with ${workers} worker(s): ${run.failed} failed, ${run.pngs_verified} PNGs verified`,
        );
      }
    }
  }
  const byWorkers = byWorkersOf(runs, renderer.ceiling_per_core_per_min, ctx.cores);
  const pipeline: PipelineResult = {
    images_per_batch: IMAGES,
    ratios: PIPELINE_RATIOS,
    by_workers: byWorkers,
    speedup_2_over_1: ratio(
      byWorkers['2']?.creatives_per_min.median ?? Number.NaN,
      byWorkers['1']?.creatives_per_min.median ?? Number.NaN,
    ),
    calls_per_image: metered,
    stages_one_worker: stagesOf(runs.filter((p) => p.workers === 1)),
  };
  return { pipeline, runs, failures };
}

/** Figures per worker count, each next to the renderer's ceiling for that many workers. */
function byWorkersOf(
  pipelineRuns: PipelineRun[],
  ceiling: number,
  cores: number,
): PipelineResult['by_workers'] {
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
  return byWorkers;
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
