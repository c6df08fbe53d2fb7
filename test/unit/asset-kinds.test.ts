/**
 * The size each kind of asset must have (ADR 0059): a logo is judged on its long side (a wide
 * wordmark is a logo), a product on both sides, a photo on both sides at the size a full-bleed
 * creative needs. And a photo is cut per ratio with its subject kept in frame.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { assetSizeProblem } from '#core/entities/asset.ts';
import { deliverySize } from '#core/images/sizes.ts';
import { cutPhotoAroundSubject } from '#core/images/smart-crop.ts';

describe('the minimum size of each kind of asset', () => {
  it('takes a wide wordmark as a logo, and refuses a sliver or a small one', () => {
    expect(assetSizeProblem('logo', 400, 100)).toBeUndefined();
    expect(assetSizeProblem('logo', 100, 400)).toBeUndefined();
    expect(assetSizeProblem('logo', 200, 32)).toBeUndefined();
    expect(assetSizeProblem('logo', 600, 20)).toBe(
      'the image is 600×20 px; the long side must be at least 200 px and the short side at least 32 px for a logo',
    );
    expect(assetSizeProblem('logo', 150, 150)).toMatch(/150×150 px; the long side must be at least 200 px/);
  });

  it('keeps products at 200 px a side', () => {
    expect(assetSizeProblem('product', 200, 200)).toBeUndefined();
    expect(assetSizeProblem('product', 400, 100)).toBe(
      'the image is 400×100 px; each side must be at least 200 px for a product',
    );
  });

  it('asks a photo for 720 px on its short side: the square cut reaches 1080 px at 1.5× at most', () => {
    expect(assetSizeProblem('photo', 1280, 720)).toBeUndefined();
    expect(assetSizeProblem('photo', 1600, 600)).toBe(
      'the image is 1600×600 px; each side must be at least 720 px for a photo',
    );
  });
});

describe('a photo cut around its subject', () => {
  // A magenta disc well off centre (right, low) on a textured green field.
  const W = 1800;
  const H = 1200;
  const disc = { cx: 1480, cy: 780, r: 170 };
  const photo = () =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#6f8a62"/><rect width="20" height="20" fill="#789368"/></pattern></defs><rect width="${W}" height="${H}" fill="url(#p)"/><circle cx="${disc.cx}" cy="${disc.cy}" r="${disc.r}" fill="#ff00d4"/></svg>`,
      ),
    )
      .jpeg({ quality: 90 })
      .toBuffer();

  it.each([
    [1, 1],
    [4, 5],
    [9, 16],
    [16, 9],
  ])('keeps the whole subject in the %i:%i window', async (w, h) => {
    const size = deliverySize({ w, h });
    const cut = await cutPhotoAroundSubject(await photo(), { w, h }, size);
    const pixels = await cut.pixels(0.25);
    let magenta = 0;
    let sx = 0;
    let sy = 0;
    for (let i = 0; i < pixels.data.length; i += 3) {
      const [r, g, b] = [pixels.data[i] ?? 0, pixels.data[i + 1] ?? 0, pixels.data[i + 2] ?? 0];
      if (r > 200 && g < 60 && b > 160) {
        magenta++;
        sx += (i / 3) % pixels.width;
        sy += Math.floor(i / 3 / pixels.width);
      }
    }
    // The disc's whole area at this scale (window px = delivery px / upscale): it was not cut off.
    const perPhotoPixel = (pixels.width * cut.upscale) / size.width;
    const expected = Math.PI * disc.r ** 2 * perPhotoPixel ** 2;
    expect(magenta).toBeGreaterThan(expected * 0.9);
    // The subject box the compositor is handed (window fractions) holds the disc's centre.
    const centre = { x: sx / magenta / pixels.width, y: sy / magenta / pixels.height };
    expect(centre.x).toBeGreaterThanOrEqual(cut.subject.x);
    expect(centre.x).toBeLessThanOrEqual(cut.subject.x + cut.subject.width);
    expect(centre.y).toBeGreaterThanOrEqual(cut.subject.y);
    expect(centre.y).toBeLessThanOrEqual(cut.subject.y + cut.subject.height);
    expect(cut.subject.width * cut.subject.height).toBeLessThan(0.5);
  });

  it('lays a photo with transparency on white, not on whatever its clear pixels hold', async () => {
    const clear = await sharp({
      create: { width: 800, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const cut = await cutPhotoAroundSubject(clear, { w: 1, h: 1 }, { width: 400, height: 400 });
    const { data } = await cut.pixels(1);
    expect([data[0], data[1], data[2]]).toEqual([255, 255, 255]);
  });
});
