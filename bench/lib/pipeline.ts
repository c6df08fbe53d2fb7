import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { createImageModel, createWorkerDeps } from '#generate/deps.ts';
import { createDeadLetterHandler, createWorkerHandler } from '#generate/worker.ts';
import { startWorkerLoop } from '#local/worker-loop.ts';
import type { BenchStack } from './stack.ts';
import { silent } from './stack.ts';

/** The sizes of the renderer bench, so the batch and the ceiling are the same mix. */
export const PIPELINE_RATIOS = '1:1,4:5,9:16,191:100';

export type PipelineRun = {
  campaign_id: string;
  workers: number;
  images: number;
  succeeded: number;
  failed: number;
  /** POST generate_creatives answered (reserve, write slots, enqueue). */
  dispatch_ms: number;
  /** POST generate_creatives → list_creatives shows every image with its URL. */
  total_ms: number;
  creatives_per_min: number;
  /** PNGs fetched through their presigned URLs afterwards (not timed). */
  pngs_verified: number;
  /** Time the worker handler spent per message (what Lambda would bill, less cold starts). */
  worker_ms: number[];
};

type Job = { job: { jobs: number; succeeded: number; failed: number; status: string } };
type Creatives = { creatives: { image_url: string | null }[] };

async function verifyPngs(urls: string[]): Promise<number> {
  let ok = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < urls.length) {
        const url = urls[next++] as string;
        if (new URL(url).hostname !== '127.0.0.1') continue;
        const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
        const bytes = Buffer.from(await res.arrayBuffer());
        if (res.ok && bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]))) ok++;
      }
    }),
  );
  return ok;
}

/**
 * One end-to-end batch: a new campaign of `images` creatives over the four sizes, ordered over
 * HTTP, made by `workers` local pollers running the real worker handler (the template model),
 * polled with get_job as a caller would, finished when list_creatives lists every PNG.
 * The AWS calls of the worker (whole run) and of the router (the order and the final listing,
 * not the polls) are counted when `meter` is true.
 */
export async function runPipeline(
  stack: BenchStack,
  clientId: string,
  options: { workers: number; images: number; maxMs: number; meter: boolean },
): Promise<PipelineRun> {
  const perRatio = options.images / PIPELINE_RATIOS.split(',').length;
  const campaign = await stack.call<{ campaign: { id: string } }>('create_campaign', {
    client_id: clientId,
    name: `Pipeline ${options.workers}w`,
    aspect_ratio: PIPELINE_RATIOS,
    volume: perRatio * PIPELINE_RATIOS.split(',').length,
    offer_text: '30% off your first bag',
    cta_text: 'Shop now',
  });
  if (campaign.status !== 200) throw new Error(`create_campaign answered ${campaign.status}`);
  const campaignId = campaign.body.campaign.id;

  const workerDeps = createWorkerDeps(stack.workerDeps, createImageModel(stack.config));
  const inner = createWorkerHandler(workerDeps, silent);
  const workerMs: number[] = [];
  const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const t = performance.now();
    try {
      return await inner(event);
    } finally {
      workerMs.push((performance.now() - t) / Math.max(1, event.Records.length));
    }
  };
  const workers = startWorkerLoop({
    sqs: stack.workerDeps.sqs,
    queueUrl: stack.queueUrl,
    handler,
    concurrency: options.workers,
  });
  const deadLetters = startWorkerLoop({
    sqs: stack.workerDeps.sqs,
    queueUrl: stack.dlqUrl,
    handler: createDeadLetterHandler(stack.workerDeps, silent),
    concurrency: 1,
  });
  try {
    if (options.meter) {
      stack.meter.reset();
      stack.meter.active.add('worker');
      stack.meter.active.add('router');
    }
    stack.setHandlerLabel('generate_creatives (100 images)');
    const started = performance.now();
    const order = await stack.call<{ job_id: string; jobs: number }>('generate_creatives', {
      campaign_id: campaignId,
    });
    const dispatchMs = performance.now() - started;
    stack.meter.active.delete('router');
    stack.setHandlerLabel('get_job');
    if (order.status !== 200) throw new Error(`generate_creatives answered ${order.status}`);
    if (order.body.jobs !== options.images)
      throw new Error(`expected ${options.images} jobs, got ${order.body.jobs}`);
    const deadline = started + options.maxMs;

    let job: Job['job'] | undefined;
    for (;;) {
      const res = await stack.call<Job>('get_job', { job_id: order.body.job_id });
      job = res.body.job;
      if (job && job.succeeded + job.failed >= job.jobs) break;
      if (performance.now() > deadline) throw new Error(`batch not done within ${options.maxMs} ms`);
      await new Promise((r) => setTimeout(r, 200));
    }
    stack.setHandlerLabel(undefined);
    let urls: string[] = [];
    for (;;) {
      if (options.meter) stack.meter.active.add('router');
      const list = await stack.call<Creatives>('list_creatives', { campaign_id: campaignId, limit: 100 });
      stack.meter.active.delete('router');
      urls = list.body.creatives.flatMap((c) => (c.image_url ? [c.image_url] : []));
      if (urls.length >= job.succeeded) break;
      if (performance.now() > deadline) throw new Error(`PNGs not listable within ${options.maxMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const totalMs = performance.now() - started;
    stack.meter.active.clear();
    return {
      campaign_id: campaignId,
      workers: options.workers,
      images: options.images,
      succeeded: job.succeeded,
      failed: job.failed,
      dispatch_ms: Math.round(dispatchMs),
      total_ms: Math.round(totalMs),
      creatives_per_min: Math.round((job.succeeded / (totalMs / 60_000)) * 10) / 10,
      pngs_verified: await verifyPngs(urls),
      worker_ms: workerMs,
    };
  } finally {
    stack.setHandlerLabel(undefined);
    stack.meter.active.clear();
    await Promise.all([workers.stop(), deadLetters.stop()]);
    // stop() aborts the pollers' long polls on our side only: the emulator finishes each one and
    // would hand the next run's first message to a poller that is gone, hiding it for the whole
    // visibility timeout. Let those polls (WaitTimeSeconds 1) run out on an empty queue first.
    await new Promise((r) => setTimeout(r, 1500));
  }
}
