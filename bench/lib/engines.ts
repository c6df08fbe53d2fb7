/**
 * The graphics-engine comparison of ADR 0052 (`npm run bench -- --only=engines`): today's renderer
 * (satori + resvg + the in-house rasteriser, sharp to encode) and @napi-rs/canvas (Skia) drawing
 * the same captured plans, interleaved in one pinned process; peak RSS of each in its own process;
 * what each engine adds to the worker's deployment.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineChildMemory, EngineChildTime, EngineName } from './engine-child.ts';
import { runChild } from './renderer.ts';
import { percentile } from './stats.ts';

export type EnginesResult = {
  pinned_to_one_core: boolean;
  rounds: number;
  /** Per size: p50 ms per creative per engine over every interleaved render, and Skia ÷ today's. */
  sizes: Record<
    string,
    {
      plans: number;
      renders_each: number;
      p50_ms: Record<EngineName, number>;
      skia_over_current: number;
      png_bytes_p50: Record<EngineName, number>;
    }
  >;
  difference: EngineChildTime['difference'];
  peak_rss_mb: Record<EngineName, { baseline: number; peak: number }>;
  /** Unpacked bytes on disk of the native packages and JS each engine brings into the worker's asset. */
  package_bytes: Record<EngineName, Record<string, number>>;
};

const root = fileURLToPath(new URL('../../node_modules/', import.meta.url));
function bytesUnder(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : statSync(path).size;
  }
  return total;
}
/** Packages of an engine present here (the platform's native package is the one installed). */
function packages(names: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of names) {
    try {
      out[name] = bytesUnder(join(root, name));
    } catch {
      // not installed on this platform
    }
  }
  return out;
}
const nativeOf = (scope: string, prefix: string) =>
  readdirSync(join(root, scope))
    .filter((n) => n.startsWith(prefix))
    .map((n) => `${scope}/${n}`);

export async function benchEngines(rounds: number): Promise<EnginesResult> {
  const script = fileURLToPath(new URL('./engine-child.ts', import.meta.url));
  const { out, pinned } = await runChild<EngineChildTime>(script, ['time', String(rounds)], 400_000);
  const sizes: EnginesResult['sizes'] = {};
  for (const [label, s] of Object.entries(out.sizes)) {
    const p50 = (xs: number[]) => Math.round(percentile(xs, 50) * 10) / 10;
    sizes[label] = {
      plans: s.plans,
      renders_each: s.ms.current.length,
      p50_ms: { current: p50(s.ms.current), skia: p50(s.ms.skia) },
      skia_over_current: Math.round((percentile(s.ms.skia, 50) / percentile(s.ms.current, 50)) * 100) / 100,
      png_bytes_p50: { current: p50(s.png_bytes.current), skia: p50(s.png_bytes.skia) },
    };
  }
  const memory = {} as EnginesResult['peak_rss_mb'];
  for (const engine of ['current', 'skia'] as const) {
    const { out: m } = await runChild<EngineChildMemory>(script, ['memory', engine, '30'], 180_000);
    memory[engine] = { baseline: m.baseline_rss_mb, peak: m.peak_rss_mb };
  }
  return {
    pinned_to_one_core: pinned,
    rounds,
    sizes,
    difference: out.difference,
    peak_rss_mb: memory,
    package_bytes: {
      current: packages(['satori', '@resvg/resvg-js', ...nativeOf('@resvg', 'resvg-js-')]),
      skia: packages(['@napi-rs/canvas', ...nativeOf('@napi-rs', 'canvas-')]),
    },
  };
}
