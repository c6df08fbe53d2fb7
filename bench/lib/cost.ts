/**
 * AWS cost per 1,000 images on paper, from the stack's settings (read from
 * lib/stateless-stack.ts), the durations measured in this run, the DynamoDB item sizes of this
 * run and the per-image operations of the code (counted by the meter in this run). Model fees
 * are separate. docs/cost.md explains every line.
 */
import { readFile } from 'node:fs/promises';
import { STABILITY_SIZES, type StabilityRatio } from '#core/images/bedrock-stability.ts';
import { deliverySize, parseRatio } from '#core/images/sizes.ts';
import { planVisual } from '#generate/shared-visual.ts';

/**
 * us-east-1 on-demand list prices as published in 2025 (DynamoDB on-demand after its
 * November 2024 price cut), not re-checked when the bench runs: check the AWS pricing pages
 * before relying on them.
 */
export const PRICES = {
  asOf: '2025 list prices (DynamoDB after the Nov 2024 cut); not re-checked at run time',
  lambdaArmGbSecond: 0.0000133334,
  lambdaPerMillionRequests: 0.2,
  dynamoPerMillionWru: 0.625,
  dynamoPerMillionRru: 0.125,
  s3PutPer1000: 0.005,
  s3GetPer1000: 0.0004,
  s3StandardGbMonth: 0.023,
  sqsPerMillionRequests: 0.4,
  apiGatewayRestPerMillion: 3.5,
  logsIngestPerGb: 0.5,
  xrayPerMillionTraces: 5,
  dataTransferOutPerGb: 0.09,
  /**
   * Model fee per call, an assumption from the project's Bedrock notes (Stability on Bedrock
   * ≈ $0.03–0.14 per image); the mid value, not a quoted price.
   */
  modelFeePerCall: 0.08,
} as const;

/**
 * What a deployed stack costs with no traffic, per month: the prices (same source and caveat as
 * PRICES) and how Lambda polls an SQS event source (5 pollers at first, each a 20 s long poll).
 * docs/deploy.md's idle table multiplies them by what the synthesized template holds.
 */
export const IDLE_PRICES = {
  cloudwatchAlarmMetricMonth: 0.1,
  cloudwatchDashboardMonth: 3,
  freeDashboards: 3,
  freeAlarmMetrics: 10,
  sqsPollersPerEventSource: 5,
  sqsLongPollSeconds: 20,
  schedulerPerMillionAfterFree: 1,
  schedulerFreeInvocationsMonth: 14_000_000,
  secondsPerMonth: 30 * 24 * 3600,
} as const;

/** The ratio mix the Bedrock scenarios assume: a campaign for feeds, stories and video. */
export const CAMPAIGN_RATIOS = ['1:1', '4:5', '9:16', '16:9'] as const;

/**
 * Model calls per delivered image for one angle and variant in these ratios: one per
 * orientation family the ratios need (the worker's own plan, with Stability's native sizes),
 * against one per ratio before visuals were shared.
 */
export function modelCallsPerImage(ratios: readonly string[]): { shared: number; perRatio: number } {
  const stability = {
    nativeSize: (r: { w: number; h: number }) =>
      STABILITY_SIZES[`${r.w}:${r.h}` as StabilityRatio] ?? STABILITY_SIZES['1:1'],
  };
  const families = new Set(
    ratios.map((label) => {
      const ratio = parseRatio(label);
      return planVisual(stability, ratio, deliverySize(ratio)).family;
    }),
  );
  return { shared: families.size / ratios.length, perRatio: 1 };
}

export type StackSettings = { routerMb: number; workerMb: number; workerBatchSize: number };

