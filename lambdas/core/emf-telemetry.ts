import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { METRICS_NAMESPACE, METRICS_SERVICE, type MetricRecord, type Telemetry } from './telemetry.ts';

const UNITS = { Count: MetricUnit.Count, Milliseconds: MetricUnit.Milliseconds } as const;

/**
 * Telemetry written as EMF by Powertools Metrics: records are buffered and, on flush, published
 * in one EMF line per dimension combination, each under the `service` dimension alone and under
 * `service` plus its own dimensions. A group that cannot be published is dropped with a warning.
 */
export function emfTelemetry(): Telemetry {
  const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE });
  let buffered: MetricRecord[] = [];
  const record = (entry: MetricRecord) => {
    buffered.push(entry);
  };
  return {
    count: (name, value = 1, dimensions = {}) => record({ name, value, unit: 'Count', dimensions }),
    timing: (name, milliseconds, dimensions = {}) =>
      record({ name, value: milliseconds, unit: 'Milliseconds', dimensions }),
    flush: () => {
      const groups = new Map<string, MetricRecord[]>();
      for (const entry of buffered) {
        const key = JSON.stringify(Object.entries(entry.dimensions).sort());
        groups.set(key, [...(groups.get(key) ?? []), entry]);
      }
      buffered = [];
      for (const entries of groups.values()) {
        const dimensions = entries[0]?.dimensions ?? {};
        try {
          if (Object.keys(dimensions).length > 0) {
            metrics.addDimensions({});
            metrics.addDimensions({ ...dimensions });
          }
          for (const entry of entries) metrics.addMetric(entry.name, UNITS[entry.unit], entry.value);
          metrics.publishStoredMetrics();
        } catch (error) {
          // Metrics never fail the request or the image they describe.
          metrics.clearMetrics();
          metrics.clearDimensions();
          console.warn('metrics not published:', error instanceof Error ? error.message : error);
        }
      }
    },
  };
}
