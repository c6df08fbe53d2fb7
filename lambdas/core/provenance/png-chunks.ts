import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, data, CRC of type + data. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.byteLength, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** The chunks of a PNG in order, as `{type, start, end}` byte ranges of the whole chunk. */
export function pngChunks(png: Buffer): { type: string; start: number; end: number }[] {
  if (png.byteLength < 8 || !png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  const chunks: { type: string; start: number; end: number }[] = [];
  let at = 8;
  while (at + 12 <= png.byteLength) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    chunks.push({ type, start: at, end });
    at = end;
    if (type === 'IEND') break;
  }
  return chunks;
}

/**
 * The PNG with `chunks` inserted right after IHDR, and any existing chunk for which `replaces`
 * answers true dropped (so marking twice leaves one mark). Metadata before the image data is
 * where readers look first (XMP readers stop at IDAT by default).
 */
export function withChunksAfterHeader(
  png: Buffer,
  chunks: readonly Buffer[],
  replaces: (type: string, data: Buffer) => boolean,
): Buffer {
  const parts: Buffer[] = [SIGNATURE];
  for (const chunk of pngChunks(png)) {
    const whole = png.subarray(chunk.start, chunk.end);
    if (replaces(chunk.type, whole.subarray(8, whole.byteLength - 4))) continue;
    parts.push(whole);
    if (chunk.type === 'IHDR') parts.push(...chunks);
  }
  return Buffer.concat(parts);
}

/** An iTXt chunk (uncompressed, no language tag): how XMP goes into a PNG. */
export function itxtChunk(keyword: string, text: string): Buffer {
  return pngChunk(
    'iTXt',
    Buffer.concat([
      Buffer.from(keyword, 'latin1'),
      // null separator, compression flag 0, method 0, empty language tag, empty translated keyword
      Buffer.from([0, 0, 0, 0, 0]),
      Buffer.from(text, 'utf8'),
    ]),
  );
}
