import { containsBanned } from '../text/policy/copy-policy.ts';
import { parseHex, srgbToLinear } from './color.ts';
import { inside, intersectionArea, minTypeSize } from './grid.ts';
import type { LayoutPlan, PlacedText } from './layouts/types.ts';
import { LOGO_MIN_CONTRAST } from './logo.ts';
import type { Raster } from './render.ts';
import { lineWidth } from './text-fit.ts';
import type { Box, CreativeQuality, QualityGates } from './types.ts';

const LINEAR = Float64Array.from({ length: 256 }, (_, i) => srgbToLinear(i));

/**
 * Lowest WCAG contrast between a text colour and the rendered pixels behind the text's lines
 * (pass one of the renderer, so the words themselves are not counted). The 1st percentile is
 * taken, so one stray antialiased pixel of a shape edge does not decide.
 */
export function textContrast(bg: Raster, text: PlacedText): number {
  const c = parseHex(text.color);
  const tl = 0.2126 * srgbToLinear(c.r) + 0.7152 * srgbToLinear(c.g) + 0.0722 * srgbToLinear(c.b);
  const ratios: number[] = [];
  const lineH = text.size * text.lineHeight;
  const step = Math.max(1, Math.round(text.size / 14));
  for (let li = 0; li < text.lines.length; li++) {
    const y0 = Math.max(0, Math.floor(text.y + li * lineH + lineH * 0.1));
    const y1 = Math.min(bg.height, Math.ceil(text.y + (li + 1) * lineH - lineH * 0.1));
    // Only the span the line's glyphs take, not the whole box (a centred label in a pill).
    const lw = Math.min(
      text.width,
      lineWidth(text.lines[li] ?? '', {
        faces: text.faces,
        size: text.size,
        letterSpacing: text.letterSpacing,
      }),
    );
    const left = text.align === 'center' ? text.x + (text.width - lw) / 2 : text.x;
    const x0 = Math.max(0, Math.floor(left));
    const x1 = Math.min(bg.width, Math.ceil(left + lw));
    for (let y = y0; y < y1; y += step)
      for (let x = x0; x < x1; x += step) {
        const i = (y * bg.width + x) * 3;
        const l =
          0.2126 * (LINEAR[bg.data[i] ?? 0] ?? 0) +
          0.7152 * (LINEAR[bg.data[i + 1] ?? 0] ?? 0) +
          0.0722 * (LINEAR[bg.data[i + 2] ?? 0] ?? 0);
        ratios.push(l > tl ? (l + 0.05) / (tl + 0.05) : (tl + 0.05) / (l + 0.05));
      }
  }
  if (ratios.length === 0) return 21;
  ratios.sort((a, b) => a - b);
  return ratios[Math.floor(ratios.length * 0.01)] ?? 21;
}

function productVisible(plan: LayoutPlan, W: number, H: number, wanted: boolean): boolean | null {
  if (!wanted) return null;
  const p = plan.product;
  if (!p || p.width < 8 || p.height < 8) return false;
  const area = p.width * p.height;
  // On the canvas, big enough to read, and not hidden under words or badges.
  const onCanvas = intersectionArea(p, { x: 0, y: 0, width: W, height: H }) / area;
  const covered =
    [...plan.texts, ...plan.over.map((s) => s.box)].reduce((sum, b: Box) => sum + intersectionArea(p, b), 0) /
    area;
  return onCanvas >= 0.95 && covered <= 0.12 && area >= W * H * 0.03;
}

export type Measured = {
  quality: Omit<CreativeQuality, 'relayouts' | 'warnings'>;
  failed: string | undefined;
};

/** Measures a composed creative and names the first hard gate it fails, if any. */
export function measureQuality(input: {
  plan: LayoutPlan;
  background: Raster;
  safe: Box;
  banned: readonly string[];
  gates: QualityGates;
  wantProduct: boolean;
  /** The logo's measured contrast against what it sits on (logo.ts); undefined without a logo. */
  logoContrast?: number | undefined;
}): Measured {
  const { plan, background: bg, safe, gates } = input;
  const W = bg.width;
  const H = bg.height;
  let minContrast = 21;
  for (const t of plan.texts) {
    const c = textContrast(bg, t);
    minContrast = Math.min(minContrast, c);
  }
  const sized = plan.texts.filter((t) => t.role !== 'wordmark');
  const minText = Math.min(...sized.map((t) => t.size));
  const textArea = plan.texts.reduce((s, t) => s + t.width * t.height, 0);
  const safeOk = plan.texts.every((t) => inside(t, safe));
  const words = plan.texts.map((t) => t.lines.join(' ')).join(' \n ');
  const banned = containsBanned(words, input.banned, 'en').length;
  const floorsOk = sized.every(
    (t) =>
      t.size + 0.01 >=
      minTypeSize(plan.family, t.role === 'wordmark' ? 'body' : t.role, W, H) * gates.minTextScale,
  );
  const quality = {
    layout: plan.family,
    min_contrast: Math.round(minContrast * 100) / 100,
    min_text_px: Math.round(minText * 10) / 10,
    text_area_pct: Math.round((textArea / (W * H)) * 1000) / 10,
    safe_zone_ok: safeOk,
    banned_words: banned,
    product_visible: productVisible(plan, W, H, input.wantProduct),
    logo_visible: input.logoContrast === undefined ? null : input.logoContrast >= LOGO_MIN_CONTRAST,
    logo_contrast: input.logoContrast === undefined ? null : Math.round(input.logoContrast * 100) / 100,
    text_region: plan.textRegion,
    boxes: plan.texts.map((t) => ({
      role: t.role,
      x: Math.round(t.x),
      y: Math.round(t.y),
      width: Math.round(t.width),
      height: Math.round(t.height),
    })),
  };
  const failed =
    minContrast < gates.minContrast
      ? 'min_contrast'
      : !safeOk
        ? 'safe_zone'
        : banned > 0
          ? 'banned_words'
          : !floorsOk
            ? 'min_text_px'
            : quality.product_visible === false
              ? 'product_visible'
              : undefined;
  return { quality, failed };
}
