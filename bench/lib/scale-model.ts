/**
 * The scale model on paper: 1,000 agencies and 1M images a day, in closed form. Prices and
 * per-image DynamoDB units come from cost.ts (one price table), measured durations and item
 * sizes from a bench run. `npm run scale-model` prints it; scale-sim.ts checks the queue,
 * worker and quota figures by simulation; docs/scale.md explains every line.
 */
import { ASSUMPTIONS, type CostInput, costPer1000, dynamoUnitsPerImage } from './cost.ts';

/** DynamoDB's documented ceilings for one partition (and so for one item). */
export const DYNAMO_PARTITION = { wcuPerSecond: 1000, rcuPerSecond: 3000 } as const;
/** Lambda's default concurrent executions per account and region (raisable). */
export const LAMBDA_ACCOUNT_CONCURRENCY = 1000;
/** SQS standard queues: messages in flight per queue before ReceiveMessage returns OverLimit. */
export const SQS_STANDARD_MAX_IN_FLIGHT = 120_000;

export type ScaleAssumptions = {
  agencies: number;
  imagesPerDay: number;
  /** Peak hour's rate over the day's mean (agencies work office hours in a few time zones). */
  peakToMean: number;
  /** The largest agency's share of all images. */
  largestAgencyShare: number;
  imagesPerBatch: number;
  /** Router requests per batch besides generate_creatives, get_job and list_creatives. */
  otherRequestsPerBatch: Record<string, number>;
  /** Seconds of one Bedrock image call (wall time, billed on the worker). */
  bedrockSeconds: number;
  /** The account's Bedrock on-demand quota for the image model, images per minute. */
  bedrockQuotaRpm: number;
  /** SQS maximum concurrency of the worker's event source (lib/settings.ts). */
  workerMaxConcurrency: number;
  /** Messages per worker invocation (lib/stateless-stack.ts), processed one after another. */
  workerBatchSize: number;
  /** The API stage's steady rate limit, requests per second (lib/settings.ts). */
  apiThrottleRateLimit: number;
};

export const DEFAULT_SCALE: Omit<
  ScaleAssumptions,
  'workerMaxConcurrency' | 'workerBatchSize' | 'apiThrottleRateLimit'
> = {
  agencies: 1000,
  imagesPerDay: 1_000_000,
  peakToMean: 3,
  largestAgencyShare: 0.05,
  imagesPerBatch: ASSUMPTIONS.imagesPerBatch,
  otherRequestsPerBatch: {
    create_campaign: 1,
    generate_angles: 1,
    prepare_campaign: 1,
    list_campaigns: 2,
    list_clients: 1,
    get_credits: 1,
  },
  bedrockSeconds: 15,
  bedrockQuotaRpm: 2500,
};

export type Rate = { mean: number; peak: number };
const rate = (perDay: number, peakToMean: number): Rate => ({
  mean: perDay / 86_400,
  peak: (perDay / 86_400) * peakToMean,
});

/** Little's law: concurrency = arrival rate × time in the system. */
export const littleConcurrency = (perSecond: number, seconds: number) => perSecond * seconds;

/**
 * A worker holding one Bedrock call at a time spends `bedrockSeconds + otherSeconds` per image,
 * so `concurrency` workers call the model at most concurrency / that many times a second. The
 * concurrency that just uses a quota of `rpm` is rpm/60 × seconds per image: more only turns
 * into throttled calls, fewer leaves quota unused.
 */
export function concurrencyForQuota(rpm: number, secondsPerImage: number): number {
  // A product that is a whole number in exact arithmetic (3,998 rpm × 60 s) must not round up to
  // one worker more because of floating-point noise.
  return Math.ceil((rpm * secondsPerImage) / 60 - 1e-9);
}

export function imagesPerSecondAt(concurrency: number, secondsPerImage: number, rpm: number): number {
  return Math.min(concurrency / secondsPerImage, rpm / 60);
}

/** The whole model: request and image rates, DynamoDB, hot keys, SQS, Bedrock, Lambda, cost per day. */
export function scaleModel(a: ScaleAssumptions, measured: CostInput) {
  const images = rate(a.imagesPerDay, a.peakToMean);
  const { requests, totalRequests } = requestRates(a);
  const { dynamo, dynamoTotal } = dynamoByAccessPattern(measured, images);
  const secondsPerImage =
    a.bedrockSeconds + Math.max(0, measured.workerMsTemplate - measured.templateVisualMs) / 1000;
  const fleetImagesPerSecond = imagesPerSecondAt(a.workerMaxConcurrency, secondsPerImage, a.bedrockQuotaRpm);
  const bedrock = bedrockFleet(a, images, secondsPerImage, fleetImagesPerSecond);
  const thousands = a.imagesPerDay / 1000;
  return {
    assumptions: a,
    images_per_s: images,
    requests_per_s: requests,
    requests_per_s_total: totalRequests,
    dynamo,
    dynamo_total: dynamoTotal,
    hot: hotPartitions(a, measured, images, fleetImagesPerSecond),
    sqs: sqsCalls(a, images, secondsPerImage),
    bedrock,
    lambda: lambdaConcurrency(a, measured, requests, totalRequests, bedrock.required_concurrency.peak),
    cost_per_day: costPer1000(measured).scenarios.map((s) => ({
      scenario: s.name,
      usd_per_day: s.totalUsd * thousands,
    })),
  };
}

