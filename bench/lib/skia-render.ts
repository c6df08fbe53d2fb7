/**
 * The same layout plan drawn with @napi-rs/canvas (Skia), for the engine comparison of ADR 0052:
 * canvas colour, the visual cropped around its subject, shapes (rounded, round, lifted, scrims),
 * the product with its contact shadow, the logo, and the words set by Skia itself (shaping and
 * kerning from the brand's font files, no path export). Encoded by sharp at the same zlib level
 * as today's renderer, so the figures compare drawing, not encoders.
 */
import {
  type Canvas,
  createCanvas,
  GlobalFonts,
  type Image,
  loadImage,
  type SKRSContext2D,
} from '@napi-rs/canvas';
import sharp from 'sharp';
import type { FontFace } from '#core/creative/fonts.ts';
import { fontFamilyCss } from '#core/creative/fonts.ts';
import type { LayoutPlan, PlacedText, Shape } from '#core/creative/layouts/types.ts';
import { focusCrop, PNG_LEVEL } from '#core/creative/render.ts';
import type { CapturedPlan } from './render-capture.ts';

const registered = new Set<string>();
function register(faces: readonly FontFace[]): void {
  for (const f of faces) {
    const key = `${f.name}/${f.weight}`;
    if (registered.has(key)) continue;
    GlobalFonts.register(f.data, f.name);
    registered.add(key);
  }
}

const images = new WeakMap<Buffer, Promise<Image>>();
const imageOf = (bytes: Buffer) => {
  let hit = images.get(bytes);
  if (!hit) {
    hit = loadImage(bytes);
    images.set(bytes, hit);
  }
  return hit;
};

function roundedPath(ctx: SKRSContext2D, s: Exclude<Shape, { kind: 'scrim' }>, dy = 0): void {
  const { x, y, width, height } = s.box;
  ctx.beginPath();
  if (s.kind === 'circle')
    ctx.ellipse(x + width / 2, y + dy + height / 2, width / 2, height / 2, 0, 0, Math.PI * 2);
  else ctx.roundRect(x, y + dy, width, height, s.radius ?? 0);
}

/** A scrim as a gradient: solid at its alpha over the box, easing out (1 − t)^1.7 across the fade. */
function scrim(ctx: SKRSContext2D, s: Extract<Shape, { kind: 'scrim' }>): void {
  const { x, y, width, height } = s.box;
  const f = s.fade;
  const ends: Record<typeof s.towards, [number, number, number, number, number, number, number, number]> = {
    right: [x + width, y, x + width + f, y, x, y, width + f, height],
    left: [x, y, x - f, y, x - f, y, width + f, height],
    down: [x, y + height, x, y + height + f, x, y, width, height + f],
    up: [x, y, x, y - f, x, y - f, width, height + f],
    none: [x, y, x, y, x, y, width, height],
  };
  const [gx0, gy0, gx1, gy1, rx, ry, rw, rh] = ends[s.towards];
  const hex = s.color.replace('#', '');
  const rgb = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(',');
  if (s.towards === 'none' || f <= 0) {
    ctx.fillStyle = `rgba(${rgb},${s.alpha})`;
    ctx.fillRect(x, y, width, height);
    return;
  }
  const g = ctx.createLinearGradient(gx0, gy0, gx1, gy1);
  for (let i = 0; i <= 8; i++) g.addColorStop(i / 8, `rgba(${rgb},${s.alpha * (1 - i / 8) ** 1.7})`);
  ctx.fillStyle = g;
  // The solid part, then the band (the gradient clamps to its first stop inside the box).
  ctx.fillRect(Math.min(x, rx), Math.min(y, ry), Math.max(width, rw), Math.max(height, rh));
}

function shapes(ctx: SKRSContext2D, list: readonly Shape[]): void {
  for (const s of list) {
    if (s.kind === 'scrim') {
      scrim(ctx, s);
      continue;
    }
    if (s.lift) {
      const blur = Math.max(2, Math.min(s.box.width, s.box.height) * 0.06);
      ctx.save();
      // Skia blurs a layer the size of the clip: kept to the shadow's reach, as today's patch is.
      ctx.beginPath();
      ctx.rect(s.box.x - 3 * blur, s.box.y - 2 * blur, s.box.width + 6 * blur, s.box.height + 6 * blur);
      ctx.clip();
      ctx.filter = `blur(${blur}px)`;
      ctx.globalAlpha = 0.22;
      ctx.fillStyle = '#000000';
      roundedPath(ctx, s, blur);
      ctx.fill();
      ctx.restore();
    }
    ctx.globalAlpha = s.kind === 'rect' ? (s.opacity ?? 1) : 1;
    ctx.fillStyle = s.fill;
    roundedPath(ctx, s);
    ctx.fill();
    ctx.globalAlpha = 1;
  }
}

