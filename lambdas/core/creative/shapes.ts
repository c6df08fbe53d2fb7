import { blendColour, type Raster, rgbOf } from './canvas.ts';
import type { Box } from './types.ts';

/**
 * Rounded rectangles, ellipses and their soft shadows, painted straight into the RGB canvas.
 * resvg drew them before, one SVG per shape: each call allocated a fresh RGBA pixmap, copied it
 * into a Buffer and blended it, and a `feGaussianBlur` shadow cost more than the rest of the
 * background. Here a shape is a coverage mask from its signed distance (antialiased over one
 * pixel, as a rasteriser would), and a shadow is that mask blurred by three box blurs: the
 * approximation of a Gaussian the SVG filter spec itself gives, which resvg uses for any
 * deviation over 2 px.
 */

export type MaskShape =
  | { kind: 'rect'; box: Box; radius?: number | undefined }
  | { kind: 'ellipse'; box: Box };

type Patch = { mask: Float32Array; left: number; top: number; width: number; height: number };

/** Signed distance (px, negative inside) from a pixel centre to the shape's outline. */
function distance(shape: MaskShape, px: number, py: number): number {
  const b = shape.box;
  const cx = b.x + b.width / 2;
  const cy = b.y + b.height / 2;
  if (shape.kind === 'ellipse') {
    const a = Math.max(1e-3, b.width / 2);
    const c = Math.max(1e-3, b.height / 2);
    const x = (px - cx) / a;
    const y = (py - cy) / c;
    const k0 = Math.sqrt(x * x + y * y);
    if (k0 === 0) return -Math.min(a, c);
    // First-order distance to an ellipse: exact on its outline, which is all antialiasing reads.
    const k1 = Math.sqrt((x / a) * (x / a) + (y / c) * (y / c));
    return (k0 * (k0 - 1)) / k1;
  }
  const r = Math.max(0, Math.min(shape.radius ?? 0, b.width / 2, b.height / 2));
  const qx = Math.abs(px - cx) - (b.width / 2 - r);
  const qy = Math.abs(py - cy) - (b.height / 2 - r);
  const ox = Math.max(qx, 0);
  const oy = Math.max(qy, 0);
  return Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - r;
}

/**
 * One zeroed mask of `length` floats, reusing the last one's memory: a patch lives only inside
 * the paint call that made it (painting is synchronous), and fresh megabyte-sized arrays for
 * every shape of every creative cost the worker more in garbage collection than in painting.
 */
let maskMemory = new Float32Array(0);
function scratchMask(length: number): Float32Array {
  if (maskMemory.length < length) maskMemory = new Float32Array(length);
  const mask = maskMemory.subarray(0, length);
  mask.fill(0);
  return mask;
}

let lineMemory = new Float32Array(0);
function scratchLine(length: number): Float32Array {
  if (lineMemory.length < length) lineMemory = new Float32Array(length);
  return lineMemory;
}

/** The shape's coverage over its bounds grown by `margin` px (not clipped to any canvas). */
function coverage(shape: MaskShape, margin: number): Patch {
  const b = shape.box;
  const left = Math.floor(b.x - margin);
  const top = Math.floor(b.y - margin);
  const width = Math.max(1, Math.ceil(b.x + b.width + margin) - left);
  const height = Math.max(1, Math.ceil(b.y + b.height + margin) - top);
  const mask = scratchMask(width * height);
  // Only pixels within half a pixel of the shape's box can be covered; the margin stays empty.
  const xs = Math.max(0, Math.floor(b.x - 0.5) - left);
  const xe = Math.min(width, Math.ceil(b.x + b.width + 0.5) - left);
  const ys = Math.max(0, Math.floor(b.y - 0.5) - top);
  const ye = Math.min(height, Math.ceil(b.y + b.height + 0.5) - top);
  for (let y = ys; y < ye; y++) {
    const py = top + y + 0.5;
    for (let x = xs; x < xe; x++) {
      const d = distance(shape, left + x + 0.5, py);
      if (d <= -0.5) mask[y * width + x] = 1;
      else if (d < 0.5) mask[y * width + x] = 0.5 - d;
    }
  }
  return { mask, left, top, width, height };
}

/** Box widths whose three passes approximate a Gaussian of `sigma` (SVG 1.1, feGaussianBlur). */
function boxWidths(sigma: number): [number, number, number] {
  const d = Math.max(1, Math.floor(sigma * ((3 * Math.sqrt(2 * Math.PI)) / 4) + 0.5));
  return d % 2 === 1 ? [d, d, d] : [d, d, d + 1];
}

/** One box blur of width `d` along rows (`step` 1) or columns (`step` = width), in place via `tmp`. */
function boxPass(
  src: Float32Array,
  tmp: Float32Array,
  lines: number,
  length: number,
  lineStride: number,
  step: number,
  d: number,
  lean: boolean,
): void {
  // An even width has no centre pixel: the spec leans its two even passes opposite ways.
  const before = lean ? Math.ceil((d - 1) / 2) : Math.floor((d - 1) / 2);
  const after = d - before - 1;
  for (let l = 0; l < lines; l++) {
    const base = l * lineStride;
    let sum = 0;
    for (let i = 0; i <= after && i < length; i++) sum += src[base + i * step] as number;
    for (let i = 0; i < length; i++) {
      tmp[i] = sum / d;
      const add = i + after + 1;
      const drop = i - before;
      if (add < length) sum += src[base + add * step] as number;
      if (drop >= 0) sum -= src[base + drop * step] as number;
    }
    for (let i = 0; i < length; i++) src[base + i * step] = tmp[i] as number;
  }
}