/** Router requests per second by action, and in all. */
function requestRates(a: ScaleAssumptions) {
  const batchesPerDay = a.imagesPerDay / a.imagesPerBatch;
  const requestsPerDay: Record<string, number> = {
    generate_creatives: batchesPerDay,
    get_job: batchesPerDay * ASSUMPTIONS.pollsPerBatch,
    list_creatives: a.imagesPerDay / ASSUMPTIONS.pageSize,
  };
  for (const [action, perBatch] of Object.entries(a.otherRequestsPerBatch)) {
    requestsPerDay[action] = batchesPerDay * perBatch;
  }
  const requests = Object.fromEntries(
    Object.entries(requestsPerDay).map(([k, v]) => [k, rate(v, a.peakToMean)]),
  ) as Record<string, Rate>;
  const totalRequests = rate(
    Object.values(requestsPerDay).reduce((s, v) => s + v, 0),
    a.peakToMean,
  );
  return { requests, totalRequests };
}

/** DynamoDB by access pattern: the per-image units of cost.ts × images per second. */
function dynamoByAccessPattern(measured: CostInput, images: Rate) {
  const units = dynamoUnitsPerImage(measured.items);
  const perImage = {
    'slot claim (worker UpdateItem, base + gsi1 + gsi2)': { wru: units.worker.claimWru, rru: 0 },
    'job running mark (conditional UpdateItem)': { wru: units.worker.markRunningWru, rru: 0 },
    'settle (TransactWrite slot + account ledger + job)': { wru: units.worker.settleWru, rru: 0 },
    'job finalize (once per batch)': { wru: units.worker.finalizeWru, rru: 0 },
    'worker reads (campaign, brand kit, job)': { wru: 0, rru: units.worker.readsRru },
    'slot puts (generate_creatives BatchWrite)': { wru: units.router.slotPutWru, rru: 0 },
    'reservation + campaign prepare (per batch)': { wru: units.router.perBatchWru, rru: 0 },
    'router reads (API key, account, campaign, job polls, creative pages)': {
      wru: 0,
      rru: units.router.readsRru,
    },
  };
  const dynamo = Object.fromEntries(
    Object.entries(perImage).map(([k, u]) => [
      k,
      {
        wru: { mean: u.wru * images.mean, peak: u.wru * images.peak },
        rru: { mean: u.rru * images.mean, peak: u.rru * images.peak },
      },
    ]),
  );
  const dynamoTotal = {
    wru: { mean: units.wru * images.mean, peak: units.wru * images.peak },
    rru: { mean: units.rru * images.mean, peak: units.rru * images.peak },
  };
  return { dynamo, dynamoTotal };
}

/** The hottest keys: the largest agency's account key and ledger item, the open-jobs index partition. */
function hotPartitions(a: ScaleAssumptions, measured: CostInput, images: Rate, fleetImagesPerSecond: number) {
  const kb = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));
  const largest = rate(a.imagesPerDay * a.largestAgencyShare, a.peakToMean);
  // Every settle and every reservation of an account is a transactional write of its one ledger
  // item (2 WRU per KB). An account cannot settle faster than the whole fleet makes images.
  const ledgerWcuPerWrite = 2 * kb(measured.items.account);
  const ledgerWritesPeak = largest.peak + largest.peak / a.imagesPerBatch;
  const ledgerWritesCeiling = fleetImagesPerSecond * (1 + 1 / a.imagesPerBatch);
  // Every open job sits in gsi2 under the single key JOBS#open (projection ALL): each settle
  // rewrites its job, so the index partition takes one job-sized write per image, for all accounts.
  const openJobsWcuPerImage = kb(measured.items.job);
  // The ledger item shares its partition key ACCOUNT#<id> with the account's jobs: per image the
  // settle also writes the job (2 WRU per KB) and the running mark writes it (1 per KB, billed
  // when its condition fails too). DynamoDB can split a key's items across partitions when they
  // are hot (split for heat), but never one item: the ledger item is the hard limit.
  const accountKeyWcuPerImage = ledgerWcuPerWrite + 3 * kb(measured.items.job);
  return {
    largest_agency_images_per_s: largest,
    account_key: {
      wcu_per_image: accountKeyWcuPerImage,
      wcu_per_s_peak: largest.peak * accountKeyWcuPerImage,
    },
    ledger_item: {
      wcu_per_write: ledgerWcuPerWrite,
      writes_per_s_peak: ledgerWritesPeak,
      wcu_per_s_peak: ledgerWritesPeak * ledgerWcuPerWrite,
      headroom_peak: DYNAMO_PARTITION.wcuPerSecond / (ledgerWritesPeak * ledgerWcuPerWrite),
      /** If one account had the whole fleet to itself. */
      wcu_per_s_at_fleet_ceiling: ledgerWritesCeiling * ledgerWcuPerWrite,
      /** Images per second one account could settle before its item reaches 1,000 WCU/s. */
      images_per_s_at_item_limit:
        DYNAMO_PARTITION.wcuPerSecond / ledgerWcuPerWrite / (1 + 1 / a.imagesPerBatch),
    },
    open_jobs_index: {
      wcu_per_s_peak: images.peak * openJobsWcuPerImage,
      headroom_peak: DYNAMO_PARTITION.wcuPerSecond / (images.peak * openJobsWcuPerImage),
      /** Images per day (at this peak factor) at which the one index partition reaches its limit. */
      images_per_day_at_limit: (DYNAMO_PARTITION.wcuPerSecond / openJobsWcuPerImage / a.peakToMean) * 86_400,
    },
  };
}

