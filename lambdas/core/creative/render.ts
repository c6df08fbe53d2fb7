import sharp from 'sharp';
import type { RgbPixels } from '../images/types.ts';
import type { RelBox } from './analysis.ts';
import { blendRgba, copyOpaqueRgba, copyRgb, fillRect, type Raster, solidCanvas } from './canvas.ts';
import type { LayoutPlan, Shape } from './layouts/types.ts';
import { paintTexts } from './render-text.ts';
import { type MaskShape, paintShapeMask, paintSoftShape } from './shapes.ts';
import type { Box } from './types.ts';

/**
 * Draws a layout plan in two passes. The first lays everything but the words: canvas colour,
 * the visual cropped into its box around its subject, colour fields and scrims, the product with
 * its contact shadow, badge and button shapes. Its pixels are what the quality gate measures text
 * against. The second adds the logo and the text (satori turns the brand fonts into paths, resvg
 * rasterises each line on its own patch) and encodes the PNG. Shapes and shadows are painted by
 * `shapes.ts`, not resvg.
 */

export type { Raster };

/**
 * zlib level of the final PNG, no adaptive filtering either way. Flat brand fields and drawn
 * scenes encode in a few ms at level 3; a model's photograph behind the copy takes 40–110 ms
 * there, and level 1 cuts that by a quarter for about a fifth more bytes (ADR 0018).
 */
export const PNG_LEVEL = { flat: 3, photo: 1 } as const;

function shapeBounds(s: Shape, W: number, H: number): Box {
  let { x, y, width, height } = s.box;
  if (s.kind === 'scrim') {
    if (s.towards === 'right') width += s.fade;
    if (s.towards === 'left') {
      x -= s.fade;
      width += s.fade;
    }
    if (s.towards === 'down') height += s.fade;
    if (s.towards === 'up') {
      y -= s.fade;
      height += s.fade;
    }
  }
  if ('lift' in s && s.lift) {
    const m = Math.min(width, height) * 0.3;
    x -= m;
    y -= m;
    width += 2 * m;
    height += 3 * m;
  }
  const x0 = Math.max(0, Math.floor(x));
  const y0 = Math.max(0, Math.floor(y));
  return {
    x: x0,
    y: y0,
    width: Math.max(0, Math.min(W, Math.ceil(x + width)) - x0),
    height: Math.max(0, Math.min(H, Math.ceil(y + height)) - y0),
  };
}

/** Decoded RGBA of an encoded image, kept per buffer: a warm worker draws the same product and logo again. */
const decodedCache = new WeakMap<Buffer, Promise<{ data: Buffer; width: number; height: number }>>();

function decodedRgba(bytes: Buffer) {
  let hit = decodedCache.get(bytes);
  if (!hit) {
    hit = sharp(bytes)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
    decodedCache.set(bytes, hit);
  }
  return hit;
}

/** An encoded image resized to exactly w × h and blended (straight alpha) at (left, top). */
async function paintImage(
  canvas: Raster,
  bytes: Buffer,
  w: number,
  h: number,
  left: number,
  top: number,
): Promise<void> {
  if (w <= 0 || h <= 0) return;
  const src = await decodedRgba(bytes);
  const { data, info } = await sharp(src.data, { raw: { width: src.width, height: src.height, channels: 4 } })
    .resize(w, h, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  blendRgba(canvas, data, info.width, info.height, left, top, false);
}

/** A scrim: solid at its alpha over the box, easing to nothing across the fade band. */
function paintScrim(canvas: Raster, s: Extract<Shape, { kind: 'scrim' }>): void {
  const W = canvas.width;
  const H = canvas.height;
  const b = shapeBounds(s, W, H);
  if (b.width <= 0 || b.height <= 0) return;
  const horizontal = s.towards === 'left' || s.towards === 'right';
  const n = horizontal ? b.width : b.height;
  const alphas = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const p = (horizontal ? b.x : b.y) + i + 0.5;
    let t = 0;
    if (s.towards === 'right') t = (p - (s.box.x + s.box.width)) / s.fade;
    else if (s.towards === 'left') t = (s.box.x - p) / s.fade;
    else if (s.towards === 'down') t = (p - (s.box.y + s.box.height)) / s.fade;
    else if (s.towards === 'up') t = (s.box.y - p) / s.fade;
    t = Math.max(0, Math.min(1, t));
    alphas[i] = Math.round(255 * s.alpha * (1 - t) ** 1.7);
  }
  fillRect(canvas, b, s.color, { along: horizontal ? 'x' : 'y', values: alphas });
}

/**
 * Paints shapes in order: plain rectangles and scrims are filled directly, the rest (rounded,
 * round, lifted) go through resvg one by one, each cropped to its own bounds (resvg's cost
 * follows the area it rasterises).
 */
async function paintShapes(canvas: Raster, shapes: readonly Shape[]): Promise<void> {
  const W = canvas.width;
  const H = canvas.height;
  for (const s of shapes) {
    if (s.kind === 'scrim') paintScrim(canvas, s);
    else if (s.kind === 'rect' && !s.radius && !s.lift) {
      const x = Math.max(0, Math.round(s.box.x));
      const y = Math.max(0, Math.round(s.box.y));
      const w = Math.min(W, Math.round(s.box.x + s.box.width)) - x;
      const h = Math.min(H, Math.round(s.box.y + s.box.height)) - y;
      if (w > 0 && h > 0)
        fillRect(canvas, { x, y, width: w, height: h }, s.fill, Math.round((s.opacity ?? 1) * 255));
    } else {
      const shape: MaskShape =
        s.kind === 'circle'
          ? { kind: 'ellipse', box: s.box }
          : { kind: 'rect', box: s.box, radius: s.radius };
      if (s.lift) {
        // The button or badge lifted off its backdrop: its own shape, lowered and blurred.
        const blur = Math.max(2, Math.min(s.box.width, s.box.height) * 0.06);
        paintSoftShape(canvas, { ...shape, box: { ...s.box, y: s.box.y + blur } }, blur, '#000000', 0.22);
      }
      paintShapeMask(canvas, shape, s.fill, s.kind === 'rect' ? (s.opacity ?? 1) : 1);
    }
  }
}