/** Memory sizes and the worker's SQS batch size as the CDK stack declares them. */
export async function readStackSettings(): Promise<StackSettings> {
  const text = await readFile(new URL('../../lib/stateless-stack.ts', import.meta.url), 'utf8');
  const memoryOf = (id: string) => {
    const m = new RegExp(`new NodeFunction\\(this, '${id}'[\\s\\S]*?memorySize: (\\d+)`).exec(text);
    if (!m?.[1]) throw new Error(`memorySize of ${id} not found in lib/stateless-stack.ts`);
    return Number(m[1]);
  };
  const batch = /this\.worker\.fn\.addEventSource\([\s\S]*?batchSize: (\d+)/.exec(text);
  if (!batch?.[1]) throw new Error('worker batchSize not found in lib/stateless-stack.ts');
  return { routerMb: memoryOf('Router'), workerMb: memoryOf('Worker'), workerBatchSize: Number(batch[1]) };
}

export type ItemSizes = {
  apiKey: number;
  account: number;
  campaign: number;
  brandKit: number;
  job: number;
  slotPending: number;
  slotSucceeded: number;
};

export type CostInput = {
  settings: StackSettings;
  /** Worker handler time per image with the offline template model (ms, measured). */
  workerMsTemplate: number;
  /** Of which the template model's visual (ms, measured by the renderer bench). */
  templateVisualMs: number;
  /** Router handler times (ms, measured). */
  routerMs: { generatePerBatch: number; getJob: number; listCreatives: number };
  items: ItemSizes;
  pngBytes: number;
  bedrockSeconds: readonly number[];
};

/** Assumptions about callers (not measurable locally), stated in the results and docs/cost.md. */
export const ASSUMPTIONS = {
  images: 1000,
  imagesPerBatch: 100,
  /** get_job polls per batch (every 5 s for about 4 minutes). */
  pollsPerBatch: 50,
  pageSize: 50,
  viewsPerImage: 1,
  /** Log bytes ingested per image (the worker's slot line and its EMF line), and per request. */
  logBytesPerImage: 1500,
  logBytesPerRequest: 800,
} as const;

export type CostLine = { item: string; quantity: number; unit: string; usd: number };
export type CostScenario = {
  name: string;
  workerSecondsPerImage: number;
  lines: CostLine[];
  /** AWS cost, model fee excluded. */
  totalUsd: number;
  /** Paid model calls per delivered image (0 offline). */
  modelCallsPerImage: number;
  /** The model fee per 1,000 images at {@link PRICES.modelFeePerCall}. */
  modelFeeUsd: number;
};

/** Lambda allocates CPU in proportion to memory: one full vCPU at 1,769 MB. */
export const LAMBDA_FULL_VCPU_MB = 1769;

const kb = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
const rk = (bytes: number) => Math.max(1, Math.ceil(bytes / 4096));

/** DynamoDB request units per image, by where they are spent (AWS sizing rules, this run's item sizes). */
export function dynamoUnitsPerImage(items: ItemSizes) {
  const a = ASSUMPTIONS;
  const slotP = kb(items.slotPending);
  const slotS = kb(items.slotSucceeded);
  const job = kb(items.job);
  const account = kb(items.account);
  const campaign = kb(items.campaign);
  const perBatch = 1 / a.imagesPerBatch;
  // Worker, per image (lambdas/generate/process-slot.ts).
  const worker = {
    // claim: UpdateItem of the slot; gsi1 and gsi2 project ALL, so both index copies are rewritten.
    claimWru: 3 * slotS,
    // markJobRunning: conditional UpdateItem; fails (still billed) on every image but the first.
    markRunningWru: job + perBatch * job,
    // settle: TransactWrite of slot + account + job at 2 WRU/KB; index writes: slot gsi1 key
    // changes (delete + put), slot gsi2 and the open job's gsi2 rewritten.
    settleWru: 2 * (slotS + account + job) + (2 * slotS + slotS + job),
    // finalize: once per batch, UpdateItem of the job removing it from gsi2.
    finalizeWru: perBatch * (job + job),
    // campaign, brand kit (strong), job (finalizeJobIfDone reads it every image), once more per batch.
    readsRru: rk(items.campaign) + rk(items.brandKit) + rk(items.job) + perBatch * rk(items.job),
  };
  // Router, per image: generate_creatives amortised over its batch, plus listing and polling.
  const pageBytes = a.pageSize * items.slotSucceeded;
  const router = {
    // BatchWriteItem of the pending slot: base + gsi1 + gsi2.
    slotPutWru: 3 * slotP,
    // reserve (TransactWrite: account update + job put, 2 WRU/KB, + job's gsi2), prepare (campaign
    // UpdateItem: base + gsi1), once per batch.
    perBatchWru: perBatch * (2 * (account + job) + job + 2 * campaign),
    // per request: API key GetItem (strong). generate: + account + campaign; poll: + job;
    // list page: + campaign + the page from gsi1 (eventually consistent: half a unit per 4 KB).
    readsRru:
      perBatch * (rk(items.apiKey) + rk(items.account) + rk(items.campaign)) +
      perBatch * a.pollsPerBatch * (rk(items.apiKey) + rk(items.job)) +
      (1 / a.pageSize) * (rk(items.apiKey) + rk(items.campaign) + 0.5 * Math.ceil(pageBytes / 4096)),
  };
  const wru =
    worker.claimWru +
    worker.markRunningWru +
    worker.settleWru +
    worker.finalizeWru +
    router.slotPutWru +
    router.perBatchWru;
  const rru = worker.readsRru + router.readsRru;
  return { worker, router, wru, rru };
}

/** Worker seconds per image and paid model calls per image, offline and for each Bedrock call time. */
function scenariosOf(input: CostInput): { name: string; seconds: number; callsPerImage: number }[] {
  // The worker's own time was measured on a full core; Lambda gives a full vCPU at 1,769 MB and
  // a share below it, so that part stretches (an upper bound: claim, put and settle wait on I/O).
  const cpuStretch = Math.max(1, LAMBDA_FULL_VCPU_MB / input.settings.workerMb);
  const templateMs = input.workerMsTemplate * cpuStretch;
  const nonModelMs = Math.max(0, input.workerMsTemplate - input.templateVisualMs) * cpuStretch;
  const calls = modelCallsPerImage(CAMPAIGN_RATIOS);
  // Only the slot that makes a shared visual waits on the model; its siblings read it from S3.
  return [
    { name: 'offline template model (measured)', seconds: templateMs / 1000, callsPerImage: 0 },
    ...input.bedrockSeconds.flatMap((s) => [
      {
        name: `Bedrock image model, ${s} s per call, one call per image (before)`,
        seconds: s + nonModelMs / 1000,
        callsPerImage: calls.perRatio,
      },
      {
        name: `Bedrock image model, ${s} s per call, one visual per orientation family (${CAMPAIGN_RATIOS.join(' + ')})`,
        seconds: s * calls.shared + nonModelMs / 1000,
        callsPerImage: calls.shared,
      },
    ]),
  ];
}

/** The AWS lines of 1,000 images for one scenario: `seconds` of worker time per image. */
function costLines(
  input: CostInput,
  dynamo: ReturnType<typeof dynamoUnitsPerImage>,
  seconds: number,
  router: { requests: number; seconds: number },
): CostLine[] {
  const a = ASSUMPTIONS;
  const n = a.images;
  const p = PRICES;
  const routerRequests = router.requests;
  const routerSeconds = router.seconds;
  const workerGb = input.settings.workerMb / 1024;
  const routerGb = input.settings.routerMb / 1024;
  return [
    {
      item: `Lambda worker compute (${input.settings.workerMb} MB arm64, ${seconds.toFixed(2)} s per image)`,
      quantity: n * seconds * workerGb,
      unit: 'GB-s',
      usd: n * seconds * workerGb * p.lambdaArmGbSecond,
    },
    {
      item:
        'Lambda worker invocations (at most one per image; batches of up to ' +
        `${input.settings.workerBatchSize})`,
      quantity: n,
      unit: 'requests',
      usd: (n / 1e6) * p.lambdaPerMillionRequests,
    },
    {
      item: `Lambda router compute (${input.settings.routerMb} MB) and invocations`,
      quantity: routerRequests,
      unit: 'requests',
      usd:
        routerSeconds * routerGb * p.lambdaArmGbSecond + (routerRequests / 1e6) * p.lambdaPerMillionRequests,
    },
    {
      item: 'API Gateway REST requests',
      quantity: routerRequests,
      unit: 'requests',
      usd: (routerRequests / 1e6) * p.apiGatewayRestPerMillion,
    },
    {
      item: 'DynamoDB on-demand writes',
      quantity: n * dynamo.wru,
      unit: 'WRU',
      usd: ((n * dynamo.wru) / 1e6) * p.dynamoPerMillionWru,
    },
    {
      item: 'DynamoDB on-demand reads',
      quantity: n * dynamo.rru,
      unit: 'RRU',
      usd: ((n * dynamo.rru) / 1e6) * p.dynamoPerMillionRru,
    },
    { item: 'S3 PUT (one PNG per image)', quantity: n, unit: 'PUT', usd: (n / 1000) * p.s3PutPer1000 },
    {
      item: `S3 GET (${a.viewsPerImage} view per image through its presigned URL)`,
      quantity: n * a.viewsPerImage,
      unit: 'GET',
      usd: ((n * a.viewsPerImage) / 1000) * p.s3GetPer1000,
    },
    {
      item: 'S3 storage, first month',
      quantity: (n * input.pngBytes) / 1e9,
      unit: 'GB-month',
      usd: ((n * input.pngBytes) / 1e9) * p.s3StandardGbMonth,
    },
    {
      item: `Data transfer out to the internet (${a.viewsPerImage} download per image, past the free 100 GB a month)`,
      quantity: (n * a.viewsPerImage * input.pngBytes) / 1e9,
      unit: 'GB',
      usd: ((n * a.viewsPerImage * input.pngBytes) / 1e9) * p.dataTransferOutPerGb,
    },
    {
      item: 'SQS requests (send in tens; receive + delete, at most one each per image)',
      quantity: n / 10 + 2 * n,
      unit: 'requests',
      usd: ((n / 10 + 2 * n) / 1e6) * p.sqsPerMillionRequests,
    },
    {
      item: 'CloudWatch Logs ingestion',
      quantity: (n * a.logBytesPerImage + routerRequests * a.logBytesPerRequest) / 1e9,
      unit: 'GB',
      usd: ((n * a.logBytesPerImage + routerRequests * a.logBytesPerRequest) / 1e9) * p.logsIngestPerGb,
    },
    {
      item: 'X-Ray traces (upper bound: every invocation sampled)',
      quantity: n + routerRequests,
      unit: 'traces',
      usd: ((n + routerRequests) / 1e6) * p.xrayPerMillionTraces,
    },
  ];
}

export function costPer1000(input: CostInput): {
  scenarios: CostScenario[];
  dynamo: ReturnType<typeof dynamoUnitsPerImage>;
} {
  const a = ASSUMPTIONS;
  const n = a.images;
  const p = PRICES;
  const dynamo = dynamoUnitsPerImage(input.items);
  const batches = n / a.imagesPerBatch;
  const routerRequests = batches * (1 + a.pollsPerBatch) + n / a.pageSize;
  const routerSeconds =
    (batches * input.routerMs.generatePerBatch +
      batches * a.pollsPerBatch * input.routerMs.getJob +
      (n / a.pageSize) * input.routerMs.listCreatives) /
    1000;
  const scenarios = scenariosOf(input);
  return {
    dynamo,
    scenarios: scenarios.map(({ name, seconds, callsPerImage }) => {
      const lines = costLines(input, dynamo, seconds, { requests: routerRequests, seconds: routerSeconds });
      return {
        name,
        workerSecondsPerImage: seconds,
        lines,
        totalUsd: lines.reduce((s, l) => s + l.usd, 0),
        modelCallsPerImage: callsPerImage,
        modelFeeUsd: n * callsPerImage * p.modelFeePerCall,
      };
    }),
  };
}
