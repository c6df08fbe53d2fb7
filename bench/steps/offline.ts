/** The sections measured before the emulators start, so nothing else competes for the cores. */
import { join } from 'node:path';
import { type BundleResult, benchRouterBundle } from '../lib/bundle.ts';
import { benchCopy, type CopyBenchResult } from '../lib/copy.ts';
import { readStackSettings } from '../lib/cost.ts';
import { benchEngines, type EnginesResult } from '../lib/engines.ts';
import { benchLedger, type LedgerResult } from '../lib/ledger.ts';
import { benchPresign, type PresignResult } from '../lib/presign.ts';
import { benchRenderer, benchSmartCut, benchWorkerMemory, rendererFailures } from '../lib/renderer.ts';
import type { Results } from '../lib/results.ts';
import { type BenchContext, checkTime, log, n, scale } from './context.ts';

/** 1. Router bundle: size, what is inside, import time (also built for the first-request phase). */
export async function bundleStep(ctx: BenchContext): Promise<BundleResult | undefined> {
  if (!ctx.want('bundle') && !ctx.want('first_request')) return undefined;
  log('router bundle: esbuild, size, import time');
  // 41 interleaved runs: a median of 15 moved by ±10 ms between back-to-back runs on this VM.
  const bundle = await benchRouterBundle(join(ctx.tmp, 'router-bundle'), ctx.want('bundle') ? n(41, 5) : 1);
  if (ctx.want('bundle')) ctx.failuresOf('bundle', bundle.failures);
  log(
    `  ${bundle.bytes} B, import ${bundle.import_ms.median} ms vs node -e 0 ${bundle.node_e_0_ms.median} ms`,
  );
  return bundle;
}

/** 1b. Presigning a page of 50 URLs, in this process. */
export async function presignStep(ctx: BenchContext): Promise<PresignResult | undefined> {
  if (!ctx.want('presign')) return undefined;
  log('presign: 50 URLs with getSignedUrl, @smithy/signature-v4 and the cached signer');
  const presign = await benchPresign(n(200, 30));
  ctx.failuresOf('presign', presign.failures);
  log(
    `  ${presign.page_ms.sdk_get_signed_url.median} / ${presign.page_ms.smithy_signature_v4.median} / ${presign.page_ms.cached_signer.median} ms per 50 URLs`,
  );
  return presign;
}

/** 1c. The offline text engine, in process (the earlier run's figures when not run). */
export async function copyStep(ctx: BenchContext): Promise<CopyBenchResult | undefined> {
  if (!ctx.want('copy')) return ctx.previous.copy;
  log('text engine: generate_angles and prepare_campaign copy, in process');
  const copy = await benchCopy(n(60, 20));
  const copyFailures: string[] = [];
  if (copy.generate_angles_p50_ms > 150)
    copyFailures.push(`generate_angles p50 ${copy.generate_angles_p50_ms} ms > 150 ms`);
  if (copy.prepare_copy_p50_ms > 30)
    copyFailures.push(`prepare_campaign copy p50 ${copy.prepare_copy_p50_ms} ms > 30 ms`);
  ctx.failuresOf('copy', copyFailures);
  log(
    `  angles p50 ${copy.generate_angles_p50_ms} ms, copy p50 ${copy.prepare_copy_p50_ms} ms (NLP load ${copy.nlp_load_ms} ms once)`,
  );
  return copy;
}

/**
 * 2. The renderer alone, then the Bedrock path from a stored visual, and peak RSS per image of
 * each path and ratio (the earlier run's figures when not run).
 */
export async function rendererStep(
  ctx: BenchContext,
): Promise<Pick<Partial<Results>, 'renderer' | 'smart_cut' | 'worker_memory'>> {
  const { previous } = ctx;
  if (!ctx.want('renderer')) {
    return {
      renderer: previous.renderer,
      smart_cut: previous.smart_cut,
      worker_memory: previous.worker_memory,
    };
  }
  checkTime('renderer');
  log('renderer: 200 renders over four sizes, one core');
  const renderer = await benchRenderer({ blocks: 5, perBlock: n(10, 2), maxMs: 200_000 });
  log(`  ${renderer.mixed_ms_per_creative} ms per creative (mixed), peak RSS ${renderer.peak_rss_mb} MB`);
  log('renderer: cut + compose from a stored model visual, one core');
  const smartCut = await benchSmartCut({ perRatio: n(15, 5), maxMs: 150_000 });
  log(`  1080×1080 p50 ${smartCut.sizes['1080x1080']?.render_ms_p50} ms`);
  log('renderer: peak RSS per image, template and Bedrock paths, each ratio in a fresh process');
  const workerMemory = {
    ...(await benchWorkerMemory(n(30, 5))),
    memory_mb: (await readStackSettings()).workerMb,
  };
  log(`  worst peak ${workerMemory.worst_peak_mb} MB`);
  ctx.failuresOf('renderer', rendererFailures(renderer, smartCut));
  return { renderer, smart_cut: smartCut, worker_memory: workerMemory };
}

/** 2b. One account's ledger item under contention (its own DynamoDB Local, before the stack). */
export async function ledgerStep(ctx: BenchContext): Promise<LedgerResult | undefined> {
  if (!ctx.want('ledger')) return undefined;
  checkTime('ledger');
  log('ledger: reservations on one account item at 1, 4, 16 and 64 generators');
  const ledger = await benchLedger({ seconds: Math.max(2, Math.round(5 * scale)) });
  ctx.failuresOf('ledger', ledger.failures);
  for (const l of ledger.levels) {
    log(`  ${l.generators}: ${l.reservations_per_s}/s, conflict rate ${l.conflict_rate}, p99 ${l.p99_ms} ms`);
  }
  return ledger;
}

/** 2a. Today's renderer against Skia on the same plans (ADR 0052); only when asked for by `--only=engines`. */
export async function enginesStep(ctx: BenchContext): Promise<EnginesResult | undefined> {
  if (!ctx.only?.has('engines')) return ctx.previous.engines;
  checkTime('engines');
  log("engines: today's renderer and @napi-rs/canvas on the same plans, interleaved, one core");
  const engines = await benchEngines(n(12, 3));
  for (const [label, s] of Object.entries(engines.sizes))
    log(`  ${label}: p50 ${s.p50_ms.current} ms today, ${s.p50_ms.skia} ms Skia (× ${s.skia_over_current})`);
  return engines;
}
