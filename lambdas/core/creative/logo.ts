import sharp from 'sharp';
import type { Raster } from './canvas.ts';
import { srgbToLinear } from './color.ts';
import type { Box } from './types.ts';

/**
 * The brand's logo on a creative, legible whatever is under it (ADR 0038). Its contrast is
 * measured against the rendered pixels it will sit on; below 3:1 (WCAG's floor for graphical
 * objects) it is shown, in this order: on a plate in its own colours (white or near-black,
 * whichever reads better); as a single-colour version (the "reversed" mark every brand guide
 * has); on a plate as a single-colour version. The last always passes.
 */

export const LOGO_MIN_CONTRAST = 3;

export type Logo = {
  png: Buffer;
  width: number;
  height: number;
  /** The logo carries its own opaque backdrop (a JPEG, a boxed mark): its ink is read against that. */
  boxed: boolean;
};

export async function readLogo(bytes: Buffer | undefined): Promise<Logo | undefined> {
  if (!bytes) return undefined;
  try {
    const { data, info } = await sharp(bytes)
      .resize(600, 600, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const png = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .png()
      .toBuffer();
    return {
      png,
      width: info.width,
      height: info.height,
      boxed: opaqueBorder(data, info.width, info.height),
    };
  } catch {
    return undefined;
  }
}

/** Every pixel of the outermost ring opaque: the image brings its own backdrop. */
function opaqueBorder(rgba: Buffer, w: number, h: number): boolean {
  const opaque = (x: number, y: number) => (rgba[(y * w + x) * 4 + 3] ?? 0) >= 250;
  for (let x = 0; x < w; x++) if (!opaque(x, 0) || !opaque(x, h - 1)) return false;
  for (let y = 0; y < h; y++) if (!opaque(0, y) || !opaque(w - 1, y)) return false;
  return true;
}

type Pixels = { data: Buffer; width: number; height: number };

async function rasterAt(png: Buffer, box: Box): Promise<Pixels> {
  const { data, info } = await sharp(png)
    .resize(Math.max(1, Math.round(box.width)), Math.max(1, Math.round(box.height)), { fit: 'fill' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const LINEAR = Float64Array.from({ length: 256 }, (_, i) => srgbToLinear(i));
const lum = (d: Buffer, i: number) =>
  0.2126 * (LINEAR[d[i] ?? 0] ?? 0) +
  0.7152 * (LINEAR[d[i + 1] ?? 0] ?? 0) +
  0.0722 * (LINEAR[d[i + 2] ?? 0] ?? 0);
const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
const median = (values: number[]) => {
  if (values.length === 0) return 21;
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? 21;
};

/**
 * WCAG contrast of the logo's ink against what is under it: the median over its opaque pixels
 * of each one's contrast with the pixel of `bg` (or the plate colour) it covers. A boxed logo's
 * ink is the part that differs from its own border, read against that border.
 */
export function logoContrast(bg: Raster, box: Box, logo: Pixels, boxed: boolean, plate?: number): number {
  return measure(bg, box, logo, boxed, plate).contrast;
}

function measure(
  bg: Raster,
  box: Box,
  logo: Pixels,
  boxed: boolean,
  plate?: number,
): { contrast: number; ownBackdrop: boolean } {
  const step = Math.max(1, Math.round(Math.max(logo.width, logo.height) / 160));
  const ratios: number[] = [];
  if (boxed) {
    const border = lum(logo.data, 0);
    for (let y = 0; y < logo.height; y += step)
      for (let x = 0; x < logo.width; x += step) {
        const r = ratio(lum(logo.data, (y * logo.width + x) * 4), border);
        if (r >= 1.25) ratios.push(r);
      }
    // A boxed logo with no ink of its own is a colour block: it is read against the canvas.
    if (ratios.length > 0) return { contrast: median(ratios), ownBackdrop: true };
  }
  for (let y = 0; y < logo.height; y += step)
    for (let x = 0; x < logo.width; x += step) {
      const i = (y * logo.width + x) * 4;
      if ((logo.data[i + 3] ?? 0) < 128) continue;
      let under = plate;
      if (under === undefined) {
        const bx = Math.min(bg.width - 1, Math.max(0, Math.round(box.x + (x * box.width) / logo.width)));
        const by = Math.min(bg.height - 1, Math.max(0, Math.round(box.y + (y * box.height) / logo.height)));
        under = lum(bg.data, (by * bg.width + bx) * 3);
      }
      ratios.push(ratio(lum(logo.data, i), under));
    }
  return { contrast: median(ratios), ownBackdrop: false };
}

const LIGHT = { hex: '#FFFFFF', rgb: [255, 255, 255], lum: 1 } as const;
const DARK = { hex: '#111111', rgb: [17, 17, 17], lum: srgbToLinear(17) } as const;

/** The mark in one colour, its alpha kept: the automatic light or dark version of a logo. */
async function singleColour(logo: Logo, tone: typeof LIGHT | typeof DARK): Promise<Buffer> {
  const { data, info } = await sharp(logo.png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += 4) {
    data[i] = tone.rgb[0];
    data[i + 1] = tone.rgb[1];
    data[i + 2] = tone.rgb[2];
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Median luminance of the canvas under a box. */
function lumUnder(bg: Raster, box: Box): number {
  const values: number[] = [];
  const step = Math.max(1, Math.round(Math.max(box.width, box.height) / 40));
  for (let y = Math.max(0, Math.round(box.y)); y < Math.min(bg.height, box.y + box.height); y += step)
    for (let x = Math.max(0, Math.round(box.x)); x < Math.min(bg.width, box.x + box.width); x += step)
      values.push(lum(bg.data, (y * bg.width + x) * 3));
  values.sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)] ?? 0;
}

export type LegibleLogo = {
  png: Buffer;
  /** Plate colour behind the logo, when one is drawn. */
  plate?: string | undefined;
  contrast: number;
  treatment: 'as-is' | 'single-colour' | 'plate' | 'plate-single-colour';
};

/** The first treatment, in the order above, whose measured contrast reaches 3:1. */
export async function legibleLogo(bg: Raster, box: Box, logo: Logo): Promise<LegibleLogo> {
  const own = await rasterAt(logo.png, box);
  const asIs = measure(bg, box, own, logo.boxed);
  // A logo on its own backdrop is the brand's artwork: a plate or a recolour would not change
  // what its ink is read against.
  if (asIs.contrast >= LOGO_MIN_CONTRAST || asIs.ownBackdrop)
    return { png: logo.png, contrast: asIs.contrast, treatment: 'as-is' };
  const under = lumUnder(bg, box);
  // A plate keeps the brand's own colours, so it comes first.
  const plates = [LIGHT, DARK].map((p) => ({ p, c: logoContrast(bg, box, own, false, p.lum) }));
  const best = plates.reduce((a, b) => (b.c > a.c ? b : a));
  if (best.c >= LOGO_MIN_CONTRAST)
    return { png: logo.png, plate: best.p.hex, contrast: best.c, treatment: 'plate' };
  const tone = ratio(LIGHT.lum, under) >= ratio(DARK.lum, under) ? LIGHT : DARK;
  {
    const png = await singleColour(logo, tone);
    const contrast = logoContrast(bg, box, await rasterAt(png, box), false);
    if (contrast >= LOGO_MIN_CONTRAST) return { png, contrast, treatment: 'single-colour' };
  }
  const plate = under > 0.18 ? DARK : LIGHT;
  const ink = plate === LIGHT ? DARK : LIGHT;
  const png = await singleColour(logo, ink);
  const contrast = logoContrast(bg, box, await rasterAt(png, box), false, plate.lum);
  return { png, plate: plate.hex, contrast, treatment: 'plate-single-colour' };
}
