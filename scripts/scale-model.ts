/**
 * `npm run scale-model`: 1,000 agencies and 1M images a day on paper (bench/lib/scale-model.ts),
 * checked by a discrete-event simulation (bench/lib/scale-sim.ts). Measured inputs (durations,
 * item sizes, the ledger's contention) come from bench/results.json; settings from
 * lib/settings.ts and lib/stateless-stack.ts. Prints markdown (docs/scale.md quotes it);
 * `--json` prints the raw figures.
 */
import { readFile } from 'node:fs/promises';
import type { CostInput } from '../bench/lib/cost.ts';
import { readStackSettings } from '../bench/lib/cost.ts';
import type { Results } from '../bench/lib/results.ts';
import {
  concurrencyForQuota,
  DEFAULT_SCALE,
  imagesPerSecondAt,
  type ScaleAssumptions,
  scaleModel,
} from '../bench/lib/scale-model.ts';
import { poissonBatches, simulate } from '../bench/lib/scale-sim.ts';
import { percentile } from '../bench/lib/stats.ts';
import { DEFAULT_SETTINGS } from '../lib/settings.ts';
import { optionsOrExit, scriptCommand } from './lib/command.ts';

const { json } = optionsOrExit<{ json: boolean }>(
  scriptCommand(
    'scale-model',
    'Models 1,000 agencies and 1M images a day from the bench figures and checks it by simulation.',
  ).option('--json', 'print the model as JSON', false),
);

const results = JSON.parse(
  await readFile(new URL('../bench/results.json', import.meta.url), 'utf8'),
) as Results & {
  cost: { input: CostInput };
};
const measured = results.cost.input;
const stack = await readStackSettings();
const configured: ScaleAssumptions = {
  ...DEFAULT_SCALE,
  workerMaxConcurrency: DEFAULT_SETTINGS.workerMaxConcurrency,
  workerBatchSize: stack.workerBatchSize,
  apiThrottleRateLimit: DEFAULT_SETTINGS.apiThrottleRateLimit,
};
const today = scaleModel(configured, measured);
const t = today.bedrock.seconds_per_image;
const sizedConcurrency = concurrencyForQuota(configured.bedrockQuotaRpm, t);
const sized = scaleModel({ ...configured, workerMaxConcurrency: sizedConcurrency }, measured);

// Simulation 1: the peak hour at 1M images a day, workers sized to the quota.
type Check = { name: string; closed_form: number; simulated: number; unit: string };
const checks: Check[] = [];
const peak = sized.images_per_s.peak;
const arrivals = poissonBatches({
  imagesPerSecond: peak,
  imagesPerBatch: configured.imagesPerBatch,
  seconds: 3600,
  agencies: configured.agencies,
  largestShare: configured.largestAgencyShare,
  seed: 15,
});
const offered = arrivals.reduce((s, a) => s + a.images, 0) / 3600;
const other = t - configured.bedrockSeconds;
const peakRun = simulate({
  arrivals,
  concurrency: sizedConcurrency,
  modelSeconds: configured.bedrockSeconds,
  otherSeconds: other,
  quotaRpm: configured.bedrockQuotaRpm,
  policy: 'fair',
  warmupSeconds: 300,
  horizonSeconds: 3600,
});
const expected = Math.min(offered, imagesPerSecondAt(sizedConcurrency, t, configured.bedrockQuotaRpm));
checks.push({
  name: `peak hour, ${sizedConcurrency} workers, quota ${configured.bedrockQuotaRpm}/min: images/s (closed form: min(offered by the sampled arrivals, capacity))`,
  closed_form: expected,
  simulated: peakRun.throughput_per_s,
  unit: 'images/s',
});
checks.push({
  name: "peak hour: busy workers (Little's law: throughput × seconds per image; the simulation adds the waits for a quota token when a 100-image batch lands at once)",
  closed_form: peakRun.throughput_per_s * t,
  simulated: peakRun.mean_busy_workers,
  unit: 'workers',
});
// Simulation 2: today's workerMaxConcurrency under the same demand.
const todayRun = simulate({
  arrivals,
  concurrency: configured.workerMaxConcurrency,
  modelSeconds: configured.bedrockSeconds,
  otherSeconds: other,
  quotaRpm: configured.bedrockQuotaRpm,
  policy: 'fair',
  warmupSeconds: 300,
  horizonSeconds: 3600,
});
checks.push({
  name: `peak hour, workerMaxConcurrency ${configured.workerMaxConcurrency}: images/s`,
  closed_form: imagesPerSecondAt(configured.workerMaxConcurrency, t, configured.bedrockQuotaRpm),
  simulated: todayRun.throughput_per_s,
  unit: 'images/s',
});
// Simulation 3: more workers than the quota serves: the quota decides.
const overRun = simulate({
  arrivals,
  concurrency: Math.round(sizedConcurrency * 1.5),
  modelSeconds: configured.bedrockSeconds,
  otherSeconds: other,
  quotaRpm: configured.bedrockQuotaRpm * 0.6,
  policy: 'fair',
  warmupSeconds: 300,
  horizonSeconds: 3600,
});
checks.push({
  name: `${Math.round(sizedConcurrency * 1.5)} workers on a quota of ${configured.bedrockQuotaRpm * 0.6}/min: images/s`,
  closed_form: imagesPerSecondAt(Math.round(sizedConcurrency * 1.5), t, configured.bedrockQuotaRpm * 0.6),
  simulated: overRun.throughput_per_s,
  unit: 'images/s',
});

