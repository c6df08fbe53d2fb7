/**
 * A small discrete-event simulation of the generation path: batches of images arrive from
 * agencies, one SQS message per image (MessageGroupId = account id), at most `concurrency`
 * workers, each image holding one Bedrock call under a per-minute quota (a token bucket), then
 * the rest of the worker's time. It checks the closed-form figures of scale-model.ts
 * (throughput = min(arrivals, concurrency / seconds per image, quota / 60) and Little's law)
 * and shows how a fair queue changes what a quiet agency waits behind a noisy one.
 *
 * Approximations, stated: service times are fixed; a worker takes one message at a time (the
 * batch of 5 only changes how many messages sit in flight); a throttled call waits for its
 * token instead of going back to the queue (the real worker fails it back and SQS redelivers:
 * the same rate, more latency); "fair" serves the groups with waiting messages in turn, which
 * is what SQS fair queues approximate by favouring groups with fewer messages in flight.
 */

export type Arrival = { at: number; group: string; images: number };

export type SimOptions = {
  arrivals: Arrival[];
  concurrency: number;
  /** Seconds of the model call, and of everything else a worker does per image. */
  modelSeconds: number;
  otherSeconds: number;
  quotaRpm: number;
  policy: 'fifo' | 'fair';
  /** Throughput and busy workers are measured in [warmup, horizon). */
  warmupSeconds: number;
  horizonSeconds: number;
};

export type SimResult = {
  completed: number;
  throughput_per_s: number;
  mean_busy_workers: number;
  /** Seconds each image waited in the queue, by group. */
  wait_by_group: Map<string, number[]>;
  model_calls_per_minute_max: number;
};

/** mulberry32: a seeded generator, so that every run of the model prints the same figures. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Poisson arrivals of batches over [0, seconds): the largest agency has `largestShare`, the rest share alike. */
export function poissonBatches(options: {
  imagesPerSecond: number;
  imagesPerBatch: number;
  seconds: number;
  agencies: number;
  largestShare: number;
  seed: number;
}): Arrival[] {
  const random = seededRandom(options.seed);
  const batchesPerSecond = options.imagesPerSecond / options.imagesPerBatch;
  const out: Arrival[] = [];
  let t = 0;
  for (;;) {
    t += -Math.log(1 - random()) / batchesPerSecond;
    if (t >= options.seconds) break;
    const group =
      random() < options.largestShare
        ? 'agency-0'
        : `agency-${1 + Math.floor(random() * (options.agencies - 1))}`;
    out.push({ at: t, group, images: options.imagesPerBatch });
  }
  return out;
}

/** A binary min-heap of worker completion times. */
class MinHeap {
  private items: number[] = [];
  get size() {
    return this.items.length;
  }
  peek() {
    return this.items[0];
  }
  push(v: number) {
    const a = this.items;
    a.push(v);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if ((a[p] as number) <= v) break;
      a[i] = a[p] as number;
      i = p;
    }
    a[i] = v;
  }
  pop(): number | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= a.length) break;
        const r = l + 1;
        const c = r < a.length && (a[r] as number) < (a[l] as number) ? r : l;
        if ((a[c] as number) >= last) break;
        a[i] = a[c] as number;
        i = c;
      }
      a[i] = last;
    }
    return top;
  }
}

type Queued = { group: string; enqueuedAt: number };

/** Per-group FIFOs, served in arrival order (fifo) or in turn across groups (fair). */
class Queue {
  private readonly groups = new Map<string, { items: Queued[]; head: number }>();
  private readonly turn: string[] = [];
  private turnHead = 0;
  private readonly all: Queued[] = [];
  private allHead = 0;
  size = 0;
  constructor(private readonly policy: 'fifo' | 'fair') {}
  push(item: Queued) {
    this.size++;
    if (this.policy === 'fifo') {
      this.all.push(item);
      return;
    }
    let g = this.groups.get(item.group);
    if (!g) {
      g = { items: [], head: 0 };
      this.groups.set(item.group, g);
    }
    if (g.head === g.items.length) this.turn.push(item.group);
    g.items.push(item);
  }
  shift(): Queued | undefined {
    if (this.size === 0) return undefined;
    this.size--;
    if (this.policy === 'fifo') return this.all[this.allHead++];
    const name = this.turn[this.turnHead++] as string;
    const g = this.groups.get(name) as { items: Queued[]; head: number };
    const item = g.items[g.head++] as Queued;
    if (g.head < g.items.length) this.turn.push(name);
    else {
      g.items = [];
      g.head = 0;
    }
    if (this.turnHead > 4096 && this.turnHead * 2 > this.turn.length) {
      this.turn.splice(0, this.turnHead);
      this.turnHead = 0;
    }
    return item;
  }
}

export function simulate(o: SimOptions): SimResult {
  const arrivals = [...o.arrivals].sort((a, b) => a.at - b.at);
  const queue = new Queue(o.policy);
  const running = new MinHeap();
  const service = o.modelSeconds + o.otherSeconds;
  const tokensPerSecond = o.quotaRpm / 60;
  // The quota as a token bucket with one second of burst: call k may start no earlier than
  // the time the bucket has refilled for it.
  let nextToken = 0;
  const waits = new Map<string, number[]>();
  const callStarts: number[] = [];
  let completed = 0;
  let busyIntegral = 0;
  let lastT = 0;
  let ai = 0;
  let t = 0;
  const account = (now: number) => {
    const from = Math.max(lastT, o.warmupSeconds);
    const to = Math.min(now, o.horizonSeconds);
    if (to > from) busyIntegral += running.size * (to - from);
    lastT = now;
  };
  const startWork = (now: number) => {
    while (running.size < o.concurrency && queue.size > 0) {
      const item = queue.shift() as Queued;
      const callAt = Math.max(now, nextToken - 1);
      nextToken = Math.max(nextToken, callAt) + 1 / tokensPerSecond;
      const list = waits.get(item.group) ?? [];
      waits.set(item.group, list);
      list.push(now - item.enqueuedAt);
      callStarts.push(callAt);
      running.push(callAt + service);
    }
  };
  while (t < o.horizonSeconds) {
    const nextArrival = arrivals[ai]?.at ?? Number.POSITIVE_INFINITY;
    const nextDone = running.peek() ?? Number.POSITIVE_INFINITY;
    t = Math.min(nextArrival, nextDone);
    if (!Number.isFinite(t) || t >= o.horizonSeconds) {
      account(o.horizonSeconds);
      break;
    }
    account(t);
    if (nextDone <= nextArrival) {
      running.pop();
      if (t >= o.warmupSeconds) completed++;
    } else {
      const a = arrivals[ai++] as Arrival;
      for (let i = 0; i < a.images; i++) queue.push({ group: a.group, enqueuedAt: a.at });
    }
    startWork(t);
  }
  const window = o.horizonSeconds - o.warmupSeconds;
  let maxPerMinute = 0;
  let lo = 0;
  for (let hi = 0; hi < callStarts.length; hi++) {
    while ((callStarts[hi] as number) - (callStarts[lo] as number) >= 60) lo++;
    maxPerMinute = Math.max(maxPerMinute, hi - lo + 1);
  }
  return {
    completed,
    throughput_per_s: completed / window,
    mean_busy_workers: busyIntegral / window,
    wait_by_group: waits,
    model_calls_per_minute_max: maxPerMinute,
  };
}