/** SQS: a send per ten images (SendMessageBatch), a receive per worker batch, a delete per image. */
function sqsCalls(a: ScaleAssumptions, images: Rate, secondsPerImage: number) {
  return {
    send_calls_per_s: { mean: images.mean / 10, peak: images.peak / 10 },
    receive_calls_per_s: { mean: images.mean / a.workerBatchSize, peak: images.peak / a.workerBatchSize },
    delete_calls_per_s: images,
    /** Messages held by running workers: each invocation holds its whole batch. */
    in_flight_at_max_concurrency: a.workerMaxConcurrency * a.workerBatchSize,
    in_flight_limit: SQS_STANDARD_MAX_IN_FLIGHT,
    /** A batch is processed one image after another: the last waits for the four before it. */
    seconds_per_invocation: a.workerBatchSize * secondsPerImage,
  };
}

/** Bedrock and the worker fleet: the rate and concurrency needed, the quota's and the configured ceilings. */
function bedrockFleet(
  a: ScaleAssumptions,
  images: Rate,
  secondsPerImage: number,
  fleetImagesPerSecond: number,
) {
  return {
    seconds_per_image: secondsPerImage,
    required_rpm: { mean: images.mean * 60, peak: images.peak * 60 },
    required_concurrency: {
      mean: littleConcurrency(images.mean, secondsPerImage),
      peak: littleConcurrency(images.peak, secondsPerImage),
    },
    quota_rpm: a.bedrockQuotaRpm,
    concurrency_for_quota: concurrencyForQuota(a.bedrockQuotaRpm, secondsPerImage),
    configured_concurrency: a.workerMaxConcurrency,
    configured_images_per_s: fleetImagesPerSecond,
    configured_images_per_day: fleetImagesPerSecond * 86_400,
    quota_images_per_day: (a.bedrockQuotaRpm / 60) * 86_400,
    bottleneck:
      a.workerMaxConcurrency / secondsPerImage < a.bedrockQuotaRpm / 60
        ? ('workerMaxConcurrency' as const)
        : ('bedrock quota' as const),
  };
}

/** Lambda: the router's concurrency by Little's law, the worker's at peak, the account's limit. */
function lambdaConcurrency(
  a: ScaleAssumptions,
  measured: CostInput,
  requests: Record<string, Rate>,
  totalRequests: Rate,
  workerConcurrencyPeak: number,
) {
  const routerSeconds = (action: string) => {
    if (action === 'generate_creatives') return measured.routerMs.generatePerBatch / 1000;
    if (action === 'list_creatives') return measured.routerMs.listCreatives / 1000;
    return measured.routerMs.getJob / 1000;
  };
  const routerConcurrency = Object.entries(requests).reduce(
    (s, [action, r]) => ({
      mean: s.mean + littleConcurrency(r.mean, routerSeconds(action)),
      peak: s.peak + littleConcurrency(r.peak, routerSeconds(action)),
    }),
    { mean: 0, peak: 0 },
  );
  return {
    router_concurrency: routerConcurrency,
    worker_concurrency_needed_peak: workerConcurrencyPeak,
    account_limit: LAMBDA_ACCOUNT_CONCURRENCY,
    api_throttle_rate_limit: a.apiThrottleRateLimit,
    api_peak_over_throttle: totalRequests.peak / a.apiThrottleRateLimit,
  };
}
