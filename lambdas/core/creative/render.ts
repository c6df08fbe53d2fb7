import { renderAsync } from '@resvg/resvg-js';
import satori from 'satori';
import sharp, { type Metadata, type OutputInfo, type OverlayOptions } from 'sharp';
import type { RelBox } from './analysis.ts';
import { fontFamilyCss, satoriFonts } from './fonts.ts';
import type { LayoutPlan, PlacedText, Shape } from './layouts/types.ts';
import type { Box } from './types.ts';

/**
 * Draws a layout plan in two passes. The first lays everything but the words: canvas colour,
 * the visual cropped into its box around its subject, colour fields and scrims, the product with
 * its contact shadow, badge and button shapes. Its pixels are what the quality gate measures text
 * against. The second adds the logo and the text (satori turns the brand fonts into paths,
 * resvg rasterises them) and encodes the PNG.
 */

export type Raster = { data: Buffer; width: number; height: number };

const r1 = (v: number) => Math.round(v * 10) / 10;

function shapeSvg(s: Shape, id: string, dx: number, dy: number): { defs: string; body: string } {
  const b = { x: r1(s.box.x - dx), y: r1(s.box.y - dy), w: r1(s.box.width), h: r1(s.box.height) };
  if (s.kind === 'scrim') {
    const { towards, fade } = s;
    if (towards === 'none')
      return {
        defs: '',
        body: `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="${s.color}" fill-opacity="${s.alpha}"/>`,
      };
    // Solid over the box, then an eased fade beyond its inner edge.
    const horizontal = towards === 'left' || towards === 'right';
    const f = horizontal
      ? { x: towards === 'right' ? b.x + b.w : b.x - fade, y: b.y, w: fade, h: b.h }
      : { x: b.x, y: towards === 'down' ? b.y + b.h : b.y - fade, w: b.w, h: fade };
    const reverse = towards === 'left' || towards === 'up';
    const stops = [0, 0.25, 0.5, 0.75, 1]
      .map(
        (t) =>
          `<stop offset="${reverse ? 1 - t : t}" stop-color="${s.color}" stop-opacity="${r1(s.alpha * (1 - t) ** 1.7 * 10) / 10}"/>`,
      )
      .sort()
      .join('');
    return {
      defs: `<linearGradient id="${id}" x1="0" y1="0" x2="${horizontal ? 1 : 0}" y2="${horizontal ? 0 : 1}">${stops}</linearGradient>`,
      body:
        `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" fill="${s.color}" fill-opacity="${s.alpha}"/>` +
        `<rect x="${r1(f.x)}" y="${r1(f.y)}" width="${r1(f.w)}" height="${r1(f.h)}" fill="url(#${id})"/>`,
    };
  }
  let defs = '';
  let shadow = '';
  if (s.lift) {
    const blur = r1(Math.max(2, Math.min(b.w, b.h) * 0.06));
    defs = `<filter id="${id}" x="-30%" y="-30%" width="160%" height="180%"><feGaussianBlur stdDeviation="${blur}"/></filter>`;
    shadow =
      s.kind === 'circle'
        ? `<ellipse cx="${r1(b.x + b.w / 2)}" cy="${r1(b.y + b.h / 2 + blur)}" rx="${r1(b.w / 2)}" ry="${r1(b.h / 2)}" fill="#000" fill-opacity="0.22" filter="url(#${id})"/>`
        : `<rect x="${b.x}" y="${r1(b.y + blur)}" width="${b.w}" height="${b.h}" rx="${r1(s.radius ?? 0)}" fill="#000" fill-opacity="0.22" filter="url(#${id})"/>`;
  }
  const body =
    s.kind === 'circle'
      ? `<ellipse cx="${r1(b.x + b.w / 2)}" cy="${r1(b.y + b.h / 2)}" rx="${r1(b.w / 2)}" ry="${r1(b.h / 2)}" fill="${s.fill}"/>`
      : `<rect x="${b.x}" y="${b.y}" width="${b.w}" height="${b.h}" rx="${r1(s.radius ?? 0)}" fill="${s.fill}"${s.opacity !== undefined ? ` fill-opacity="${s.opacity}"` : ''}/>`;
  return { defs, body: shadow + body };
}

