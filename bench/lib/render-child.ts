/**
 * The renderer alone, in its own process, on one core (the parent pins it with `taskset` when it
 * exists and runs libuv and libvips with one thread each either way). Three modes:
 *
 * - `render` (default): the offline template path exactly as a worker runs it per image, over a
 *   content mix (no product: typographic and brand-block; a product: side-by-side, offer-led and
 *   calm-overlay, which read the visual's regions). Warm-up renders first, then `blocks` ×
 *   `perBlock` renders of each size, interleaved by size.
 * - `cut`: the Bedrock path after the first slot of an orientation family: the stored model
 *   visual (the local stand-in's) cut around its subject for the ratio, then composed.
 * - `memory`: one path and one ratio in a fresh process, for that image's peak RSS.
 *
 * Prints one JSON line.
 */

import sharp from 'sharp';
import { composeCreative } from '#core/creative/compose.ts';
import { STABILITY_SIZES } from '#core/images/bedrock-stability.ts';
import { deliverySize } from '#core/images/sizes.ts';
import { cutAroundSubjectLazily } from '#core/images/smart-crop.ts';
import { busyVisual } from '#local/bedrock-stand-in.ts';
import { brand, CASES, copy, product, sceneFor, templateCompose } from './render-content.ts';
import { CUT_SIZES, RENDER_SIZES } from './render-sizes.ts';

// One core: libvips would otherwise start a thread per core for every pipeline.
sharp.concurrency(1);

export type RenderSample = {
  visualMs: number;
  composeMs: number;
  totalMs: number;
  /** CPU time of the whole process (every thread) over the render: what one core had to do. */
  cpuMs: number;
  pngBytes: number;
  layout: string;
};
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
export type MemoryChildResult = {
  path: string;
  ratio: string;
  images: number;
  peakRssMb: number;
  baselineRssMb: number;
};

const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** One render's figures: `t0`→`t1` made the visual, `t1`→now composed it; CPU since `c0`. */
function sampleOf(
  c0: number,
  t0: number,
  t1: number,
  creative: Awaited<ReturnType<typeof composeCreative>>,
): RenderSample {
  const t2 = performance.now();
  return {
    visualMs: t1 - t0,
    composeMs: t2 - t1,
    totalMs: t2 - t0,
    cpuMs: cpuNow() - c0,
    pngBytes: creative.png.byteLength,
    layout: creative.quality.layout,
  };
}

let seed = 1;
let turn = 0;
async function renderTemplate(ratio: { w: number; h: number }): Promise<RenderSample> {
  const c = CASES[turn++ % CASES.length] ?? CASES[0];
  const c0 = cpuNow();
  const t0 = performance.now();
  // As the worker does: a scene is drawn only if, and as large as, a layout shows or reads it,
  // so its cost is inside compose.
  const visual = sceneFor(ratio, c, seed++);
  const t1 = performance.now();
  // Region analysis (busy grid, subject box) is part of composing, so it is timed here.
  const creative = await composeCreative(templateCompose(visual, ratio, c, seed));
  return sampleOf(c0, t0, t1, creative);
}

let standIn: { portrait: Buffer; landscape: Buffer } | undefined;
async function renderCut(ratio: { w: number; h: number }): Promise<RenderSample> {
  standIn ??= {
    portrait: await busyVisual(STABILITY_SIZES['9:16'].width, STABILITY_SIZES['9:16'].height, 7),
    landscape: await busyVisual(STABILITY_SIZES['16:9'].width, STABILITY_SIZES['16:9'].height, 8),
  };
  const size = deliverySize(ratio);
  const c = CASES[turn++ % CASES.length] ?? CASES[0];
  const c0 = cpuNow();
  const t0 = performance.now();
  // The worker's path (process-slot): the stored visual (already fetched) decoded and its
  // subject found; the window is resampled inside compose, at the scales the layout asks for.
  const cut = await cutAroundSubjectLazily(
    ratio.w <= ratio.h ? standIn.portrait : standIn.landscape,
    ratio,
    size,
  );
  const t1 = performance.now();
  const creative = await composeCreative({
    visual: { ...size, model: 'stand-in', seed, pixels: (scale) => cut.pixels(scale) },
    ...size,
    aspectRatio: ratio,
    copy,
    brand,
    clientName: 'Bench Roasters',
    product,
    angleIndex: c.angle,
    seed: seed++,
  });
  return sampleOf(c0, t0, t1, creative);
}

async function timed(mode: 'render' | 'cut', blocks: number, perBlock: number, maxMs: number) {
  const deadline = performance.now() + maxMs;
  const sizesList = mode === 'cut' ? CUT_SIZES : RENDER_SIZES;
  const one = mode === 'cut' ? renderCut : renderTemplate;
  const warmupRenders = CASES.length;
  for (const s of sizesList) for (let i = 0; i < warmupRenders; i++) await one(s.ratio);
  const rssAfterWarmupMb = process.memoryUsage.rss() / 2 ** 20;

  const sizes: RenderChildResult['sizes'] = {};
  for (const s of sizesList) sizes[s.label] = { blocks: [] };
  let renders = 0;
  let truncated = false;
  const rssByBlockMb: number[] = [];
  outer: for (let b = 0; b < blocks; b++) {
    for (const s of sizesList) {
      const block: RenderSample[] = [];
      for (let i = 0; i < perBlock; i++) {
        if (performance.now() > deadline) {
          truncated = true;
          if (block.length > 0) sizes[s.label]?.blocks.push(block);
          break outer;
        }
        block.push(await one(s.ratio));
        renders++;
      }
      sizes[s.label]?.blocks.push(block);
    }
    rssByBlockMb.push(Math.round(process.memoryUsage.rss() / 2 ** 20));
  }
  const result: RenderChildResult = {
    sizes,
    renders,
    warmupRenders: warmupRenders * sizesList.length,
    rssAfterWarmupMb,
    rssByBlockMb,
    // ru_maxrss in KiB on Linux: the process's peak resident set over its whole life.
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    truncated,
  };
  return result;
}

/** Peak RSS of a fresh process making `images` images of one ratio on one path. */
async function memory(
  path: 'template' | 'bedrock',
  label: string,
  images: number,
): Promise<MemoryChildResult> {
  const all = [...RENDER_SIZES, ...CUT_SIZES];
  const size = all.find((s) => s.label === label);
  if (!size) throw new Error(`unknown size ${label}`);
  const baselineRssMb = process.memoryUsage.rss() / 2 ** 20;
  for (let i = 0; i < images; i++)
    await (path === 'bedrock' ? renderCut(size.ratio) : renderTemplate(size.ratio));
  return { path, ratio: label, images, peakRssMb: process.resourceUsage().maxRSS / 1024, baselineRssMb };
}

async function main() {
  const mode = process.argv[2] ?? 'render';
  if (mode === 'memory') {
    const out = await memory(
      (process.argv[3] ?? 'template') as 'template' | 'bedrock',
      process.argv[4] ?? '1080x1080',
      Number(process.argv[5] ?? CASES.length),
    );
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  const out = await timed(
    mode === 'cut' ? 'cut' : 'render',
    Number(process.argv[3] ?? 5),
    Number(process.argv[4] ?? 10),
    Number(process.argv[5] ?? 200_000),
  );
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

await main();
