import { busyScore, type RelBox } from '../analysis.ts';
import { contrastOfLuminances, relativeLuminance, srgbToLinear } from '../color.ts';
import { accentOn } from '../palette.ts';
import type { Box } from '../types.ts';
import { clipToSafe, productIn } from './place.ts';
import { stackCopy } from './stack.ts';
import type { Layout, LayoutContext, LayoutPlan, Shape } from './types.ts';

type Region = { name: string; text: RelBox; product: RelBox; towards: 'up' | 'down' | 'left' | 'right' };

/** Where copy may sit on a full-bleed visual, per shape of canvas, with where the product then goes. */
function regionsFor(ctx: LayoutContext): Region[] {
  const r = ctx.width / ctx.height;
  const left: Region = {
    name: 'left',
    text: { x: 0, y: 0, width: 0.5, height: 1 },
    product: { x: 0.5, y: 0, width: 0.5, height: 1 },
    towards: 'right',
  };
  const right: Region = {
    name: 'right',
    text: { x: 0.5, y: 0, width: 0.5, height: 1 },
    product: { x: 0, y: 0, width: 0.5, height: 1 },
    towards: 'left',
  };
  if (r >= 1.3) return [left, right];
  if (ctx.placement === 'story')
    return [
      {
        name: 'upper',
        text: { x: 0, y: 0.13, width: 1, height: 0.4 },
        product: { x: 0, y: 0.53, width: 1, height: 0.34 },
        towards: 'down',
      },
      {
        name: 'lower',
        text: { x: 0, y: 0.3, width: 1, height: 0.36 },
        product: { x: 0, y: 0.04, width: 1, height: 0.26 },
        towards: 'up',
      },
    ];
  const top: Region = {
    name: 'top',
    text: { x: 0, y: 0, width: 1, height: 0.5 },
    product: { x: 0, y: 0.5, width: 1, height: 0.5 },
    towards: 'down',
  };
  const bottom: Region = {
    name: 'bottom',
    text: { x: 0, y: 0.5, width: 1, height: 0.5 },
    product: { x: 0, y: 0, width: 1, height: 0.5 },
    towards: 'up',
  };
  return r >= 0.95 ? [left, right, top, bottom] : [top, bottom];
}

const toPx = (ctx: LayoutContext, b: RelBox): Box => ({
  x: Math.round(b.x * ctx.width),
  y: Math.round(b.y * ctx.height),
  width: Math.round(b.width * ctx.width),
  height: Math.round(b.height * ctx.height),
});

function overlap(a: RelBox, b: RelBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? (w * h) / (b.width * b.height) : 0;
}

/** Luminance range of the grid cells under a box (cell means: a floor on what text will meet). */
function lumRange(ctx: LayoutContext, box: RelBox): { lo: number; hi: number } {
  const g = ctx.grid;
  let lo = 1;
  let hi = 0;
  for (let y = 0; y < g.rows; y++)
    for (let x = 0; x < g.cols; x++) {
      const cx = (x + 0.5) / g.cols;
      const cy = (y + 0.5) / g.rows;
      if (cx < box.x || cx > box.x + box.width || cy < box.y || cy > box.y + box.height) continue;
      const i = y * g.cols + x;
      const sd = Math.sqrt(g.variance[i] ?? 0);
      const m = g.mean[i] ?? 128;
      lo = Math.min(lo, srgbToLinear(Math.max(0, m - 1.5 * sd)));
      hi = Math.max(hi, srgbToLinear(Math.min(255, m + 1.5 * sd)));
    }
  return lo > hi ? { lo: 0.2, hi: 0.2 } : { lo, hi };
}

function worst(textLum: number, range: { lo: number; hi: number }): number {
  if (textLum >= range.lo && textLum <= range.hi) return 1;
  return Math.min(contrastOfLuminances(textLum, range.lo), contrastOfLuminances(textLum, range.hi));
}

/**
 * Copy over the calmest region of a full-bleed visual, measured on the visual (edge density and
 * luminance variance of each candidate region, `busyScore`); the subject's region is avoided. A
 * scrim is drawn only where the region cannot carry text at 4.5:1 by itself, at the least opacity
 * that makes it do so.
 */
