import { createHash } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { PermanentImageError } from '../images/types.ts';

/** A product cut out of its backdrop: RGBA PNG trimmed to its visible pixels. */
export type ProductCutout = { png: Buffer; width: number; height: number };

/** Long side the cut-out is worked at: plenty for a product that fills at most half a creative. */
const WORK_SIZE = 900;

/**
 * Cuts the product out of its image: an existing alpha channel is kept; a flat or white backdrop
 * connected to the border is removed (flood fill, feathered edge); a busy, opaque photo is kept
 * whole as a framed picture. Decoded with sharp, so PNG, JPEG and WebP all work.
 */
export async function cutOutProduct(bytes: Buffer): Promise<ProductCutout> {
  // Every slot of a campaign brings the same product: a warm worker cuts it out once.
  const key = createHash('sha1').update(bytes).digest('hex');
  const cached = cache.get(key);
  if (cached) return cached;
  const cut = await cutOut(bytes);
  cache.set(key, cut);
  if (cache.size > 8) cache.delete(cache.keys().next().value ?? '');
  return cut;
}

const cache = new Map<string, ProductCutout>();

async function cutOut(bytes: Buffer): Promise<ProductCutout> {
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(bytes)
      .rotate()
      .resize(WORK_SIZE, WORK_SIZE, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PermanentImageError(
      'invalid_product_image',
      'The product image is not a PNG, JPEG or WebP file.',
    );
  }
  const { width: w, height: h } = decoded.info;
  if (w < 8 || h < 8)
    throw new PermanentImageError('invalid_product_image', 'The product image is too small.');
  const data = new Uint8Array(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength);
  let opaque = true;
  for (let i = 3; i < data.length; i += 4) {
    if ((data[i] ?? 255) < 250) {
      opaque = false;
      break;
    }
  }
  if (opaque) cutBackdrop(data, w, h);
  const box = alphaBounds(data, w, h);
  if (!box) throw new PermanentImageError('invalid_product_image', 'The product image is fully transparent.');
  const png = await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width: w, height: h, channels: 4 },
  })
    .extract({ left: box.x, top: box.y, width: box.w, height: box.h })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, width: box.w, height: box.h };
}

/** Removes a plain backdrop connected to the border, in place. False when the border is busy. */
function cutBackdrop(data: Uint8Array, w: number, h: number): boolean {
  const border: number[] = [];
  for (let x = 0; x < w; x++) border.push(x, (h - 1) * w + x);
  for (let y = 0; y < h; y++) border.push(y * w, y * w + w - 1);
  const channel = (c: number) =>
    border.map((p) => data[p * 4 + c] ?? 0).sort((a, b) => a - b)[Math.floor(border.length / 2)] ?? 0;
  const ref = { r: channel(0), g: channel(1), b: channel(2) };
  const dist = (p: number) =>
    Math.hypot((data[p * 4] ?? 0) - ref.r, (data[p * 4 + 1] ?? 0) - ref.g, (data[p * 4 + 2] ?? 0) - ref.b);
  const plain = border.filter((p) => dist(p) < 28).length / border.length;
  if (plain < 0.9) return false;
  const tolerance = 40;
  const removed = new Uint8Array(w * h);
  const queue = new Int32Array(w * h);
  let head = 0;
  let tail = 0;
  for (const p of border) {
    if (!removed[p] && dist(p) < tolerance) {
      removed[p] = 1;
      queue[tail++] = p;
    }
  }
  while (head < tail) {
    const p = queue[head++] ?? 0;
    const x = p % w;
    const y = (p - x) / w;
    const next = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, y > 0 ? p - w : -1, y < h - 1 ? p + w : -1];
    for (const q of next) {
      if (q >= 0 && !removed[q] && dist(q) < tolerance) {
        removed[q] = 1;
        queue[tail++] = q;
      }
    }
  }
  // Nothing left but backdrop: the "product" was the backdrop itself; keep the picture whole.
  if (tail > w * h * 0.97) return false;
  for (let p = 0; p < w * h; p++) {
    if (removed[p]) {
      data[p * 4 + 3] = 0;
      continue;
    }
    // Feather the edge: pixels next to the removed backdrop fade by their likeness to it.
    const x = p % w;
    const touches =
      (x > 0 && removed[p - 1]) || (x < w - 1 && removed[p + 1]) || removed[p - w] || removed[p + w];
    if (touches)
      data[p * 4 + 3] = Math.round(
        255 * Math.min(1, Math.max(0.35, (dist(p) - tolerance * 0.5) / tolerance)),
      );
  }
  return true;
}

function alphaBounds(
  data: Uint8Array,
  w: number,
  h: number,
): { x: number; y: number; w: number; h: number } | undefined {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if ((data[(y * w + x) * 4 + 3] ?? 0) > 12) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  if (x1 < 0) return undefined;
  return { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** The largest box of the product's shape that fits `area`, standing on its bottom edge, centred. */
export function fitProduct(
  product: { width: number; height: number },
  area: { x: number; y: number; width: number; height: number },
) {
  const k = Math.min(area.width / product.width, area.height / product.height);
  const width = Math.round(product.width * k);
  const height = Math.round(product.height * k);
  return {
    x: Math.round(area.x + (area.width - width) / 2),
    y: Math.round(area.y + area.height - height),
    width,
    height,
  };
}
