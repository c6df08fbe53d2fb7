import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { createImageModel, createWorkerDeps } from '#generate/deps.ts';
import type { WorkerDeps } from '#generate/process-slot.ts';
import { createDeadLetterHandler, createWorkerHandler } from '#generate/worker.ts';
import { startWorkerLoop } from '#local/worker-loop.ts';
import type { BenchStack } from './stack.ts';
import { silent } from './stack.ts';

/**
 * Where one image's worker time goes, in the order the worker spends it: claiming the slot (and
 * marking the job running), reading its inputs (campaign, brand kit, angle, client, product and
 * logo), the image model (the template model is drawn in code when compose asks for the picture,
 * so its drawing counts in compose), composing the creative, the S3 put of the PNG, and settling the slot (its
 * transaction and the job's finalisation).
 */
export const PIPELINE_STAGES = ['claim', 'inputs', 'model', 'compose', 's3_put', 'settle'] as const;
export type PipelineStage = (typeof PIPELINE_STAGES)[number];

/**
 * Times the stages of each image by wrapping the worker's dependencies (DynamoDB and S3 sends,
 * the image model, compose); the worker's code is unchanged. It needs the records one at a time,
 * as one worker with `processInParallel: false` handles them: the stage of a DynamoDB call is
 * the image's current one (claim until its first read, settle once the put is done).
 */
function stageClock(deps: WorkerDeps) {
  let current: Record<PipelineStage, number> | undefined;
  let stage: PipelineStage = 'claim';
  const images: Record<PipelineStage, number>[] = [];
  const timed = <T>(at: PipelineStage, run: () => T): T => {
    const t = performance.now();
    const done = () => {
      if (current) current[at] += performance.now() - t;
    };
    const out = run();
    if (out instanceof Promise) return out.finally(done) as T;
    done();
    return out;
  };
  const sendOf =
    <C extends { send: (...a: never[]) => unknown }>(
      client: C,
      stageOf: (command: object) => PipelineStage,
    ) =>
    (command: object, ...rest: unknown[]) =>
      timed(stageOf(command), () => (client.send as (...a: unknown[]) => unknown)(command, ...rest));
  const wrap = <C extends object>(target: C, methods: Record<string, unknown>): C =>
    new Proxy(target, {
      get: (t, prop, receiver) =>
        typeof prop === 'string' && prop in methods ? methods[prop] : Reflect.get(t, prop, receiver),
    });
  const model = deps.imageModel;
  const wrapped: WorkerDeps = {
    ...deps,
    ddb: wrap(deps.ddb, {
      send: sendOf(deps.ddb, (command) => {
        if (stage === 'claim' && /^(Get|BatchGet|Query)Command$/.test(command.constructor.name))
          stage = 'inputs';
        if (stage === 's3_put') stage = 'settle';
        return stage;
      }),
    }),
    s3: wrap(deps.s3, {
      send: sendOf(deps.s3, (command) => {
        if (command.constructor.name !== 'PutObjectCommand') return stage;
        stage = 's3_put';
        return 's3_put';
      }),
    }),
    imageModel: wrap(model, {
      generate: (request: Parameters<typeof model.generate>[0]) =>
        timed('model', () => model.generate(request)),
      ...(model.draw
        ? {
            draw: (request: Parameters<NonNullable<typeof model.draw>>[0]) =>
              timed('model', () => model.draw?.(request)),
          }
        : {}),
    }),
    compose: (...args: Parameters<WorkerDeps['compose']>) => timed('compose', () => deps.compose(...args)),
  };
  return {
    deps: wrapped,
    /** Runs one record's handling, its stages counted as one image's. */
    image: async <T>(run: () => Promise<T>): Promise<T> => {
      current = { claim: 0, inputs: 0, model: 0, compose: 0, s3_put: 0, settle: 0 };
      stage = 'claim';
      try {
        return await run();
      } finally {
        images.push(current);
        current = undefined;
      }
    },
    images,
  };
}

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
  /** Per image, the time of each stage (runs with one worker only; see PIPELINE_STAGES). */
  stages_ms?: Record<PipelineStage, number>[];
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
  // One worker handles its records one at a time (processInParallel: false): handing them to it
  // one by one changes nothing but lets each image's stages be told apart.
  const clock = options.workers === 1 ? stageClock(workerDeps) : undefined;
  const inner = createWorkerHandler(clock?.deps ?? workerDeps, silent);
  const workerMs: number[] = [];
  const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const t = performance.now();
    try {
      if (!clock) return await inner(event);
      const failures: SQSBatchResponse['batchItemFailures'] = [];
      for (const record of event.Records) {
        const out = await clock.image(() => inner({ Records: [record] }));
        failures.push(...out.batchItemFailures);
      }
      return { batchItemFailures: failures };
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
      ...(clock ? { stages_ms: clock.images } : {}),
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
