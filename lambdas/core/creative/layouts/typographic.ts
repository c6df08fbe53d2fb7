import { darken, lighten, relativeLuminance } from '../color.ts';
import { accentOn, textOn } from '../palette.ts';
import type { Box } from '../types.ts';
import { clipToSafe, fieldFor, productIn } from './place.ts';
import { stackCopy } from './stack.ts';
import type { Layout, LayoutContext, LayoutPlan, Shape } from './types.ts';

/**
 * Bold type on a brand colour field, the wordmark (or logo) on top, no picture: for businesses
 * with no product and no model visual. Variants change the field and one graphic device (an edge
 * bar, a band of a second brand colour, or a large tint disc), so angles look apart.
 */
export const typographic: Layout = {
  family: 'typographic',
  plan(ctx: LayoutContext): LayoutPlan | undefined {
    const { width: W, height: H, u } = ctx;
    const field = fieldFor(ctx);
    const second = fieldFor(ctx, 1);
    const style = Math.floor(ctx.variant / ctx.palette.fields.length + ctx.variant) % 3;
    const under: Shape[] = [];
    let area: Box = { x: 0, y: 0, width: W, height: H };
    const bar = Math.round(u * 0.035);
    if (style === 0) {
      // A bar of the second colour down the leading edge.
      under.push({
        kind: 'rect',
        box: { x: 0, y: 0, width: bar, height: H },
        fill: accentOn(ctx.palette, field),
      });
      area = { x: bar, y: 0, width: W - bar, height: H };
    } else if (style === 1) {
      // A band of the second colour across the foot (in stories, under the app's own UI).
      const band = Math.round(H * (ctx.placement === 'story' ? 0.3 : 0.16));
      under.push({ kind: 'rect', box: { x: 0, y: H - band, width: W, height: band }, fill: second });
      area = { x: 0, y: 0, width: W, height: H - band };
    } else {
      // A large disc, a faint tint of the field, half off the canvas.
      const tint = relativeLuminance(field) > 0.4 ? darken(field, 0.06) : lighten(field, 0.08);
      const d = Math.round(u * 1.1);
      under.push({
        kind: 'circle',
        box: { x: W - Math.round(d * 0.55), y: -Math.round(d * 0.35), width: d, height: d },
        fill: tint,
      });
    }
    if (ctx.placement === 'story' && style !== 1) {
      // Stories keep the bottom 35% free of words (the app's own UI sits there): a tint of the
      // field under an accent rule fills it, so the type above does not float over an empty half.
      const foot = Math.round(H * 0.3);
      const tint = relativeLuminance(field) > 0.4 ? darken(field, 0.1) : lighten(field, 0.1);
      under.push({ kind: 'rect', box: { x: 0, y: H - foot, width: W, height: foot }, fill: tint });
      under.push({
        kind: 'rect',
        box: { x: 0, y: H - foot, width: W, height: Math.max(4, Math.round(u * 0.012)) },
        fill: accentOn(ctx.palette, field),
      });
      area = { ...area, height: Math.min(area.height, H - foot - area.y) };
    }
    const pad = Math.round(u * 0.07);
    const column = clipToSafe(ctx, {
      x: area.x + pad,
      y: area.y + pad,
      width: area.width - 2 * pad,
      height: area.height - 2 * pad,
    });
    const stack = stackCopy(ctx, {
      family: 'typographic',
      column,
      align: style === 2 && W / H < 1.3 ? 'center' : 'left',
      valign: 'spread',
      fg: textOn(ctx.palette, field),
      ctaFill: accentOn(ctx.palette, field),
      offerPill: ctx.copy.offer ? { fill: accentOn(ctx.palette, field) } : undefined,
      headlineMax: Math.round(u * 0.13),
      brandMark: true,
      headlineLines: 5,
    });
    if (!stack) return undefined;
    return {
      family: 'typographic',
      background: field,
      under,
      product: ctx.product ? productIn(ctx, area, 0.3) : undefined,
      over: stack.shapes,
      logo: stack.logo,
      texts: stack.texts,
    };
  },
};
