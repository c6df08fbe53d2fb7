/**
 * Business metrics, emitted where the events happen (router, ledger moves, worker, DLQ
 * consumer) through this small interface, so domain code never depends on a metrics library.
 * On Lambda the implementation writes CloudWatch EMF lines (`lambdas/core/powertools.ts`); the
 * local stack uses {@link noTelemetry}, tests {@link recordingTelemetry}.
 *
 * The names, the namespace and the one `service` dimension value are shared with the CDK
 * alarms and dashboard (`lib/constructs/monitoring.ts`), so the two cannot disagree.
 */

/** CloudWatch namespace of every adgen metric. */
export const METRICS_NAMESPACE = 'adgen';
/**
 * Value of the `service` dimension on every metric, whichever function emits it: a failure
 * released by the router, the worker or the DLQ consumer adds up in one series.
 */
export const METRICS_SERVICE = 'adgen';

export const METRIC = {
  /** Router: one per request. Dimensions `action`, `status`. */
  requests: 'Requests',
  /** Router: request latency in ms. Dimensions `action`, `status`. */
  latency: 'Latency',
  /** Router: 1 for a 5xx answer, 0 otherwise (its average is the 5xx rate). Dimensions `action`, `status`. */
  serverErrors: 'ServerErrors',
  /** generate_creatives: credits moved available → reserved (one per image of the batch). */
  creditsReserved: 'CreditsReserved',
  /** An image delivered: one credit reserved → used. */
  creditsUsed: 'CreditsUsed',
  /** An image failed for good: one credit reserved → available. */
  creditsReleased: 'CreditsReleased',
  /** Images delivered. */
  imagesSucceeded: 'ImagesSucceeded',
  /** Images failed for good. Dimension `reason` (the failure's reason code). */
  imagesFailed: 'ImagesFailed',
  /** Worker: slots handed back to the queue for a later delivery (transient failures). */
  imagesRetried: 'ImagesRetried',
  /** Worker: slots whose processing threw unexpectedly (the message is redelivered). */
  slotErrors: 'SlotErrors',
  /** Calls of the image model. */
  modelCalls: 'ModelCalls',
  /** Image model latency in ms, successful calls. */
  modelLatency: 'ModelLatency',
  /** Image model calls refused by throttling or quota. */
  modelThrottles: 'ModelThrottles',
  /** Worker cold start: 1 when the image model is Legacy or past its end of life, 0 when Active. */
  modelNotActive: 'ModelNotActive',
  /** DLQ consumer: messages that arrived in the dead-letter queue. */
  dlqArrivals: 'DlqArrivals',
} as const;

export type MetricName = (typeof METRIC)[keyof typeof METRIC];
export type MetricUnit = 'Count' | 'Milliseconds';
export type Dimensions = Readonly<Record<string, string>>;

export type MetricRecord = { name: MetricName; value: number; unit: MetricUnit; dimensions: Dimensions };

/**
 * Every metric is published under the `service` dimension alone (the total, which alarms use)
 * and, when it has dimensions, under `service` plus those (the breakdown, for dashboards).
 */
export interface Telemetry {
  count(name: MetricName, value?: number, dimensions?: Dimensions): void;
  timing(name: MetricName, milliseconds: number, dimensions?: Dimensions): void;
  /**
   * Publishes what was recorded since the last flush (end of an invocation or a cold start);
   * await it before the invocation ends (the EMF writer may still be loading).
   */
  flush(): void | Promise<void>;
}

/** Records nothing: the default of `createDeps`, and the local stack's. */
export const noTelemetry: Telemetry = {
  count: () => {},
  timing: () => {},
  flush: () => {},
};

/** Keeps every record in memory, for tests. */
export function recordingTelemetry(): Telemetry & {
  readonly records: MetricRecord[];
  /** Sum of the values of `name` whose dimensions include `dimensions`. */
  sum(name: MetricName, dimensions?: Dimensions): number;
} {
  const records: MetricRecord[] = [];
  return {
    records,
    count: (name, value = 1, dimensions = {}) => {
      records.push({ name, value, unit: 'Count', dimensions });
    },
    timing: (name, milliseconds, dimensions = {}) => {
      records.push({ name, value: milliseconds, unit: 'Milliseconds', dimensions });
    },
    flush: () => {},
    sum: (name, dimensions = {}) =>
      records
        .filter((r) => r.name === name && Object.entries(dimensions).every(([k, v]) => r.dimensions[k] === v))
        .reduce((total, r) => total + r.value, 0),
  };
}
