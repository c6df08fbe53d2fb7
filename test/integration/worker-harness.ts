import { Logger } from '@aws-lambda-powertools/logger';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { expect } from 'vitest';
import { createStabilityImageModel } from '#core/images/bedrock-stability.ts';
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

/** Worker dependencies with SD3.5 Large through the Bedrock stand-in at `endpoint` (one attempt per call). */
export function standInWorkerDeps(api: TestApi, endpoint: string): WorkerDeps {
  const runtime = new BedrockRuntimeClient({
    region: 'us-east-1',
    endpoint,
    maxAttempts: 1,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    requestHandler: new NodeHttpHandler({ requestTimeout: 180_000 }),
  });
  return workerDepsFor(api, { imageModel: createStabilityImageModel(runtime, 'stability.sd3-5-large-v1:0') });
}

/**
 * Orders a campaign's creatives, waits for the job to be final and answers it with every
 * creative of the campaign (whatever its status).
 */
export async function orderAndWait(
  api: TestApi,
  account: { apiKey: string },
  campaignId: string,
  expected: number,
) {
  const res = await api.call('generate_creatives', { campaign_id: campaignId }, account);
  expect(res.status, res.text).toBe(200);
  expect(res.body.jobs).toBe(expected);
  const job = await finalJobOf(api, account, res.body.job_id, 240_000);
  const page = await api.call(
    'list_creatives',
    { campaign_id: campaignId, status: 'all', limit: 100 },
    account,
  );
  return { job, creatives: page.body.creatives as any[], jobId: res.body.job_id as string };
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
