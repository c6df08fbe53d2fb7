import type { Figure, LoadFigures } from '../stats.ts';

/** Appends one line of markdown (a blank one without an argument). */
export type Emit = (line?: string) => void;

export const num = (v: number, digits = 1) =>
  Number.isFinite(v)
    ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 })
    : '–';
export const fig = (f: Figure, digits = 1) =>
  `${num(f.min, digits)} / **${num(f.median, digits)}** / ${num(f.p99, digits)} / ${num(f.max, digits)}`;
export const usd = (v: number) => (v < 0.01 ? `$${v.toFixed(5)}` : `$${v.toFixed(3)}`);

export function loadRow(label: string, mode: string, f: LoadFigures) {
  return `| ${label} | ${mode} | ${fig(f.p50_ms, 2)} | ${fig(f.p99_ms, 2)} | ${fig(f.throughput_rps, 0)} | ${f.requests}${f.errors ? ` (${f.errors} errors)` : ''} |`;
}
