/**
 * A photo-like, busy stand-in for a model visual: a calm sky on one side and a dense, textured
 * scene (foliage, windows, highlights) over the rest, as SD3.5 tends to paint. Deterministic per
 * seed, PNG at the asked size. The side the calm part is on follows the seed, so a layout that
 * reads the visual has to find it.
 */
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function busyVisual(width: number, height: number, seed: number): Promise<Buffer> {
  const r = rng(seed);
  const calm = (['top', 'left', 'right', 'bottom'] as const)[seed % 4];
  const parts: string[] = [];
  parts.push(`<rect width="${width}" height="${height}" fill="url(#sky)"/>`);
  // The busy part: everything outside the calm band.
  const band = 0.42;
  const busy =
    calm === 'top'
      ? { x: 0, y: height * band, w: width, h: height * (1 - band) }
      : calm === 'bottom'
        ? { x: 0, y: 0, w: width, h: height * (1 - band) }
        : calm === 'left'
          ? { x: width * band, y: 0, w: width * (1 - band), h: height }
          : { x: 0, y: 0, w: width * (1 - band), h: height };
  parts.push(`<rect x="${busy.x}" y="${busy.y}" width="${busy.w}" height="${busy.h}" fill="#3d4a2c"/>`);
  const palette = [
    '#2f5d3a',
    '#6b8f3e',
    '#a3b86c',
    '#c9a36b',
    '#8a4b2a',
    '#e8d7b5',
    '#1f2a1c',
    '#d96c3f',
    '#f2efe6',
  ];
  for (let i = 0; i < 900; i++) {
    const x = busy.x + r() * busy.w;
    const y = busy.y + r() * busy.h;
    const s = 6 + r() * 40;
    const c = palette[Math.floor(r() * palette.length)];
    parts.push(
      r() < 0.5
        ? `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(s / 2).toFixed(1)}" fill="${c}"/>`
        : `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${s.toFixed(1)}" height="${(s * 0.6).toFixed(1)}" fill="${c}"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc3e0"/><stop offset="1" stop-color="#e9d9c4"/></linearGradient></defs>${parts.join('')}</svg>`;
  const base = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
  // Film grain everywhere, heavier in the busy part.
  const px = Buffer.from(base.pixels);
  for (let i = 0; i < px.length; i += 4) {
    const p = i / 4;
    const x = p % width;
    const y = Math.floor(p / width);
    const inBusy = x >= busy.x && x < busy.x + busy.w && y >= busy.y && y < busy.y + busy.h;
    const n = (r() - 0.5) * (inBusy ? 50 : 6);
    for (let c = 0; c < 3; c++) px[i + c] = Math.max(0, Math.min(255, (px[i + c] ?? 0) + n));
  }
  return sharp(px, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}