// Simulation 4: a noisy agency drops 20,000 images at once; 200 others order 100 at a time.
const noisyWorkers = 100;
const noisy = [
  { at: 0, group: 'noisy', images: 20_000 },
  ...poissonBatches({
    imagesPerSecond: 2,
    imagesPerBatch: 100,
    seconds: 1800,
    agencies: 200,
    largestShare: 0,
    seed: 16,
  }),
];
const fairness = (['fifo', 'fair'] as const).map((policy) => {
  const run = simulate({
    arrivals: noisy,
    concurrency: noisyWorkers,
    modelSeconds: configured.bedrockSeconds,
    otherSeconds: other,
    quotaRpm: 100_000,
    policy,
    warmupSeconds: 0,
    horizonSeconds: 4 * 3600,
  });
  const quiet = [...run.wait_by_group].filter(([g]) => g !== 'noisy').flatMap(([, w]) => w);
  const loud = run.wait_by_group.get('noisy') ?? [];
  return {
    policy,
    quiet_wait_p50_s: percentile(quiet, 50),
    quiet_wait_p99_s: percentile(quiet, 99),
    noisy_wait_p99_s: percentile(loud, 99),
  };
});
const capacity = noisyWorkers / t;

if (json) {
  process.stdout.write(`${JSON.stringify({ today, sized, checks, fairness }, null, 2)}\n`);
  process.exit(0);
}

const n = (v: number, d = 1) =>
  v.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: 0 });
const out: string[] = [];
const p = (line = '') => out.push(line);
const a = configured;
p(`# Scale model: ${n(a.agencies, 0)} agencies, ${n(a.imagesPerDay, 0)} images a day`);
p();
p(
  `Inputs measured by the bench run of ${results.date.slice(0, 10)} (durations, item sizes); assumptions: peak hour ${a.peakToMean}× the day's mean, the largest agency ${a.largestAgencyShare * 100}% of images, ${a.imagesPerBatch} images per batch, Bedrock ${a.bedrockSeconds} s per image (+${n(other, 2)} s of the worker's own time), quota ${n(a.bedrockQuotaRpm, 0)} images/min (assumed: check Service Quotas).`,
);
p();
p(`Images: ${n(today.images_per_s.mean, 2)}/s mean, **${n(today.images_per_s.peak, 2)}/s at peak**.`);
p();
p('## Requests per second per action');
p();
p('| action | mean | peak |');
p('|---|---|---|');
for (const [k, r] of Object.entries(today.requests_per_s))
  p(`| \`${k}\` | ${n(r.mean, 2)} | ${n(r.peak, 2)} |`);
