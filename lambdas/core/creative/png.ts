import { deflateSync, inflateSync } from 'node:zlib';
import { Resvg, renderAsync } from '@resvg/resvg-js';

/**
 * Image helpers for the renderers: sniff a raster's format and size from its header (pure), a
 * minimal PNG codec (8-bit, non-interlaced) for pixel work the renderers do themselves (cutting a
 * product out of a plain backdrop) and for tests, and resvg wrappers: rasterising SVG, and
 * decoding PNG/JPEG/GIF at any size (an SVG `<image>` scaled by resvg). resvg 2.6 cannot decode
 * WebP: callers sniff the format first and refuse it.
 */

export type ImageFormat = 'png' | 'jpeg' | 'gif' | 'webp';

export type ImageInfo = {
  format: ImageFormat;
  width: number;
  height: number;
  /** Whether the file can carry transparency (PNG with alpha or tRNS, GIF, WebP with alpha). */
  hasAlpha: boolean;
};

export const MIME: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Format, size and alpha of a PNG, JPEG, GIF or WebP from its header; undefined for anything else. */
export function imageInfo(bytes: Buffer): ImageInfo | undefined {
  if (bytes.length >= 33 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return pngInfo(bytes);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegInfo(bytes);
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 4) === 'GIF8') {
    return { format: 'gif', width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8), hasAlpha: true };
  }
  if (
    bytes.length >= 30 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return webpInfo(bytes);
  }
  return undefined;
}

function pngInfo(bytes: Buffer): ImageInfo | undefined {
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  const colorType = bytes[25] ?? 0;
  let hasAlpha = colorType === 4 || colorType === 6;
  if (!hasAlpha) {
    for (const chunk of pngChunks(bytes)) {
      if (chunk.type === 'tRNS') hasAlpha = true;
      if (chunk.type === 'IDAT') break;
    }
  }
  return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), hasAlpha };
}

function jpegInfo(bytes: Buffer): ImageInfo | undefined {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    // SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return {
        format: 'jpeg',
        height: bytes.readUInt16BE(at + 5),
        width: bytes.readUInt16BE(at + 7),
        hasAlpha: false,
      };
    }
    at += 2 + length;
  }
  return undefined;
}

function webpInfo(bytes: Buffer): ImageInfo | undefined {
  const chunk = bytes.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    return {
      format: 'webp',
      width: bytes.readUInt16LE(26) & 0x3fff,
      height: bytes.readUInt16LE(28) & 0x3fff,
      hasAlpha: false,
    };
  }
  if (chunk === 'VP8L') {
    const bits = bytes.readUInt32LE(21);
    return {
      format: 'webp',
      width: (bits & 0x3fff) + 1,
      height: ((bits >> 14) & 0x3fff) + 1,
      hasAlpha: true,
    };
  }
  if (chunk === 'VP8X') {
    const flags = bytes[20] ?? 0;
    return {
      format: 'webp',
      width: bytes.readUIntLE(24, 3) + 1,
      height: bytes.readUIntLE(27, 3) + 1,
      hasAlpha: (flags & 0x10) !== 0,
    };
  }
  return undefined;
}

function* pngChunks(bytes: Buffer): Generator<{ type: string; data: Buffer }> {
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    yield { type, data: bytes.subarray(at + 8, at + 8 + length) };
    at += 12 + length;
  }
}

/** Width and height from a PNG's IHDR. Throws on anything that is not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } {
  const info = imageInfo(bytes);
  if (info?.format !== 'png') throw new Error('not a PNG');
  return { width: info.width, height: info.height };
}

export type RgbaImage = { width: number; height: number; data: Uint8Array };

/**
 * Decodes an 8-bit, non-interlaced PNG (grey, RGB, palette, grey+alpha, RGBA — what resvg and most
 * tools write) to RGBA. Throws on 16-bit or interlaced files.
 */
