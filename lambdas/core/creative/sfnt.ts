import { inflateSync } from 'node:zlib';

/**
 * Just enough of a WOFF 1.0, TTF or OTF file (head, hhea, hmtx, cmap) for the compositor to
 * measure text without a layout engine.
 */

export type Metrics = {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  /** Code point → advance width in font units. */
  advances: Map<number, number>;
  /** Advance of glyph 0 (.notdef), used for characters no subset covers. */
  notdefAdvance: number;
};

function sfntTables(data: Buffer): Map<string, Buffer> {
  const tables = new Map<string, Buffer>();
  const signature = data.readUInt32BE(0);
  if (signature === 0x774f4646) {
    // WOFF 1.0: 44-byte header, 20-byte directory entries, zlib-compressed tables.
    const count = data.readUInt16BE(12);
    for (let i = 0; i < count; i++) {
      const at = 44 + i * 20;
      const tag = data.toString('latin1', at, at + 4);
      const offset = data.readUInt32BE(at + 4);
      const compLength = data.readUInt32BE(at + 8);
      const origLength = data.readUInt32BE(at + 12);
      const raw = data.subarray(offset, offset + compLength);
      tables.set(tag, compLength < origLength ? inflateSync(raw) : raw);
    }
    return tables;
  }
  if (signature === 0x00010000 || signature === 0x4f54544f) {
    const count = data.readUInt16BE(4);
    for (let i = 0; i < count; i++) {
      const at = 12 + i * 16;
      const tag = data.toString('latin1', at, at + 4);
      const offset = data.readUInt32BE(at + 8);
      const length = data.readUInt32BE(at + 12);
      tables.set(tag, data.subarray(offset, offset + length));
    }
    return tables;
  }
  throw new Error('not a WOFF, TTF or OTF font');
}

export function parseMetrics(data: Buffer): Metrics {
  const tables = sfntTables(data);
  const head = tables.get('head');
  const hhea = tables.get('hhea');
  const hmtx = tables.get('hmtx');
  const cmap = tables.get('cmap');
  if (!head || !hhea || !hmtx || !cmap) throw new Error('font lacks head, hhea, hmtx or cmap');
  const unitsPerEm = head.readUInt16BE(18);
  const ascender = hhea.readInt16BE(4);
  const descender = hhea.readInt16BE(6);
  const longMetrics = hhea.readUInt16BE(34);
  const advanceOf = (glyph: number) => hmtx.readUInt16BE(Math.min(glyph, longMetrics - 1) * 4);
  const advances = new Map<number, number>();
  for (const [cp, glyph] of cmapEntries(cmap)) if (glyph !== 0) advances.set(cp, advanceOf(glyph));
  return { unitsPerEm, ascender, descender, advances, notdefAdvance: advanceOf(0) };
}

/** Code point → glyph id from the best Unicode subtable (format 12 preferred, else format 4). */
function cmapEntries(cmap: Buffer): Map<number, number> {
  const count = cmap.readUInt16BE(2);
  let format12: number | undefined;
  let format4: number | undefined;
  for (let i = 0; i < count; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    const format = cmap.readUInt16BE(offset);
    if (format === 12) format12 ??= offset;
    else if (format === 4) format4 ??= offset;
  }
  const out = new Map<number, number>();
  if (format12 !== undefined) {
    const groups = cmap.readUInt32BE(format12 + 12);
    for (let g = 0; g < groups; g++) {
      const at = format12 + 16 + g * 12;
      const start = cmap.readUInt32BE(at);
      const end = cmap.readUInt32BE(at + 4);
      const glyph = cmap.readUInt32BE(at + 8);
      for (let cp = start; cp <= end && cp - start < 0x10000; cp++) out.set(cp, glyph + cp - start);
    }
    return out;
  }
  if (format4 === undefined) return out;
  const segments = cmap.readUInt16BE(format4 + 6) / 2;
  const ends = format4 + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = cmap.readUInt16BE(ends + s * 2);
    const start = cmap.readUInt16BE(starts + s * 2);
    const delta = cmap.readInt16BE(deltas + s * 2);
    const rangeOffset = cmap.readUInt16BE(rangeOffsets + s * 2);
    for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (cp + delta) & 0xffff;
      else {
        const at = rangeOffsets + s * 2 + rangeOffset + (cp - start) * 2;
        glyph = at + 1 < cmap.length ? cmap.readUInt16BE(at) : 0;
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph !== 0) out.set(cp, glyph);
    }
  }
  return out;
}