/** The patch blurred as by a Gaussian of `sigma` px (its margin must hold the spread). */
function blur(p: Patch, sigma: number): void {
  const tmp = scratchLine(Math.max(p.width, p.height));
  const widths = boxWidths(sigma);
  widths.forEach((d, i) => {
    boxPass(p.mask, tmp, p.height, p.width, p.width, 1, d, i === 0);
  });
  widths.forEach((d, i) => {
    boxPass(p.mask, tmp, p.width, p.height, 1, p.width, d, i === 0);
  });
}

/** Blends `hex` at `opacity` × the patch's coverage over the canvas (clipped to it). */
function blendPatch(canvas: Raster, p: Patch, hex: string, opacity: number, clip?: Box): void {
  const [r, g, b] = rgbOf(hex);
  const out = canvas.data;
  const c = clip ?? { x: 0, y: 0, width: canvas.width, height: canvas.height };
  const x0 = Math.max(0, p.left, Math.round(c.x));
  const y0 = Math.max(0, p.top, Math.round(c.y));
  const x1 = Math.min(canvas.width, p.left + p.width, Math.round(c.x + c.width));
  const y1 = Math.min(canvas.height, p.top + p.height, Math.round(c.y + c.height));
  const k = 255 * Math.max(0, Math.min(1, opacity));
  for (let y = y0; y < y1; y++) {
    let s = (y - p.top) * p.width + (x0 - p.left);
    let d = (y * canvas.width + x0) * 3;
    for (let x = x0; x < x1; x++, s++, d += 3) {
      const a = Math.round((p.mask[s] as number) * k);
      if (a > 0) blendColour(out, d, r, g, b, a);
    }
  }
}

/** A shape filled with `hex` at `opacity`, antialiased. */
export function paintShapeMask(canvas: Raster, shape: MaskShape, hex: string, opacity = 1): void {
  if (shape.box.width <= 0 || shape.box.height <= 0) return;
  blendPatch(canvas, coverage(shape, 1), hex, opacity);
}

/** `blendPatch` for a patch worked at 1/`f` scale: each canvas pixel reads it bilinearly. */
function blendScaledPatch(
  canvas: Raster,
  p: Patch,
  f: number,
  hex: string,
  opacity: number,
  clip?: Box,
): void {
  const [r, g, b] = rgbOf(hex);
  const out = canvas.data;
  const c = clip ?? { x: 0, y: 0, width: canvas.width, height: canvas.height };
  const x0 = Math.max(0, p.left * f, Math.round(c.x));
  const y0 = Math.max(0, p.top * f, Math.round(c.y));
  const x1 = Math.min(canvas.width, (p.left + p.width) * f, Math.round(c.x + c.width));
  const y1 = Math.min(canvas.height, (p.top + p.height) * f, Math.round(c.y + c.height));
  const k = 255 * Math.max(0, Math.min(1, opacity));
  const m = p.mask;
  const at = (sx: number, sy: number) =>
    sx < 0 || sy < 0 || sx >= p.width || sy >= p.height ? 0 : (m[sy * p.width + sx] as number);
  for (let y = y0; y < y1; y++) {
    const v = (y + 0.5) / f - 0.5 - p.top;
    const sy = Math.floor(v);
    const fy = v - sy;
    let d = (y * canvas.width + x0) * 3;
    for (let x = x0; x < x1; x++, d += 3) {
      const u = (x + 0.5) / f - 0.5 - p.left;
      const sx = Math.floor(u);
      const fx = u - sx;
      const cov =
        (at(sx, sy) * (1 - fx) + at(sx + 1, sy) * fx) * (1 - fy) +
        (at(sx, sy + 1) * (1 - fx) + at(sx + 1, sy + 1) * fx) * fy;
      const a = Math.round(cov * k);
      if (a > 0) blendColour(out, d, r, g, b, a);
    }
  }
}

/**
 * The shape blurred by a Gaussian of `sigma` px, in `hex` at `opacity`: a soft shadow, drawn
 * only inside `clip`. A wide blur is worked at a fraction of the size (at least 4 px of
 * deviation left) and read back bilinearly: nothing sharper than the blur survives it, and the
 * work falls with the square of the fraction.
 */
export function paintSoftShape(
  canvas: Raster,
  shape: MaskShape,
  sigma: number,
  hex: string,
  opacity: number,
  clip?: Box,
): void {
  if (shape.box.width <= 0 || shape.box.height <= 0) return;
  const f = Math.max(1, Math.floor(sigma / 4));
  if (f === 1) {
    const patch = coverage(shape, Math.ceil(3 * sigma) + 2);
    blur(patch, sigma);
    blendPatch(canvas, patch, hex, opacity, clip);
    return;
  }
  const b = shape.box;
  const box = { x: b.x / f, y: b.y / f, width: b.width / f, height: b.height / f };
  const small: MaskShape =
    shape.kind === 'rect' ? { kind: 'rect', box, radius: (shape.radius ?? 0) / f } : { kind: 'ellipse', box };
  const patch = coverage(small, Math.ceil((3 * sigma) / f) + 2);
  blur(patch, sigma / f);
  blendScaledPatch(canvas, patch, f, hex, opacity, clip);
}