export const calmOverlay: Layout = {
  family: 'calm-overlay',
  plan(ctx: LayoutContext): LayoutPlan | undefined {
    const scored = regionsFor(ctx).map((region, i) => ({
      region,
      busy: busyScore(ctx.grid, region.text),
      // The subject under the text costs as much as a busy region; the variant breaks near-ties.
      score:
        busyScore(ctx.grid, region.text) +
        overlap(region.text, ctx.salient) * 12 +
        ((ctx.variant + i) % 2) * 0.6,
    }));
    scored.sort((a, b) => a.score - b.score);
    // The calmest region that holds the copy. Busier regions (behind a scrim) only on the
    // re-layout pass: first the engine tries shorter copy in the calm one.
    const calmest = Math.min(...scored.map((c) => c.busy));
    const open = ctx.scrimBias > 0 ? scored : scored.filter((c) => c.busy <= calmest * 1.5 + 3);
    for (const choice of open) {
      const plan = planIn(ctx, choice.region, choice.busy);
      if (plan) return plan;
    }
    return undefined;
  },
};

function planIn(ctx: LayoutContext, region: Region, busy: number): LayoutPlan | undefined {
  const { u } = ctx;
  const choice = { busy };
  const range = lumRange(ctx, region.text);
  const dark = ctx.palette.deep;
  const light = ctx.palette.light;
  // Light or dark text, whichever reads better on what the region actually holds.
  const lightText = worst(relativeLuminance('#FFFFFF'), range) >= worst(relativeLuminance(dark), range);
  const fg = lightText ? '#FFFFFF' : dark;
  const scrimColor = lightText ? dark : light;
  const fgLum = relativeLuminance(fg);
  let alpha = 0;
  const needed = 6;
  if (worst(fgLum, range) < needed || choice.busy > 14 || ctx.scrimBias > 0) {
    const sl = relativeLuminance(scrimColor);
    alpha = 1;
    for (let a = 0.35; a <= 1.0001; a += 0.05) {
      const blended = { lo: range.lo + (sl - range.lo) * a, hi: range.hi + (sl - range.hi) * a };
      if (worst(fgLum, blended) >= needed) {
        alpha = a;
        break;
      }
    }
    alpha = Math.min(1, Math.max(alpha, choice.busy > 14 ? 0.6 : 0.45) + ctx.scrimBias * 0.25);
  }
  const area = toPx(ctx, region.text);
  const pad = Math.round(u * 0.06);
  const column = clipToSafe(ctx, {
    x: area.x + pad,
    y: area.y + pad,
    width: area.width - 2 * pad,
    height: area.height - 2 * pad,
  });
  const ctaFill = accentOn(ctx.palette, alpha > 0 ? scrimColor : lightText ? dark : light);
  const stack = stackCopy(ctx, {
    family: 'calm-overlay',
    column,
    align: region.text.width < 0.9 ? 'left' : 'center',
    valign: region.towards === 'up' ? 'bottom' : region.towards === 'down' ? 'top' : 'center',
    fg,
    ctaFill,
    offerPill: ctx.copy.offer ? { fill: ctaFill } : undefined,
    headlineMax: Math.round(u * 0.09),
    brandMark: true,
  });
  if (!stack) return undefined;
  const under: Shape[] = [];
  if (alpha > 0) {
    const b = stack.bounds;
    const m = Math.round(u * 0.05);
    const solid =
      region.towards === 'right'
        ? { x: 0, y: 0, width: b.x + b.width + m, height: ctx.height }
        : region.towards === 'left'
          ? { x: b.x - m, y: 0, width: ctx.width - b.x + m, height: ctx.height }
          : region.towards === 'down'
            ? { x: 0, y: 0, width: ctx.width, height: b.y + b.height + m }
            : { x: 0, y: b.y - m, width: ctx.width, height: ctx.height - b.y + m };
    under.push({
      kind: 'scrim',
      box: solid,
      color: scrimColor,
      alpha,
      fade: Math.round(u * 0.18),
      towards: region.towards,
    });
  }
  return {
    family: 'calm-overlay',
    background: scrimColor,
    visualBox: { x: 0, y: 0, width: ctx.width, height: ctx.height },
    under,
    product: productIn(ctx, toPx(ctx, region.product), 0.74),
    over: stack.shapes,
    logo: stack.logo,
    texts: stack.texts,
    textRegion: { name: region.name, busy: Math.round(choice.busy * 10) / 10 },
  };
}
