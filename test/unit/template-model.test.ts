import { describe, expect, it } from 'vitest';
import { defaultBrandKit } from '#core/entities/brand-kit.ts';
import { distance } from '#core/images/color.ts';
import { decodePng, pngSize, type RgbaImage, rasterize } from '#core/images/png.ts';
import { createTemplateImageModel, SCENE_FAMILIES, sceneFamily } from '#core/images/template-model.ts';
import { PermanentImageError, type VisualRequest } from '#core/images/types.ts';

const model = createTemplateImageModel();
const brand = defaultBrandKit('client-1', '2026-01-01T00:00:00.000Z');

function request(overrides: Partial<VisualRequest> = {}): VisualRequest {
  return {
    prompt: 'Advertising visual',
    negativePrompt: 'text',
    width: 432,
    height: 540,
    aspectRatio: { w: 4, h: 5 },
    seed: 7,
    brand,
    visualStyle: 'clean modern product advertising, soft studio light',
    ...overrides,
  };
}

/** Mean absolute difference per channel, 0–255. */
function meanDifference(a: RgbaImage, b: RgbaImage): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 3; c++) sum += Math.abs((a.data[i + c] ?? 0) - (b.data[i + c] ?? 0));
  }
  return sum / ((a.data.length / 4) * 3);
}

/** Share of pixels within `tolerance` of a colour. */
function share(image: RgbaImage, hex: string, tolerance = 30): number {
  let n = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    const c = { r: image.data[i] ?? 0, g: image.data[i + 1] ?? 0, b: image.data[i + 2] ?? 0 };
    if (distance(c, hex) < tolerance) n++;
  }
  return n / (image.width * image.height);
}

const MAGENTA = '#E0119D';

describe('sceneFamily', () => {
  it.each([
    ['bold flat colour blocks, high contrast', 'bold'],
    ['Minimal, clean, lots of white space', 'minimal'],
    ['luxury dark moody gold accents', 'luxury'],
    ['playful confetti, bright and fun', 'playful'],
    ['editorial magazine layout', 'editorial'],
    ['retro 70s sunburst', 'retro'],
    ['futuristic tech with neon glow', 'tech'],
    ['organic botanical, natural textures', 'organic'],
    ['realistic lifestyle photo', 'studio'],
    ['', 'studio'],
    ['something nobody anticipated', 'studio'],
  ])('maps "%s" to %s', (style, family) => {
    expect(sceneFamily(style)).toBe(family);
  });
});

describe('template image model', () => {
  it('is the offline model template-v1 and renders exactly the requested size', async () => {
    expect(model.id).toBe('template-v1');
    const visual = await model.generate(
      request({ width: 1200, height: 628, aspectRatio: { w: 191, h: 100 } }),
    );
    expect(pngSize(visual.png)).toEqual({ width: 1200, height: 628 });
    expect(visual).toMatchObject({ width: 1200, height: 628, model: 'template-v1', seed: 7 });
  });

  it('is deterministic: the same request gives byte-identical PNGs', async () => {
    const a = await model.generate(request({ visualStyle: 'playful confetti' }));
    const b = await model.generate(request({ visualStyle: 'playful confetti' }));
    expect(a.png.equals(b.png)).toBe(true);
  });

  it('varies with the seed', async () => {
    const a = decodePng((await model.generate(request({ seed: 1 }))).png);
    const b = decodePng((await model.generate(request({ seed: 2 }))).png);
    expect(meanDifference(a, b)).toBeGreaterThan(6);
  });

  it('looks clearly different for each visual style', async () => {
    const images = await Promise.all(
      SCENE_FAMILIES.map(async (family) =>
        decodePng((await model.generate(request({ visualStyle: family }))).png),
      ),
    );
    for (let i = 0; i < images.length; i++) {
      for (let j = i + 1; j < images.length; j++) {
        const d = meanDifference(images[i] as RgbaImage, images[j] as RgbaImage);
        expect(d, `${SCENE_FAMILIES[i]} vs ${SCENE_FAMILIES[j]}`).toBeGreaterThan(10);
      }
    }
  });

  it('uses the brand palette', async () => {
    const colors = { ...brand.colors, primary: '#0B6E4F', accent: '#F26419' };
    const image = decodePng(
      (await model.generate(request({ brand: { colors }, visualStyle: 'bold flat' }))).png,
    );
    expect(share(image, colors.primary, 12)).toBeGreaterThan(0.05);
    expect(share(image, colors.accent, 12)).toBeGreaterThan(0.05);
  });

  it('places a transparent product image in the hero area', async () => {
    const product = rasterize(
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="300"><rect x="40" y="20" width="120" height="260" rx="30" fill="${MAGENTA}"/></svg>`,
    ).png();
    const without = decodePng((await model.generate(request())).png);
    const image = decodePng((await model.generate(request({ productImage: product }))).png);
    expect(share(without, MAGENTA)).toBe(0);
    expect(share(image, MAGENTA)).toBeGreaterThan(0.03);
    // Below the text zone: nothing magenta in the top 40 % of a portrait canvas.
    const top = {
      ...image,
      height: Math.floor(image.height * 0.4),
      data: image.data.subarray(0, image.width * Math.floor(image.height * 0.4) * 4),
    };
    expect(share(top, MAGENTA)).toBe(0);
  });

  it('cuts a product on a plain white backdrop out of it', async () => {
    const packshot = rasterize(
      `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="#FFFFFF"/><circle cx="150" cy="150" r="90" fill="${MAGENTA}"/></svg>`,
    ).png();
    const image = decodePng(
      (await model.generate(request({ productImage: packshot, visualStyle: 'luxury dark' }))).png,
    );
    expect(share(image, MAGENTA)).toBeGreaterThan(0.02);
    // The white backdrop is gone: a dark luxury scene has next to no pure white left.
    expect(share(image, '#FFFFFF', 20)).toBeLessThan(0.005);
  });

  it('frames a busy photo it cannot cut out', async () => {
    const photo = rasterize(
      `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><defs><linearGradient id="g"><stop offset="0" stop-color="#FF0000"/><stop offset="1" stop-color="#0000FF"/></linearGradient></defs><rect width="300" height="200" fill="url(#g)"/><circle cx="150" cy="100" r="60" fill="${MAGENTA}"/></svg>`,
    ).png();
    const image = decodePng((await model.generate(request({ productImage: photo }))).png);
    expect(share(image, MAGENTA)).toBeGreaterThan(0.01);
  });

  it('refuses product images it cannot read, permanently', async () => {
    const webp = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8L'), Buffer.alloc(40)]);
    await expect(model.generate(request({ productImage: webp }))).rejects.toBeInstanceOf(PermanentImageError);
    await expect(
      model.generate(request({ productImage: Buffer.from('not an image') })),
    ).rejects.toMatchObject({
      reason: 'invalid_product_image',
    });
    await expect(model.generate(request({ width: 0 }))).rejects.toBeInstanceOf(PermanentImageError);
  });
});