p(`| **all** | ${n(today.requests_per_s_total.mean, 2)} | **${n(today.requests_per_s_total.peak, 2)}** |`);
p();
p(
  `The API stage's rate limit is ${a.apiThrottleRateLimit} req/s: peak is ${n(today.lambda.api_peak_over_throttle, 2)}× it. Router concurrency (Little's law on measured handler times): ${n(today.lambda.router_concurrency.mean, 1)} mean, ${n(today.lambda.router_concurrency.peak, 1)} at peak.`,
);
p();
p('## DynamoDB by access pattern (on demand, request units per second)');
p();
p('| access pattern | WRU/s mean | WRU/s peak | RRU/s mean | RRU/s peak |');
p('|---|---|---|---|---|');
for (const [k, v] of Object.entries(today.dynamo)) {
  p(`| ${k} | ${n(v.wru.mean, 1)} | ${n(v.wru.peak, 1)} | ${n(v.rru.mean, 1)} | ${n(v.rru.peak, 1)} |`);
}
p(
  `| **table + indexes** | ${n(today.dynamo_total.wru.mean, 0)} | **${n(today.dynamo_total.wru.peak, 0)}** | ${n(today.dynamo_total.rru.mean, 0)} | **${n(today.dynamo_total.rru.peak, 0)}** |`,
);
p();
p('## Hottest partitions (1,000 WCU/s per partition, so per item)');
p();
const h = sized.hot;
p('| partition | WCU/s at peak | headroom | limit reached at |');
p('|---|---|---|---|');
p(
  `| ledger item of the largest agency (${n(h.largest_agency_images_per_s.peak, 2)} images/s at peak; ${h.ledger_item.wcu_per_write} WCU per transactional write) | ${n(h.ledger_item.wcu_per_s_peak, 1)} | ${n(h.ledger_item.headroom_peak, 0)}× | ${n(h.ledger_item.images_per_s_at_item_limit, 0)} images/s for one account; ${n(h.ledger_item.wcu_per_s_at_fleet_ceiling, 0)} WCU/s if one account had the whole fleet of ${sizedConcurrency} workers |`,
);
p(
  `| partition key \`ACCOUNT#<id>\` of the largest agency (ledger item + its jobs: ${h.account_key.wcu_per_image} WCU per image; split for heat can spread the jobs, never the ledger item) | ${n(h.account_key.wcu_per_s_peak, 1)} | ${n(1000 / h.account_key.wcu_per_s_peak, 0)}× | the ledger item's limit above |`,
);
p(
  `| gsi2 \`JOBS#open\` (every open job, every settle, all accounts) | ${n(h.open_jobs_index.wcu_per_s_peak, 1)} | ${n(h.open_jobs_index.headroom_peak, 1)}× | ${n(h.open_jobs_index.images_per_day_at_limit / 1e6, 1)}M images/day at this peak factor |`,
);
p();
const lg = results.ledger;
if (lg) {
  p(
    `Measured locally (bench section 7, ${lg.emulator}): ${lg.levels.map((l) => `${l.generators} generators ${l.reservations_per_s}/s (conflict rate ${l.conflict_rate})`).join('; ')}. ${lg.caveat}`,
  );
  p();
}
p('## SQS');
p();
p(
  `Sends ${n(today.sqs.send_calls_per_s.peak, 1)} calls/s at peak (batches of 10), receives ${n(today.sqs.receive_calls_per_s.peak, 1)}/s (batches of ${a.workerBatchSize}), deletes ${n(today.sqs.delete_calls_per_s.peak, 1)}/s: far inside a standard queue's throughput. In flight at most ${n(sized.sqs.in_flight_at_max_concurrency, 0)} messages with ${sizedConcurrency} workers (limit ${n(today.sqs.in_flight_limit, 0)}). One invocation of ${a.workerBatchSize} images runs ${n(today.sqs.seconds_per_invocation, 0)} s.`,
);
p();
p(
  `Fair queue (MessageGroupId = account id), simulated: one agency drops 20,000 images at once while 200 others order 100 at a time (2 images/s together), ${noisyWorkers} workers (${n(capacity, 2)} images/s):`,
);
p();
p('| queue | quiet agencies wait p50 s | p99 s | noisy agency p99 s |');
p('|---|---|---|---|');
for (const f of fairness) {
  p(
    `| ${f.policy} | ${n(f.quiet_wait_p50_s, 0)} | ${n(f.quiet_wait_p99_s, 0)} | ${n(f.noisy_wait_p99_s, 0)} |`,
  );
}
p();
p('## Bedrock and the worker fleet');
p();
const b = today.bedrock;
p(
  `Needed: ${n(b.required_rpm.mean, 0)} images/min mean, **${n(b.required_rpm.peak, 0)} at peak**; ${n(b.required_concurrency.mean, 0)} workers busy on average, **${n(b.required_concurrency.peak, 0)} at peak** (Little's law, ${n(t, 2)} s per image).`,
);
p();
p(
  `Today's workerMaxConcurrency ${b.configured_concurrency} makes ${n(b.configured_images_per_s, 3)} images/s = **${n(b.configured_images_per_day, 0)} images/day**: the bottleneck is ${b.bottleneck}. A quota of ${n(b.quota_rpm, 0)}/min is used fully at workerMaxConcurrency = ceil(quota/60 × ${n(t, 2)} s) = **${sizedConcurrency}** (${n(b.quota_images_per_day, 0)} images/day at most).`,
);
p();
p('## Lambda concurrency');
p();
p(
  `Workers ${sizedConcurrency} (sized) + router ${n(sized.lambda.router_concurrency.peak, 1)} at peak, against the account's default ${n(today.lambda.account_limit, 0)}.`,
);
p();
p('## Cost per day (AWS side, model fee excluded; prices of bench/lib/cost.ts)');
p();
p('| scenario | USD per day |');
p('|---|---|');
for (const c of today.cost_per_day) p(`| ${c.scenario} | $${n(c.usd_per_day, 0)} |`);
p();
p('## Simulation check');
p();
p('| check | closed form | simulated | difference |');
p('|---|---|---|---|');
for (const c of checks) {
  p(
    `| ${c.name} | ${n(c.closed_form, 2)} | ${n(c.simulated, 2)} | ${n(((c.simulated - c.closed_form) / c.closed_form) * 100, 1)}% |`,
  );
}
p();
p(
  `Most model calls started in any 60 s of the quota-bound run: ${overRun.model_calls_per_minute_max} (quota ${configured.bedrockQuotaRpm * 0.6} + one second of burst).`,
);
process.stdout.write(`${out.join('\n')}\n`);
