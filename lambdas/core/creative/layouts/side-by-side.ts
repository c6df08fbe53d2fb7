import { accentOn, textOn } from '../palette.ts';
import type { Box } from '../types.ts';
import { clipToSafe, fieldFor, productIn, wide } from './place.ts';
import { stackCopy } from './stack.ts';
import type { Layout, LayoutContext, LayoutPlan } from './types.ts';

/**
 * Visual and copy side by side: a solid brand field holds the copy, the visual (and product) the
 * other part. The copy goes on the side away from the visual's subject; in portrait the copy
 * takes the top or bottom band.
 */
export const sideBySide: Layout = {
  family: 'side-by-side',
  plan(ctx: LayoutContext): LayoutPlan | undefined {
    const { width: W, height: H, u } = ctx;
    const field = fieldFor(ctx);
    const fg = textOn(ctx.palette, field);
    let panel: Box;
    let visual: Box;
    if (wide(ctx)) {
      const share = W / H < 1.3 ? 0.52 : 0.48;
      const subjectLeft = ctx.salient.x + ctx.salient.width / 2 < 0.5;
      // The copy faces away from the subject; a centred subject leaves it to the variant.
      const copyLeft =
        Math.abs(ctx.salient.x + ctx.salient.width / 2 - 0.5) < 0.08 ? ctx.variant % 2 === 0 : !subjectLeft;
      const pw = Math.round(W * share);
      panel = copyLeft ? { x: 0, y: 0, width: pw, height: H } : { x: W - pw, y: 0, width: pw, height: H };
      visual = copyLeft
        ? { x: pw, y: 0, width: W - pw, height: H }
        : { x: 0, y: 0, width: W - pw, height: H };
    } else {
      const story = ctx.placement === 'story';
      const copyTop = story || ctx.variant % 2 === 0;
      const ph = Math.round(H * (story ? 0.56 : 0.5));
      panel = copyTop ? { x: 0, y: 0, width: W, height: ph } : { x: 0, y: H - ph, width: W, height: ph };
      visual = copyTop ? { x: 0, y: ph, width: W, height: H - ph } : { x: 0, y: 0, width: W, height: H - ph };
    }
    const pad = Math.round(u * 0.06);
    const column = clipToSafe(ctx, {
      x: panel.x + pad,
      y: panel.y + pad,
      width: panel.width - 2 * pad,
      height: panel.height - 2 * pad,
    });
    const stack = stackCopy(ctx, {
      family: 'side-by-side',
      column,
      align: wide(ctx) ? 'left' : 'center',
      valign: 'center',
      fg,
      ctaFill: accentOn(ctx.palette, field),
      offerPill: ctx.copy.offer ? { fill: accentOn(ctx.palette, field) } : undefined,
      headlineMax: Math.round(u * (wide(ctx) ? 0.085 : 0.08)),
      brandMark: true,
    });
    if (!stack) return undefined;
    return {
      family: 'side-by-side',
      background: field,
      visualBox: visual,
      under: [{ kind: 'rect', box: panel, fill: field }],
      product: productIn(ctx, visual, 0.72),
      over: stack.shapes,
      logo: stack.logo,
      texts: stack.texts,
    };
  },
};
