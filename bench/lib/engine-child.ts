/**
 * The graphics-engine comparison (ADR 0052), in its own process on one core: the compositor
 * composes the bench's content mix at 1080×1080 and 1080×1920 with today's renderer while the
 * capturing shim keeps each final plan; then both engines draw those same plans, interleaved
 * (A B, B A, …), each render timed from plan to PNG. Two modes:
 *
 * - `time <rounds>`: ms per creative per engine and size, and how far Skia's pixels are from today's;
 * - `memory <engine> <renders>`: peak RSS of a process drawing with one engine only.
 *
 * Prints one JSON line.
 */
import { register } from 'node:module';
import sharp from 'sharp';
import type { CapturedPlan } from './render-capture.ts';

sharp.concurrency(1);
register('./engine-hooks.mjs', import.meta.url);

export type EngineName = 'current' | 'skia';
export type EngineChildTime = {
  sizes: Record<
    string,
    { plans: number; ms: Record<EngineName, number[]>; png_bytes: Record<EngineName, number[]> }
  >;
  /** Per size: mean absolute difference per channel (0–255) and the share of pixels off by more than 32. */
  difference: Record<string, { mean_abs: number; share_over_32: number }>;
};
export type EngineChildMemory = {
  engine: EngineName;
  renders: number;
  baseline_rss_mb: number;
  peak_rss_mb: number;
};

const SIZES = [
  { label: '1080x1080', ratio: { w: 1, h: 1 } },
  { label: '1080x1920', ratio: { w: 9, h: 16 } },
] as const;

/** The plans the compositor draws for the content mix, per size (today's renderer makes them). */
async function capturePlans(): Promise<Record<string, CapturedPlan[]>> {
  const { composeCreative } = await import('#core/creative/compose.ts');
  const { captured } = await import('./render-capture.ts');
  const { CASES, sceneFor, templateCompose } = await import('./render-content.ts');
  const out: Record<string, CapturedPlan[]> = {};
  let seed = 1;
  for (const s of SIZES) {
    const before = captured.length;
    for (const c of CASES) {
      const visual = sceneFor(s.ratio, c, seed++);
      await composeCreative(templateCompose(visual, s.ratio, c, seed));
    }
    out[s.label] = captured.slice(before);
  }
  return out;
}

async function engines() {
  const { renderBackground, renderFinal } = await import('#core/creative/render.ts');
  const { releaseCanvas } = await import('#core/creative/canvas.ts');
  const { renderWithSkia } = await import('./skia-render.ts');
  const current = async (c: CapturedPlan) => {
    const background = await renderBackground(c.plan, c.width, c.height, c.assets);
    // The plan as the compositor handed it to the final pass (the logo's chip included).
    const png = await renderFinal(c.plan, background, c.logo, c.pngLevel);
    releaseCanvas(background);
    return png;
  };
  return { current, skia: renderWithSkia } satisfies Record<EngineName, (c: CapturedPlan) => Promise<Buffer>>;
}

async function difference(a: Buffer, b: Buffer) {
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer()));
  if (!x || !y || x.length !== y.length) return { mean_abs: 255, share_over_32: 1 };
  let sum = 0;
  let over = 0;
  for (let i = 0; i < x.length; i += 3) {
    let worst = 0;
    for (let k = 0; k < 3; k++) {
      const d = Math.abs((x[i + k] as number) - (y[i + k] as number));
      sum += d;
      if (d > worst) worst = d;
    }
    if (worst > 32) over++;
  }
  return { mean_abs: sum / x.length, share_over_32: over / (x.length / 3) };
}

async function time(rounds: number): Promise<EngineChildTime> {
  const plans = await capturePlans();
  const draw = await engines();
  const out: EngineChildTime = { sizes: {}, difference: {} };
  for (const [label, list] of Object.entries(plans)) {
    out.sizes[label] = {
      plans: list.length,
      ms: { current: [], skia: [] },
      png_bytes: { current: [], skia: [] },
    };
    // Warm-up: fonts registered, images decoded, satori's font cache filled.
    let mean = 0;
    let share = 0;
    for (const c of list) {
      const d = await difference(await draw.current(c), await draw.skia(c));
      mean += d.mean_abs / list.length;
      share += d.share_over_32 / list.length;
    }
    out.difference[label] = {
      mean_abs: Math.round(mean * 100) / 100,
      share_over_32: Math.round(share * 1e4) / 1e4,
    };
  }
  for (let r = 0; r < rounds; r++) {
    const order: EngineName[] = r % 2 === 0 ? ['current', 'skia'] : ['skia', 'current'];
    for (const [label, list] of Object.entries(plans))
      for (const c of list)
        for (const engine of order) {
          const t0 = performance.now();
          const png = await draw[engine](c);
          out.sizes[label]?.ms[engine].push(performance.now() - t0);
          out.sizes[label]?.png_bytes[engine].push(png.byteLength);
        }
  }
  return out;
}

async function memory(engine: EngineName, renders: number): Promise<EngineChildMemory> {
  const plans = Object.values(await capturePlans()).flat();
  const draw = (await engines())[engine];
  global.gc?.();
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  for (let i = 0; i < renders; i++) {
    await draw(plans[i % plans.length] as CapturedPlan);
    peak = Math.max(peak, process.memoryUsage.rss());
  }
  return {
    engine,
    renders,
    baseline_rss_mb: Math.round(baseline / 2 ** 20),
    peak_rss_mb: Math.round(peak / 2 ** 20),
  };
}

const mode = process.argv[2] ?? 'time';
const result =
  mode === 'memory'
    ? await memory((process.argv[3] ?? 'current') as EngineName, Number(process.argv[4] ?? 20))
    : await time(Number(process.argv[3] ?? 10));
process.stdout.write(`${JSON.stringify(result)}\n`);