function shapeBounds(s: Shape, W: number, H: number): Box {
  let { x, y, width, height } = s.box;
  if (s.kind === 'scrim') {
    if (s.towards === 'right') width += s.fade;
    if (s.towards === 'left') (x -= s.fade), (width += s.fade);
    if (s.towards === 'down') height += s.fade;
    if (s.towards === 'up') (y -= s.fade), (height += s.fade);
  }
  if ('lift' in s && s.lift) {
    const m = Math.min(width, height) * 0.3;
    (x -= m), (y -= m), (width += 2 * m), (height += 3 * m);
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

/** Renders shapes into one overlay cropped to their bounds (resvg's cost follows the area). */
async function shapesLayer(
  shapes: Shape[],
  W: number,
  H: number,
  extra = '',
): Promise<OverlayOptions | undefined> {
  if (shapes.length === 0 && !extra) return undefined;
  const boxes = shapes.map((s) => shapeBounds(s, W, H)).filter((b) => b.width > 0 && b.height > 0);
  if (boxes.length === 0) return undefined;
  const x0 = Math.min(...boxes.map((b) => b.x));
  const y0 = Math.min(...boxes.map((b) => b.y));
  const x1 = Math.max(...boxes.map((b) => b.x + b.width));
  const y1 = Math.max(...boxes.map((b) => b.y + b.height));
  const parts = shapes.map((s, i) => shapeSvg(s, `s${i}`, x0, y0));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${x1 - x0}" height="${y1 - y0}" viewBox="0 0 ${x1 - x0} ${y1 - y0}">` +
    `<defs>${parts.map((p) => p.defs).join('')}</defs>${parts.map((p) => p.body).join('')}${extra}</svg>`;
  const image = await renderAsync(svg, { font: { loadSystemFonts: false }, logLevel: 'off' });
  return { input: Buffer.from(image.asPng()), left: x0, top: y0 };
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
  visual: Buffer;
  visualSize: { width: number; height: number };
  focus: RelBox;
  product?: Buffer | undefined;
  logo?: Buffer | undefined;
};

/** Pass one: everything but the logo and the words, as raw RGB pixels. */
export async function renderBackground(
  plan: LayoutPlan,
  W: number,
  H: number,
  assets: Assets,
): Promise<Raster> {
  const layers: OverlayOptions[] = [];
  const beneath = await shapesLayer(plan.beneath ?? [], W, H);
  if (beneath) layers.push(beneath);
  if (plan.visualBox && plan.visualBox.width > 0 && plan.visualBox.height > 0) {
    const vb = plan.visualBox;
    const crop = focusCrop(assets.visualSize.width, assets.visualSize.height, vb, assets.focus);
    const input = await sharp(assets.visual)
      .extract(crop)
      .resize(Math.round(vb.width), Math.round(vb.height), { fit: 'fill' })
      .png({ compressionLevel: 0 })
      .toBuffer();
    layers.push({ input, left: Math.round(vb.x), top: Math.round(vb.y) });
  }
  // Contact shadow: a soft ellipse where the product meets its ground.
  let shadow = '';
  const p = plan.product;
  if (p && assets.product) {
    const rx = p.width * 0.42;
    const ry = Math.max(4, p.height * 0.045);
    shadow =
      `<defs><filter id="cs" x="-50%" y="-200%" width="200%" height="500%"><feGaussianBlur stdDeviation="${r1(ry * 0.9)}"/></filter></defs>` +
      `<ellipse cx="${r1(p.x + p.width / 2)}" cy="${r1(p.y + p.height - ry * 0.3)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="#000" fill-opacity="0.32" filter="url(#cs)"/>`;
  }
  const under = await shapesLayer(plan.under, W, H);
  if (under) layers.push(under);
  if (shadow && p) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${shadow}</svg>`;
    const box = {
      x: Math.max(0, Math.floor(p.x - p.width * 0.2)),
      y: Math.max(0, Math.floor(p.y + p.height * 0.8)),
    };
    const img = await renderAsync(svg, { logLevel: 'off' });
    const cropped = await sharp(Buffer.from(img.asPng()))
      .extract({
        left: box.x,
        top: box.y,
        width: Math.min(W - box.x, Math.ceil(p.width * 1.4)),
        height: Math.min(H - box.y, Math.ceil(p.height * 0.35)),
      })
      .png()
      .toBuffer();
    layers.push({ input: cropped, left: box.x, top: box.y });
  }
  if (p && assets.product && p.width > 0 && p.height > 0) {
    const input = await sharp(assets.product)
      .resize(Math.round(p.width), Math.round(p.height), { fit: 'fill' })
      .png({ compressionLevel: 0 })
      .toBuffer();
    layers.push({ input, left: Math.round(p.x), top: Math.round(p.y) });
  }
  const over = await shapesLayer(plan.over, W, H);
  if (over) layers.push(over);
  const { data, info } = await sharp({
    create: { width: W, height: H, channels: 3, background: plan.background },
  })
    .composite(layers)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
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

/** Pass two: the logo (on a chip when it would vanish into its backdrop) and the words; PNG out. */
export async function renderFinal(
  plan: LayoutPlan,
  background: Raster,
  logo: { png: Buffer } | undefined,
): Promise<Buffer> {
  const { width: W, height: H } = background;
  const layers: OverlayOptions[] = [];
  if (plan.logo && logo) {
    const l = plan.logo;
    if (l.chip) {
      const p = Math.round(l.height * 0.3);
      const chip = await shapesLayer(
        [
          {
            kind: 'rect',
            box: { x: l.x - p, y: l.y - p, width: l.width + 2 * p, height: l.height + 2 * p },
            fill: l.chip,
            radius: p,
          },
        ],
        W,
        H,
      );
      if (chip) layers.push(chip);
    }
    const input = await sharp(logo.png)
      .resize(Math.round(l.width), Math.round(l.height), { fit: 'fill' })
      .png({ compressionLevel: 0 })
      .toBuffer();
    layers.push({ input, left: Math.round(l.x), top: Math.round(l.y) });
  }
  if (plan.texts.length > 0) {
    const x0 = Math.max(0, Math.floor(Math.min(...plan.texts.map((t) => t.x)) - 8));
    const y0 = Math.max(0, Math.floor(Math.min(...plan.texts.map((t) => t.y)) - 8));
    const x1 = Math.min(W, Math.ceil(Math.max(...plan.texts.map((t) => t.x + t.width)) + 8));
    const y1 = Math.min(H, Math.ceil(Math.max(...plan.texts.map((t) => t.y + t.height)) + 8));
    const w = x1 - x0;
    const h = y1 - y0;
    const shifted = plan.texts.map((t) => ({ ...t, x: t.x - x0, y: t.y - y0 }));
    const svg = await satori(
      el(
        'div',
        { width: w, height: h, display: 'flex', position: 'relative' },
        shifted.map(textNode),
      ) as never,
      {
        width: w,
        height: h,
        fonts: satoriFonts(plan.texts.flatMap((t) => t.faces)),
      },
    );
    const image = await renderAsync(svg, { font: { loadSystemFonts: false }, logLevel: 'off' });
    layers.push({ input: Buffer.from(image.asPng()), left: x0, top: y0 });
  }
  return sharp(background.data, { raw: { width: W, height: H, channels: 3 } })
    .composite(layers)
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}
