import { Logger } from '@aws-lambda-powertools/logger';
import type { ImageModel } from '#core/images/types.ts';
import { isFinalJobStatus } from '#core/job-status.ts';
import { c2paManifestWriter } from '#core/provenance/c2pa.ts';
import type { ManifestWriter } from '#core/provenance/manifest.ts';
import { createImageModel, createWorkerDeps } from '#generate/deps.ts';
import type { ComposeFn, WorkerDeps } from '#generate/process-slot.ts';
import { createDeadLetterHandler, createWorkerHandler } from '#generate/worker.ts';
import { generateLocalClaimSigner } from '#local/c2pa-signer.ts';
import { startWorkerLoop } from '#local/worker-loop.ts';
import type { TestApi } from './harness.ts';

export const silent = new Logger({ serviceName: 'adgen-test', logLevel: 'SILENT' });

/** One generated C2PA chain per test process (ADR 0047); its root is the anchor readers are given. */
export const testClaimSigner = generateLocalClaimSigner();

/**
 * Worker dependencies over the test API's table, bucket and queue, with the offline template
 * model by default, and a C2PA manifest on every creative as the local stack signs them.
 */
export function workerDepsFor(api: TestApi, overrides: Partial<WorkerDeps> = {}): WorkerDeps {
  const model: ImageModel = createImageModel(api.deps.config);
  const signer = testClaimSigner;
  const manifestWriter: ManifestWriter = {
    embed: async (png, claim) => c2paManifestWriter(await signer).embed(png, claim),
  };
  return { ...createWorkerDeps(api.deps, model), manifestWriter, ...overrides };
}

/** The local event source: pollers feeding the real worker handler, and a DLQ consumer. */
export function runWorkers(api: TestApi, deps: WorkerDeps = workerDepsFor(api), concurrency = 2) {
  const worker = startWorkerLoop({
    sqs: api.deps.sqs,
    queueUrl: api.queueUrl,
    handler: createWorkerHandler(deps, silent),
    concurrency,
  });
  const deadLetters = startWorkerLoop({
    sqs: api.deps.sqs,
    queueUrl: api.dlqUrl,
    handler: createDeadLetterHandler(deps, silent),
    concurrency: 1,
  });
  return {
    stop: async () => {
      await Promise.all([worker.stop(), deadLetters.stop()]);
    },
  };
}

/** Polls until `check` answers a value, as callers poll list_creatives. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 60_000,
  everyMs = 200,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** get_job until the job is final (the worker finalises it right after its last settlement). */
export function finalJobOf(api: TestApi, account: { apiKey: string }, jobId: string, timeoutMs = 180_000) {
  return eventually(async () => {
    const job = (await api.call('get_job', { job_id: jobId }, account)).body.job;
    return isFinalJobStatus(job.status) ? job : undefined;
  }, timeoutMs);
}

/**
 * The real compositor behind a gate: the first `free` images pass, the next ones wait (their
 * slots claimed and running) until `open()`. It makes "mid-run" exact instead of a race.
 */
export function gatedCompose(base: ComposeFn, free: number) {
  let started = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const compose: ComposeFn = async (input) => {
    started += 1;
    if (started > free) await gate;
    return base(input);
  };
  return { compose, open: () => release(), started: () => started };
}
