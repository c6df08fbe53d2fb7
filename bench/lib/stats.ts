/** Small statistics over samples: nearest-rank percentiles, and the four numbers every figure reports. */

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/** One reported figure: its value in each repeated run and min / median / p99 / max over the runs. */
export type Figure = {
  unit: string;
  runs: number[];
  min: number;
  median: number;
  p99: number;
  max: number;
};

const round = (value: number, digits: number) => {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};

export function figure(unit: string, runs: readonly number[], digits = 2): Figure {
  return {
    unit,
    runs: runs.map((r) => round(r, digits)),
    min: round(Math.min(...runs), digits),
    median: round(median(runs), digits),
    p99: round(percentile(runs, 99), digits),
    max: round(Math.max(...runs), digits),
  };
}

/** Latency samples of one run reduced to what a run reports. */
export type RunSummary = {
  count: number;
  p50: number;
  p99: number;
  mean: number;
  rps: number;
  errors: number;
};

export function summarizeRun(latenciesMs: readonly number[], elapsedMs: number, errors = 0): RunSummary {
  return {
    count: latenciesMs.length,
    p50: percentile(latenciesMs, 50),
    p99: percentile(latenciesMs, 99),
    mean: mean(latenciesMs),
    rps: elapsedMs > 0 ? (latenciesMs.length / elapsedMs) * 1000 : 0,
    errors,
  };
}

/** p50, p99 and throughput figures over repeated runs. */
export type LoadFigures = {
  p50_ms: Figure;
  p99_ms: Figure;
  throughput_rps: Figure;
  requests: number;
  errors: number;
};

export function loadFigures(runs: readonly RunSummary[]): LoadFigures {
  return {
    p50_ms: figure(
      'ms',
      runs.map((r) => r.p50),
      3,
    ),
    p99_ms: figure(
      'ms',
      runs.map((r) => r.p99),
      3,
    ),
    throughput_rps: figure(
      'req/s',
      runs.map((r) => r.rps),
      1,
    ),
    requests: runs.reduce((a, r) => a + r.count, 0),
    errors: runs.reduce((a, r) => a + r.errors, 0),
  };
}

export const ratio = (a: number, b: number, digits = 2) => round(a / b, digits);
