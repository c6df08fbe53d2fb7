/**
 * Cut and composite per ratio from a stored model visual (the Bedrock path after the first
 * slot of a family): `npx tsx bench/smart-cut.ts [renders per ratio]`. Run it pinned to one
 * core (`taskset -c 0`) for the figure the issue asks for; prints p50 per ratio of the cut
 * (smart crop around the subject) and of cut + compose, and the process's peak RSS.
 */

import { composeCreative } from '#core/creative/compose.ts';
import { defaultBrandKit } from '#core/entities/brand-kit.ts';
import { STABILITY_SIZES } from '#core/images/bedrock-stability.ts';
import { deliverySize } from '#core/images/sizes.ts';
import { cutAroundSubject } from '#core/images/smart-crop.ts';
import { busyVisual } from '#local/bedrock-stand-in.ts';

const renders = Number(process.argv[2] ?? 15);
const brand = defaultBrandKit('bench', '2026-01-01T00:00:00.000Z');
const copy = {
  headlines: ['Small-batch coffee, roasted this week for people who work from home'],
  bodies: ['Fresh beans at your door every other Thursday.'],
  offer: '30% off your first bag',
  cta: 'Shop now',
};
const portrait = await busyVisual(STABILITY_SIZES['9:16'].width, STABILITY_SIZES['9:16'].height, 7);
const landscape = await busyVisual(STABILITY_SIZES['16:9'].width, STABILITY_SIZES['16:9'].height, 8);
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

for (const ratio of [
  { w: 1, h: 1 },
  { w: 4, h: 5 },
  { w: 9, h: 16 },
  { w: 16, h: 9 },
]) {
  const size = deliverySize(ratio);
  const visual = ratio.w <= ratio.h ? portrait : landscape;
  const cutMs: number[] = [];
  const totalMs: number[] = [];
  for (let i = 0; i < renders + 2; i++) {
    const t0 = performance.now();
    const cut = await cutAroundSubject(visual, ratio, size);
    const t1 = performance.now();
    await composeCreative({
      visual: { png: cut.png, ...size, model: 'bench', seed: 1 },
      ...size,
      aspectRatio: ratio,
      copy,
      brand,
    });
    const t2 = performance.now();
    if (i >= 2) {
      cutMs.push(t1 - t0);
      totalMs.push(t2 - t0);
    }
  }
  console.log(
    `${ratio.w}:${ratio.h} ${size.width}×${size.height}: cut p50 ${p50(cutMs).toFixed(0)} ms, cut + compose p50 ${p50(totalMs).toFixed(0)} ms`,
  );
}
console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
