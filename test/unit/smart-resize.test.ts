import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STABILITY_SIZES } from '#core/images/bedrock-stability.ts';
import { deliverySize } from '#core/images/sizes.ts';
import {
  cutAroundSubject,
  cutAroundSubjectLazily,
  largestCut,
  MAX_UPSCALE,
} from '#core/images/smart-crop.ts';
import { planVisual } from '#generate/shared-visual.ts';

const stability = {
  nativeSize: (r: { w: number; h: number }) =>
    STABILITY_SIZES[`${r.w}:${r.h}` as '9:16'] ?? STABILITY_SIZES['1:1'],
};

describe('one model visual across ratios', () => {
  it.each([
    [{ w: 1, h: 1 }, 'portrait', 1.406],
    [{ w: 4, h: 5 }, 'portrait', 1.406],
    [{ w: 9, h: 16 }, 'portrait', 1.429],
    [{ w: 2, h: 3 }, 'portrait', 1.303],
    [{ w: 16, h: 9 }, 'landscape', 1.429],
    [{ w: 191, h: 100 }, 'landscape', 0.893],
  ])('%o is cut from the %s visual at ≤ 1.5×', (ratio, family, upscale) => {
    const plan = planVisual(stability, ratio, deliverySize(ratio));
    expect(plan.family).toBe(family);
    expect(plan.upscale).toBeCloseTo(upscale, 2);
    expect(plan.upscale).toBeLessThanOrEqual(MAX_UPSCALE);
  });

  it('gives a ratio its own call when its cut would need more than 1.5×', () => {
    // A model that paints small: 576×1024 portrait, 1024×576 landscape.
    const small = {
      nativeSize: (r: { w: number; h: number }) =>
        r.w < r.h ? { width: 576, height: 1024 } : { width: 1024, height: 576 },
    };
    const plan = planVisual(small, { w: 1, h: 1 }, { width: 1080, height: 1080 });
    expect(
      largestCut({ width: 576, height: 1024 }, { w: 1, h: 1 }, { width: 1080, height: 1080 }).upscale,
    ).toBeGreaterThan(1.5);
    expect(plan.family).toBe('ratio-1-1');
    expect(plan.modelRatio).toEqual({ w: 1, h: 1 });
  });

  it('cuts around the subject of the visual, not its centre', async () => {
    // A calm portrait visual with its only detail (a sixth of it) low and to the right.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="1344"><rect width="768" height="1344" fill="#7aa0c8"/>${Array.from(
      { length: 144 },
      (_, i) =>
        `<rect x="${400 + (i % 12) * 30}" y="${920 + Math.floor(i / 12) * 34}" width="16" height="18" fill="${i % 2 ? '#000' : '#fff'}"/>`,
    ).join('')}</svg>`;
    const visual = await sharp(Buffer.from(svg)).png().toBuffer();
    const cut = await cutAroundSubject(visual, { w: 1, h: 1 }, { width: 1080, height: 1080 });
    expect(cut.subject.y).toBeGreaterThan(0.6);
    expect(cut.upscale).toBeCloseTo(1.406, 2);
    // The square is taken from the bottom of the visual: its lower half holds the detail.
    const { data, info } = await sharp(cut.png).greyscale().raw().toBuffer({ resolveWithObject: true });
    let dark = 0;
    for (let y = info.height / 2; y < info.height; y++)
      for (let x = 0; x < info.width; x++) if ((data[y * info.width + x] ?? 255) < 40) dark++;
    expect(dark).toBeGreaterThan(1000);
    expect(await sharp(cut.png).metadata()).toMatchObject({ width: 1080, height: 1080 });
  });

  it('answers the same window at any scale asked, resampled straight from the visual', async () => {
    // Left half white, right half black: the window's own split shows at every scale.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="768" height="1344"><rect width="384" height="1344" fill="#fff"/><rect x="384" width="384" height="1344" fill="#000"/></svg>`;
    const visual = await sharp(Buffer.from(svg)).png().toBuffer();
    const cut = await cutAroundSubjectLazily(visual, { w: 4, h: 5 }, { width: 1080, height: 1350 });
    const full = await cut.pixels(1);
    const small = await cut.pixels(0.3);
    expect([full.width, full.height]).toEqual([1080, 1350]);
    expect([small.width, small.height]).toEqual([324, 405]);
    // The split sits at the same fraction of the width in both.
    const splitAt = (p: { data: Buffer; width: number; height: number }) => {
      const row = Math.floor(p.height / 2) * p.width * 3;
      let x = 0;
      while (x < p.width && (p.data[row + x * 3] ?? 0) > 127) x++;
      return x / p.width;
    };
    expect(splitAt(small)).toBeCloseTo(splitAt(full), 2);
    expect(splitAt(full)).toBeGreaterThan(0.3);
    expect(splitAt(full)).toBeLessThan(0.7);
  });
});
