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
 * renderer, engines (only when named), ledger, first_request, router, stack = router + scaling + pipeline + cost) and merges
 * them into the existing results.json. Every run also rewrites the README's acceptance table.
 */
import { type BenchContext, log, openContext } from './steps/context.ts';
import { costStep } from './steps/cost.ts';
import { bundleStep, copyStep, enginesStep, ledgerStep, presignStep, rendererStep } from './steps/offline.ts';
import { pipelineStep } from './steps/pipeline.ts';
import { firstRequestStep, routerStep, scalingStep, seedStack } from './steps/stack.ts';
import { markdownOnly, writeResults } from './steps/write.ts';

/** Runs the chosen sections in order, stopping the stack once none that needs it is left. */
async function main(): Promise<number> {
  const ctx = await openContext();
  try {
    return await runSections(ctx);
  } finally {
    await ctx.cleanup();
  }
}

async function runSections(ctx: BenchContext): Promise<number> {
  const { previous, want } = ctx;
  // The offline sections come first, so nothing else competes for the cores.
  const bundle = await bundleStep(ctx);
  const presign = await presignStep(ctx);
  const copy = await copyStep(ctx);
  const rendered = await rendererStep(ctx);
  const engines = await enginesStep(ctx);
  const ledger = await ledgerStep(ctx);
  const partial = {
    // The bundle's temp path is for the first-request phase only: no machine path in the results.
    bundle: bundle && want('bundle') ? { ...bundle, outfile: undefined } : previous.bundle,
    presign: presign ?? previous.presign,
    copy,
    ...rendered,
    engines,
    ledger: ledger ?? previous.ledger,
  };
  if (!want('stack') && !want('router') && !want('first_request')) {
    return await writeResults(ctx, { ...previous, ...partial, first_request: previous.first_request });
  }
  const renderer = partial.renderer;
  if (!renderer && want('stack'))
    throw new Error('the stack sections need renderer results: run the renderer section first');

  const seeded = await seedStack(ctx);
  const firstRequest = await firstRequestStep(ctx, seeded, bundle);
  if (!want('stack') && !want('router')) {
    await ctx.cleanup();
    return await writeResults(ctx, { ...previous, ...partial, first_request: firstRequest });
  }

  const router = await routerStep(seeded);
  if (!want('stack') || !renderer) {
    await ctx.cleanup();
    return await writeResults(ctx, { ...previous, ...partial, first_request: firstRequest, router });
  }

  const scaling = await scalingStep(seeded);
  const { pipeline, runs, failures } = await pipelineStep(ctx, seeded.s, renderer);
  const cost = await costStep(seeded.s, renderer, pipeline, runs);
  ctx.failuresOf('stack', failures);
  await ctx.cleanup();
  return await writeResults(ctx, {
    ...partial,
    first_request: firstRequest,
    router,
    scaling,
    pipeline,
    cost,
  });
}

(process.argv.includes('--markdown') ? markdownOnly() : main()).then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