/** Source crop of a `sw × sh` image with the shape of `box`, centred on the subject as far as it can be. */
export function focusCrop(sw: number, sh: number, box: Box, focus: RelBox) {
  const target = box.width / box.height;
  let cw = sw;
  let ch = Math.round(sw / target);
  if (ch > sh) {
    ch = sh;
    cw = Math.round(sh * target);
  }
  const fx = (focus.x + focus.width / 2) * sw;
  const fy = (focus.y + focus.height / 2) * sh;
  const left = Math.round(Math.max(0, Math.min(sw - cw, fx - cw / 2)));
  const top = Math.round(Math.max(0, Math.min(sh - ch, fy - ch / 2)));
  return { left, top, width: Math.max(1, cw), height: Math.max(1, ch) };
}

export type Assets = {
  /** The visual, decoded or drawn once. */
  visual?: RgbPixels | undefined;
  focus: RelBox;
  product?: Buffer | undefined;
};

/** Pass one: everything but the logo and the words, as raw RGB pixels. */
export async function renderBackground(
  plan: LayoutPlan,
  W: number,
  H: number,
  assets: Assets,
): Promise<Raster> {
  const canvas = solidCanvas(W, H, plan.background);
  await paintShapes(canvas, plan.beneath ?? []);
  const vb = plan.visualBox;
  const v = assets.visual;
  if (vb && v && vb.width > 0 && vb.height > 0) {
    const crop = focusCrop(v.width, v.height, vb, assets.focus);
    const w = Math.round(vb.width);
    const h = Math.round(vb.height);
    const channels = v.channels ?? 3;
    if (
      crop.left === 0 &&
      crop.top === 0 &&
      crop.width === w &&
      crop.height === h &&
      v.width === w &&
      v.height === h
    ) {
      // Already the box's pixels (a cut at delivery size or a scene drawn for a full-bleed layout).
      if (channels === 4) copyOpaqueRgba(canvas, v.data, w, h, Math.round(vb.x), Math.round(vb.y));
      else copyRgb(canvas, v.data, w, h, Math.round(vb.x), Math.round(vb.y));
    } else {
      const resized = sharp(v.data, { raw: { width: v.width, height: v.height, channels } })
        .extract(crop)
        .resize(w, h, { fit: 'fill' });
      const { data, info } = await (channels === 4 ? resized.removeAlpha() : resized)
        .raw()
        .toBuffer({ resolveWithObject: true });
      copyRgb(canvas, data, info.width, info.height, Math.round(vb.x), Math.round(vb.y));
    }
  }
  await paintShapes(canvas, plan.under);
  const p = plan.product;
  if (p && assets.product && p.width > 0 && p.height > 0) {
    // Contact shadow: a soft ellipse where the product meets its ground, kept to a band under it.
    const rx = p.width * 0.42;
    const ry = Math.max(4, p.height * 0.045);
    const cx = p.x + p.width / 2;
    const cy = p.y + p.height - ry * 0.3;
    const x = Math.max(0, Math.floor(p.x - p.width * 0.2));
    const y = Math.max(0, Math.floor(p.y + p.height * 0.8));
    paintSoftShape(
      canvas,
      { kind: 'ellipse', box: { x: cx - rx, y: cy - ry, width: 2 * rx, height: 2 * ry } },
      ry * 0.9,
      '#000000',
      0.32,
      { x, y, width: Math.ceil(p.width * 1.4), height: Math.ceil(p.height * 0.35) },
    );
    await paintImage(
      canvas,
      assets.product,
      Math.round(p.width),
      Math.round(p.height),
      Math.round(p.x),
      Math.round(p.y),
    );
  }
  await paintShapes(canvas, plan.over);
  return canvas;
}

/** Pass two, drawn into `background` itself: the logo (on a chip when it would vanish into its backdrop) and the words; PNG out. */
export async function renderFinal(
  plan: LayoutPlan,
  background: Raster,
  logo: { png: Buffer } | undefined,
  pngLevel: number = PNG_LEVEL.flat,
): Promise<Buffer> {
  const { width: W, height: H } = background;
  // Drawn into the background itself: nothing reads it after the quality measure.
  const canvas = background;
  if (plan.logo && logo) {
    const l = plan.logo;
    if (l.chip) {
      const p = Math.round(l.height * 0.3);
      await paintShapes(canvas, [
        {
          kind: 'rect',
          box: { x: l.x - p, y: l.y - p, width: l.width + 2 * p, height: l.height + 2 * p },
          fill: l.chip,
          radius: p,
        },
      ]);
    }
    await paintImage(
      canvas,
      logo.png,
      Math.round(l.width),
      Math.round(l.height),
      Math.round(l.x),
      Math.round(l.y),
    );
  }
  if (plan.texts.length > 0) await paintTexts(canvas, plan.texts);
  return sharp(canvas.data, { raw: { width: W, height: H, channels: 3 } })
    .png({ compressionLevel: pngLevel, adaptiveFiltering: false })
    .toBuffer();
}