/** The visual's RGB(A) pixels as a canvas Skia can scale from (the only copy a migration would keep). */
function visualCanvas(v: NonNullable<CapturedPlan['assets']['visual']>): Canvas {
  const c = createCanvas(v.width, v.height);
  const ctx = c.getContext('2d');
  const img = ctx.createImageData(v.width, v.height);
  const channels = v.channels ?? 3;
  const out = img.data;
  for (let i = 0, j = 0; i < out.length; i += 4, j += channels) {
    out[i] = v.data[j] as number;
    out[i + 1] = v.data[j + 1] as number;
    out[i + 2] = v.data[j + 2] as number;
    out[i + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  return c;
}

function text(ctx: SKRSContext2D, t: PlacedText): void {
  register(t.faces);
  const face = t.faces[0];
  const ascent = face ? face.metrics.ascender / face.metrics.unitsPerEm : 0.8;
  const descent = face ? -face.metrics.descender / face.metrics.unitsPerEm : 0.2;
  const lh = t.size * t.lineHeight;
  ctx.font = `${t.weight} ${t.size}px ${fontFamilyCss(t.faces)}`;
  ctx.letterSpacing = `${t.letterSpacing}px`;
  ctx.fillStyle = t.color;
  ctx.textAlign = t.align === 'center' ? 'center' : 'left';
  ctx.textBaseline = 'alphabetic';
  const x = t.align === 'center' ? t.x + t.width / 2 : t.x;
  t.lines.forEach((line, i) => {
    // As CSS centres the font's ascent + descent inside each line box.
    const baseline = t.y + i * lh + (lh - (ascent + descent) * t.size) / 2 + ascent * t.size;
    ctx.fillText(line, x, baseline);
  });
}

async function drawBackground(ctx: SKRSContext2D, c: CapturedPlan): Promise<void> {
  const { plan, assets } = c;
  ctx.fillStyle = plan.background;
  ctx.fillRect(0, 0, c.width, c.height);
  shapes(ctx, plan.beneath ?? []);
  const vb = plan.visualBox;
  const v = assets.visual;
  if (vb && v && vb.width > 0 && vb.height > 0) {
    const crop = focusCrop(v.width, v.height, vb, assets.focus);
    ctx.drawImage(
      visualCanvas(v),
      crop.left,
      crop.top,
      crop.width,
      crop.height,
      vb.x,
      vb.y,
      vb.width,
      vb.height,
    );
  }
  shapes(ctx, plan.under);
  const p = plan.product;
  if (p && assets.product && p.width > 0 && p.height > 0) {
    const rx = p.width * 0.42;
    const ry = Math.max(4, p.height * 0.045);
    ctx.save();
    ctx.beginPath();
    ctx.rect(p.x - p.width * 0.2, p.y + p.height * 0.8, p.width * 1.4, p.height * 0.35);
    ctx.clip();
    ctx.filter = `blur(${ry * 0.9}px)`;
    ctx.globalAlpha = 0.32;
    ctx.fillStyle = '#000000';
    ctx.beginPath();
    ctx.ellipse(p.x + p.width / 2, p.y + p.height - ry * 0.3, rx, ry, 0, 0, Math.PI * 2);
    ctx.fill();
    ctx.restore();
    ctx.drawImage(await imageOf(assets.product), p.x, p.y, p.width, p.height);
  }
  shapes(ctx, plan.over);
}

/** One creative from its plan: drawn by Skia, PNG by sharp at the renderer's level. */
export async function renderWithSkia(c: CapturedPlan): Promise<Buffer> {
  const canvas = createCanvas(c.width, c.height);
  const ctx = canvas.getContext('2d');
  await drawBackground(ctx, c);
  const plan: LayoutPlan = c.plan;
  const l = plan.logo;
  if (l && c.logo) {
    if (l.chip) {
      const pad = Math.round(l.height * 0.3);
      shapes(ctx, [
        {
          kind: 'rect',
          box: { x: l.x - pad, y: l.y - pad, width: l.width + 2 * pad, height: l.height + 2 * pad },
          fill: l.chip,
          radius: pad,
        },
      ]);
    }
    ctx.drawImage(await imageOf(c.logo.png), l.x, l.y, l.width, l.height);
  }
  for (const t of plan.texts) text(ctx, t);
  // The surface's own RGBA (opaque, so premultiplied equals straight): getImageData copies it
  // into a JS array and took 290 ms at 1080×1920 here.
  return sharp(canvas.data(), { raw: { width: c.width, height: c.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: c.pngLevel ?? PNG_LEVEL.flat, adaptiveFiltering: false })
    .toBuffer();
}
