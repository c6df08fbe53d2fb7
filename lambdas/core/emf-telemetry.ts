import type { Metrics } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, METRICS_SERVICE, type MetricRecord, type Telemetry } from './telemetry.ts';

/**
 * Telemetry written as EMF by Powertools Metrics: records are buffered and, on flush, published
 * in one EMF line per dimension combination, each under the `service` dimension alone and under
 * `service` plus its own dimensions. A group that cannot be published is dropped with a warning.
 *
 * Powertools Metrics is imported on the first record, not with this module: it (and the console
 * it builds) cost the router's cold start about 10 ms (ADR 0011), and the first request's
 * records come while its DynamoDB calls are in flight, so the import overlaps them. Flush waits
 * for it: callers await the flush before the invocation ends.
 */
export function emfTelemetry(): Telemetry {
  let metrics: Promise<Metrics> | undefined;
  const load = () => {
    metrics ??= import('@aws-lambda-powertools/metrics').then(
      (m) => new m.Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE }),
    );
    return metrics;
  };
  let buffered: MetricRecord[] = [];
  const record = (entry: MetricRecord) => {
    buffered.push(entry);
    void load().catch(() => {});
  };
  return {
    count: (name, value = 1, dimensions = {}) => record({ name, value, unit: 'Count', dimensions }),
    timing: (name, milliseconds, dimensions = {}) =>
      record({ name, value: milliseconds, unit: 'Milliseconds', dimensions }),
    flush: async () => {
      if (buffered.length === 0) return;
      const groups = new Map<string, MetricRecord[]>();
      for (const entry of buffered) {
        const key = JSON.stringify(Object.entries(entry.dimensions).sort());
        groups.set(key, [...(groups.get(key) ?? []), entry]);
      }
      buffered = [];
      let published: Metrics;
      try {
        published = await load();
      } catch (error) {
        metrics = undefined;
        console.warn('metrics not published:', error instanceof Error ? error.message : error);
        return;
      }
      for (const entries of groups.values()) {
        const dimensions = entries[0]?.dimensions ?? {};
        try {
          if (Object.keys(dimensions).length > 0) {
            published.addDimensions({});
            published.addDimensions({ ...dimensions });
          }
          // The unit names are Powertools' MetricUnit values (Count, Milliseconds).
          for (const entry of entries) published.addMetric(entry.name, entry.unit, entry.value);
          published.publishStoredMetrics();
        } catch (error) {
          // Metrics never fail the request or the image they describe.
          published.clearMetrics();
          published.clearDimensions();
          console.warn('metrics not published:', error instanceof Error ? error.message : error);
        }
      }
    },
  };
}
