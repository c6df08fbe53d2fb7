import { renderAsync } from '@resvg/resvg-js';
import satori from 'satori';
import { blendRgba, type Raster } from './canvas.ts';
import { fontFamilyCss, satoriFonts } from './fonts.ts';
import type { PlacedText } from './layouts/types.ts';

/**
 * The words of a creative, drawn last: satori turns the brand fonts into paths, resvg rasterises
 * each line on its own patch.
 */

/** An SVG rasterised by resvg (on libuv's pool), blended onto the canvas at (left, top). */
async function paintSvg(canvas: Raster, svg: string, left: number, top: number): Promise<void> {
  const image = await renderAsync(svg, { font: { loadSystemFonts: false }, logLevel: 'off' });
  blendRgba(canvas, image.pixels, image.width, image.height, left, top, true);
}

type Node = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
  type,
  props: { style, ...(children === undefined ? {} : { children }) },
});

function textNode(t: PlacedText): Node {
  const lh = t.size * t.lineHeight;
  return el(
    'div',
    {
      position: 'absolute',
      left: t.x,
      top: t.y,
      width: t.width,
      height: t.height,
      display: 'flex',
      flexDirection: 'column',
    },
    t.lines.map((line) =>
      el(
        'div',
        {
          display: 'flex',
          justifyContent: t.align === 'center' ? 'center' : 'flex-start',
          width: t.width,
          height: lh,
          lineHeight: t.lineHeight,
          fontFamily: fontFamilyCss(t.faces),
          fontWeight: t.weight,
          fontSize: t.size,
          letterSpacing: t.letterSpacing,
          color: t.color,
          whiteSpace: 'pre',
        },
        line,
      ),
    ),
  );
}

/** Satori's answer, when it is what it draws for plain text: one filled `<path>` per line. */
function linePaths(
  svg: string,
): Array<{ path: string; x: number; y: number; w: number; h: number }> | undefined {
  const drawn = svg.replace(/<mask\b[^>]*>.*?<\/mask>/g, '').replace(/<\/?(?:svg|g)\b[^>]*>/g, '');
  const paths = drawn.match(/<path [^>]*\/>/g) ?? [];
  if (drawn.replace(/<path [^>]*\/>/g, '').trim() !== '') return undefined;
  const out: Array<{ path: string; x: number; y: number; w: number; h: number }> = [];
  for (const path of paths) {
    const d = /\sd="([^"]*)"/.exec(path)?.[1];
    // Absolute moves, lines and curves only: their points bound the outline.
    if (!d || /[^MLQCZ0-9\s.,eE+-]/.test(d) || /\s(?:transform|stroke|mask|clip-path|filter)=/.test(path))
      return undefined;
    const nums = (d.match(/-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? []).map(Number);
    if (nums.length < 2 || nums.length % 2 !== 0) return undefined;
    let x0 = Number.POSITIVE_INFINITY;
    let y0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    let y1 = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < nums.length; i += 2) {
      const x = nums[i] as number;
      const y = nums[i + 1] as number;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    // A pixel of margin for antialiasing.
    const x = Math.floor(x0) - 1;
    const y = Math.floor(y0) - 1;
    out.push({ path, x, y, w: Math.ceil(x1) + 1 - x, h: Math.ceil(y1) + 1 - y });
  }
  return out;
}

/**
 * Satori's text drawn line by line, each line rasterised by resvg on a patch the size of its
 * ink: the words of a creative cover a fraction of the box around all of them, and resvg's cost
 * (and the pixmap it hands back) follows the area it is given. False when the SVG holds anything
 * but plain line paths; the caller then draws it whole.
 */
async function paintLines(canvas: Raster, svg: string, left: number, top: number): Promise<boolean> {
  const lines = linePaths(svg);
  if (!lines) return false;
  const images = await Promise.all(
    lines.map((l) =>
      renderAsync(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${l.w}" height="${l.h}" viewBox="${l.x} ${l.y} ${l.w} ${l.h}">${l.path}</svg>`,
        { font: { loadSystemFonts: false }, logLevel: 'off' },
      ),
    ),
  );
  images.forEach((image, i) => {
    const l = lines[i];
    if (l) blendRgba(canvas, image.pixels, image.width, image.height, left + l.x, top + l.y, true);
  });
  return true;
}

/** The texts, drawn into `canvas` in one satori layout over the box that holds them all. */
export async function paintTexts(canvas: Raster, texts: readonly PlacedText[]): Promise<void> {
  const { width: W, height: H } = canvas;
  const x0 = Math.max(0, Math.floor(Math.min(...texts.map((t) => t.x)) - 8));
  const y0 = Math.max(0, Math.floor(Math.min(...texts.map((t) => t.y)) - 8));
  const x1 = Math.min(W, Math.ceil(Math.max(...texts.map((t) => t.x + t.width)) + 8));
  const y1 = Math.min(H, Math.ceil(Math.max(...texts.map((t) => t.y + t.height)) + 8));
  const w = x1 - x0;
  const h = y1 - y0;
  const shifted = texts.map((t) => ({ ...t, x: t.x - x0, y: t.y - y0 }));
  const svg = await satori(
    el('div', { width: w, height: h, display: 'flex', position: 'relative' }, shifted.map(textNode)) as never,
    {
      width: w,
      height: h,
      fonts: satoriFonts(texts.flatMap((t) => t.faces)),
    },
  );
  if (!(await paintLines(canvas, svg, x0, y0))) await paintSvg(canvas, svg, x0, y0);
}