export function decodePng(bytes: Buffer): RgbaImage {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  let colorType = 0;
  let palette: Buffer | undefined;
  let transparency: Buffer | undefined;
  const idat: Buffer[] = [];
  for (const chunk of pngChunks(bytes)) {
    if (chunk.type === 'IHDR') {
      width = chunk.data.readUInt32BE(0);
      height = chunk.data.readUInt32BE(4);
      const depth = chunk.data[8];
      colorType = chunk.data[9] ?? 0;
      if (depth !== 8) throw new Error(`unsupported PNG bit depth ${depth}`);
      if (chunk.data[12] !== 0) throw new Error('interlaced PNGs are not supported');
    } else if (chunk.type === 'PLTE') palette = chunk.data;
    else if (chunk.type === 'tRNS') transparency = chunk.data;
    else if (chunk.type === 'IDAT') idat.push(chunk.data);
    else if (chunk.type === 'IEND') break;
  }
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[colorType];
  if (!channels) throw new Error(`unsupported PNG colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  let previous = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] ?? 0;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = pixels.subarray(y * stride, (y + 1) * stride);
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (out[x - channels] ?? 0) : 0;
      const b = previous[x] ?? 0;
      const c = x >= channels ? (previous[x - channels] ?? 0) : 0;
      const v = line[x] ?? 0;
      let predicted = 0;
      if (filter === 1) predicted = a;
      else if (filter === 2) predicted = b;
      else if (filter === 3) predicted = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[x] = (v + predicted) & 0xff;
    }
    previous = out;
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const o = i * 4;
    if (colorType === 6) data.set(pixels.subarray(i * 4, i * 4 + 4), o);
    else if (colorType === 2) {
      data[o] = pixels[i * 3] ?? 0;
      data[o + 1] = pixels[i * 3 + 1] ?? 0;
      data[o + 2] = pixels[i * 3 + 2] ?? 0;
      data[o + 3] = 255;
    } else if (colorType === 0 || colorType === 4) {
      const g = pixels[i * channels] ?? 0;
      data[o] = g;
      data[o + 1] = g;
      data[o + 2] = g;
      data[o + 3] = colorType === 4 ? (pixels[i * 2 + 1] ?? 255) : 255;
    } else {
      const index = pixels[i] ?? 0;
      data[o] = palette?.[index * 3] ?? 0;
      data[o + 1] = palette?.[index * 3 + 1] ?? 0;
      data[o + 2] = palette?.[index * 3 + 2] ?? 0;
      data[o + 3] = transparency?.[index] ?? 255;
    }
  }
  return { width, height, data };
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(parts: Buffer[]): number {
  let c = 0xffffffff;
  for (const part of parts) for (const byte of part) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32([head.subarray(4), data]), 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes RGBA pixels as an 8-bit RGBA PNG (filter 0, zlib level 6). */
export function encodePng(image: RgbaImage): Buffer {
  const { width, height, data } = image;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    raw.set(data.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The `data:` URL for an image, for SVG `<image href>` and satori `<img src>`. */
export function dataUrl(bytes: Buffer, format: ImageFormat = 'png'): string {
  return `data:${MIME[format]};base64,${bytes.toString('base64')}`;
}

/** Renders an SVG document with resvg (no system fonts: all text arrives as paths). */
export function rasterize(svg: string): {
  png: () => Buffer;
  pixels: Uint8Array;
  width: number;
  height: number;
} {
  const image = new Resvg(svg, { font: { loadSystemFonts: false }, logLevel: 'off' }).render();
  return { png: () => image.asPng(), pixels: image.pixels, width: image.width, height: image.height };
}

/** Same as {@link rasterize} on libuv's thread pool, so the event loop stays free meanwhile. */
export async function rasterizeAsync(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, { font: { loadSystemFonts: false }, logLevel: 'off' });
  return image.asPng();
}

/**
 * Decodes any raster resvg can read (PNG, JPEG, GIF) scaled to width × height, `fit` as in CSS
 * `object-fit` (`fill` stretches, `cover` crops the overflow). Returns RGBA pixels.
 */
export function decodeScaled(
  bytes: Buffer,
  format: ImageFormat,
  width: number,
  height: number,
  fit: 'fill' | 'cover' = 'fill',
): RgbaImage {
  const aspect = fit === 'cover' ? 'xMidYMid slice' : 'none';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<image href="${dataUrl(bytes, format)}" x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="${aspect}"/></svg>`;
  const out = rasterize(svg);
  return { width: out.width, height: out.height, data: out.pixels };
}
