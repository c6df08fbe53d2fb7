/**
 * The renderer alone, in its own process (pinned to one core by the parent when `taskset`
 * exists): the offline template model plus the compositor, exactly what a worker runs per image
 * with IMAGE_PROVIDER=template. Warm-up renders first, then `blocks` × `perBlock` renders of
 * each size, interleaved by size. Prints one JSON line.
 */

import { composeCreative } from '#core/creative/compose.ts';
import { createTemplateImageModel } from '#core/creative/scenes/index.ts';
import { defaultBrandKit } from '#core/entities/brand-kit.ts';
import { deliverySize } from '#core/images/sizes.ts';

export const RENDER_SIZES = [
  { label: '1080x1080', ratio: { w: 1, h: 1 } },
  { label: '1080x1350', ratio: { w: 4, h: 5 } },
  { label: '1080x1920', ratio: { w: 9, h: 16 } },
  { label: '1200x628', ratio: { w: 191, h: 100 } },
] as const;

export type RenderSample = { visualMs: number; composeMs: number; totalMs: number; pngBytes: number };
export type RenderChildResult = {
  sizes: Record<string, { blocks: RenderSample[][] }>;
  renders: number;
  warmupRenders: number;
  rssAfterWarmupMb: number;
  /** RSS at the end of each block (every size rendered `perBlock` times): flat means no leak. */
  rssByBlockMb: number[];
  peakRssMb: number;
  truncated: boolean;
};

async function main() {
  const blocks = Number(process.argv[2] ?? 5);
  const perBlock = Number(process.argv[3] ?? 10);
  const maxMs = Number(process.argv[4] ?? 200_000);
  const deadline = performance.now() + maxMs;
  const model = createTemplateImageModel();
  const draw = model.draw.bind(model);
  const brand = defaultBrandKit('bench', '2026-01-01T00:00:00.000Z');
  const copy = {
    headlines: [
      'Small-batch coffee, roasted this week for people who work from home',
      'Coffee roasted this week',
    ],
    bodies: [
      'Fresh beans at your door every other Thursday. Skip or cancel any time.',
      'Fresh beans every other Thursday.',
    ],
    offer: '30% off your first bag',
    cta: 'Shop now',
  };
  // The visual style a slot without an angle gets (lambdas/generate/prompt.ts).
  const visualStyle = 'clean modern product advertising, soft studio light';
  let seed = 1;
  const renderOne = async (ratio: { w: number; h: number }): Promise<RenderSample> => {
    const size = deliverySize(ratio);
    const t0 = performance.now();
    // As the worker does: a scene is drawn only if, and as large as, the layout needs it.
    const visual = draw({
      prompt: '',
      negativePrompt: '',
      ...size,
      aspectRatio: ratio,
      seed: seed++,
      brand,
      visualStyle,
    });
    const t1 = performance.now();
    // Region analysis (busy grid, subject box) is part of composing, so it is timed here.
    const creative = await composeCreative({
      visual,
      ...size,
      aspectRatio: ratio,
      copy,
      brand,
      clientName: 'Bench Roasters',
      seed,
    });
    const t2 = performance.now();
    return { visualMs: t1 - t0, composeMs: t2 - t1, totalMs: t2 - t0, pngBytes: creative.png.byteLength };
  };

  const warmupRenders = 2;
  for (const s of RENDER_SIZES) for (let i = 0; i < warmupRenders; i++) await renderOne(s.ratio);
  const rssAfterWarmupMb = process.memoryUsage.rss() / 2 ** 20;

  const sizes: RenderChildResult['sizes'] = {};
  for (const s of RENDER_SIZES) sizes[s.label] = { blocks: [] };
  let renders = 0;
  let truncated = false;
  const rssByBlockMb: number[] = [];
  outer: for (let b = 0; b < blocks; b++) {
    for (const s of RENDER_SIZES) {
      const block: RenderSample[] = [];
      for (let i = 0; i < perBlock; i++) {
        if (performance.now() > deadline) {
          truncated = true;
          if (block.length > 0) sizes[s.label]?.blocks.push(block);
          break outer;
        }
        block.push(await renderOne(s.ratio));
        renders++;
      }
      sizes[s.label]?.blocks.push(block);
    }
    rssByBlockMb.push(Math.round(process.memoryUsage.rss() / 2 ** 20));
  }
  const result: RenderChildResult = {
    sizes,
    renders,
    warmupRenders: warmupRenders * RENDER_SIZES.length,
    rssAfterWarmupMb,
    rssByBlockMb,
    // ru_maxrss in KiB on Linux: the process's peak resident set over its whole life.
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    truncated,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
