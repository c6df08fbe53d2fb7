/**
 * A raw RGB canvas the renderer paints into directly. Blending small overlays into one buffer
 * in place costs a fraction of handing sharp a stack of full-size layers to composite (which
 * premultiplies, converts and copies every layer over the whole canvas): the renderer's budget
 * is a few tens of milliseconds per creative on one core.
 */

export type Raster = { data: Buffer; width: number; height: number };

export function rgbOf(hex: string): [number, number, number] {
  const v = Number.parseInt(hex.slice(1, 7), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

/**
 * Canvas buffers handed back by finished creatives, by byte length. A worker renders creative
 * after creative at the same few sizes; a fresh 6 MB buffer each time is memory the kernel must
 * fault in page by page, which costs more than painting it.
 */
const spare = new Map<number, Buffer[]>();
/** Kept per size: a background and its re-layout, or two creatives composed at once. */
const SPARE_PER_SIZE = 2;

/** Gives a canvas's buffer back for the next one; the caller must not touch it afterwards. */
export function releaseCanvas(canvas: Raster): void {
  const list = spare.get(canvas.data.length) ?? [];
  if (list.length < SPARE_PER_SIZE && !list.includes(canvas.data)) list.push(canvas.data);
  spare.set(canvas.data.length, list);
}

/** A canvas of one colour (on a buffer given back by {@link releaseCanvas} when there is one). */
export function solidCanvas(width: number, height: number, hex: string): Raster {
  const [r, g, b] = rgbOf(hex);
  const data = spare.get(width * height * 3)?.pop() ?? Buffer.allocUnsafe(width * height * 3);
  // One row, then doubling copies: far fewer writes than a per-pixel loop.
  for (let x = 0; x < width; x++) {
    data[x * 3] = r;
    data[x * 3 + 1] = g;
    data[x * 3 + 2] = b;
  }
  let filled = width * 3;
  while (filled < data.length) {
    const n = Math.min(filled, data.length - filled);
    data.copy(data, filled, 0, n);
    filled += n;
  }
  return { data, width, height };
}

type Clip = { sx: number; sy: number; dx: number; dy: number; w: number; h: number };

function clip(canvas: Raster, w: number, h: number, left: number, top: number): Clip | undefined {
  const dx = Math.max(0, left);
  const dy = Math.max(0, top);
  const sx = dx - left;
  const sy = dy - top;
  const cw = Math.min(canvas.width - dx, w - sx);
  const ch = Math.min(canvas.height - dy, h - sy);
  if (cw <= 0 || ch <= 0) return undefined;
  return { sx, sy, dx, dy, w: cw, h: ch };
}

/**
 * Blends the colour (r, g, b) at coverage `a` (1–255; 255 is opaque) over the RGB pixel at
 * `d`, rounding as every shape, fill and patch of the renderer does. Small enough for V8 to
 * inline into the pixel loops that call it.
 */
export function blendColour(out: Buffer, d: number, r: number, g: number, b: number, a: number): void {
  if (a >= 255) {
    out[d] = r;
    out[d + 1] = g;
    out[d + 2] = b;
    return;
  }
  const k = 255 - a;
  out[d] = (r * a + (out[d] as number) * k + 127) / 255;
  out[d + 1] = (g * a + (out[d + 1] as number) * k + 127) / 255;
  out[d + 2] = (b * a + (out[d + 2] as number) * k + 127) / 255;
}

/**
 * Blends RGBA pixels over the canvas at (left, top). `premultiplied` for resvg's output (its
 * colour channels already carry alpha), straight for sharp's. Transparent pixels are skipped.
 */
export function blendRgba(
  canvas: Raster,
  rgba: Uint8Array,
  w: number,
  h: number,
  left: number,
  top: number,
  premultiplied: boolean,
): void {
  const c = clip(canvas, w, h, left, top);
  if (!c) return;
  const out = canvas.data;
  const cw = canvas.width;
  for (let y = 0; y < c.h; y++) {
    let s = ((c.sy + y) * w + c.sx) * 4;
    let d = ((c.dy + y) * cw + c.dx) * 3;
    for (let x = 0; x < c.w; x++, s += 4, d += 3) {
      const a = rgba[s + 3] as number;
      if (a === 0) continue;
      if (a === 255) {
        out[d] = rgba[s] as number;
        out[d + 1] = rgba[s + 1] as number;
        out[d + 2] = rgba[s + 2] as number;
        continue;
      }
      const k = 255 - a;
      if (premultiplied) {
        out[d] = ((rgba[s] as number) + ((out[d] as number) * k + 127) / 255) | 0;
        out[d + 1] = ((rgba[s + 1] as number) + ((out[d + 1] as number) * k + 127) / 255) | 0;
        out[d + 2] = ((rgba[s + 2] as number) + ((out[d + 2] as number) * k + 127) / 255) | 0;
      } else {
        out[d] = ((rgba[s] as number) * a + (out[d] as number) * k + 127) / 255;
        out[d + 1] = ((rgba[s + 1] as number) * a + (out[d + 1] as number) * k + 127) / 255;
        out[d + 2] = ((rgba[s + 2] as number) * a + (out[d + 2] as number) * k + 127) / 255;
      }
    }
  }
}

/** Copies opaque RGB pixels onto the canvas at (left, top). */
export function copyRgb(canvas: Raster, rgb: Buffer, w: number, h: number, left: number, top: number): void {
  const c = clip(canvas, w, h, left, top);
  if (!c) return;
  for (let y = 0; y < c.h; y++) {
    const s = ((c.sy + y) * w + c.sx) * 3;
    rgb.copy(canvas.data, ((c.dy + y) * canvas.width + c.dx) * 3, s, s + c.w * 3);
  }
}

/** Copies opaque RGBA pixels (their alpha ignored) onto the canvas at (left, top). */
export function copyOpaqueRgba(
  canvas: Raster,
  rgba: Uint8Array,
  w: number,
  h: number,
  left: number,
  top: number,
): void {
  const c = clip(canvas, w, h, left, top);
  if (!c) return;
  const out = canvas.data;
  for (let y = 0; y < c.h; y++) {
    let s = ((c.sy + y) * w + c.sx) * 4;
    let d = ((c.dy + y) * canvas.width + c.dx) * 3;
    for (let x = 0; x < c.w; x++, s += 4, d += 3) {
      out[d] = rgba[s] as number;
      out[d + 1] = rgba[s + 1] as number;
      out[d + 2] = rgba[s + 2] as number;
    }
  }
}

/**
 * Fills a pixel-aligned rectangle with a colour at a per-row or per-column alpha (`alphaAt`,
 * 0–255, by offset from the rectangle's top or left), or one alpha for all of it.
 */
export function fillRect(
  canvas: Raster,
  box: { x: number; y: number; width: number; height: number },
  hex: string,
  alpha: number | { along: 'x' | 'y'; values: Uint8Array },
): void {
  const c = clip(canvas, box.width, box.height, box.x, box.y);
  if (!c) return;
  const [r, g, b] = rgbOf(hex);
  const out = canvas.data;
  const byColumn = typeof alpha !== 'number' && alpha.along === 'x';
  let solidRow: Buffer | undefined;
  for (let y = 0; y < c.h; y++) {
    let d = ((c.dy + y) * canvas.width + c.dx) * 3;
    // One alpha for the whole row unless it varies along x.
    const rowAlpha = typeof alpha === 'number' ? alpha : byColumn ? 0 : (alpha.values[c.sy + y] ?? 0);
    if (!byColumn && rowAlpha === 0) continue;
    if (!byColumn && rowAlpha >= 255) {
      solidRow ??= solidCanvas(c.w, 1, hex).data;
      solidRow.copy(out, d);
      continue;
    }
    const columns = byColumn && typeof alpha !== 'number' ? alpha.values : undefined;
    for (let x = 0; x < c.w; x++, d += 3) {
      const a = columns ? (columns[c.sx + x] ?? 0) : rowAlpha;
      if (a > 0) blendColour(out, d, r, g, b, a);
    }
  }
}
