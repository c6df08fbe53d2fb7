import { facesFor } from '../fonts.ts';
import { minTypeSize } from '../grid.ts';
import { accentOn, textOn } from '../palette.ts';
import { badgeCase, fitText } from '../text-fit.ts';
import type { Box } from '../types.ts';
import { clipToSafe, fieldFor, productIn } from './place.ts';
import { stackCopy } from './stack.ts';
import type { Layout, LayoutContext, LayoutPlan, PlacedText } from './types.ts';

/**
 * Offer first: a large round badge carries the offer in big type over the visual, the copy sits
 * on a brand field beside or under it. Only offered when the campaign has an offer.
 */
export const offerLed: Layout = {
  family: 'offer-led',
  plan(ctx: LayoutContext): LayoutPlan | undefined {
    const offerText = ctx.copy.offer;
    if (!offerText) return undefined;
    const { width: W, height: H, u } = ctx;
    const r = W / H;
    const flip = ctx.variant % 2 === 1;
    let panel: Box;
    let visual: Box;
    let badgeArea: Box;
    let productArea: Box;
    if (r >= 1.3) {
      const pw = Math.round(W * 0.46);
      panel = flip ? { x: W - pw, y: 0, width: pw, height: H } : { x: 0, y: 0, width: pw, height: H };
      visual = flip ? { x: 0, y: 0, width: W - pw, height: H } : { x: pw, y: 0, width: W - pw, height: H };
      const half = Math.round(visual.width / 2);
      badgeArea = { x: flip ? visual.x + half : visual.x, y: 0, width: half, height: H };
      productArea = { x: flip ? visual.x : visual.x + half, y: 0, width: half, height: H };
    } else if (ctx.placement === 'story') {
      const top = Math.round(H * 0.4);
      panel = { x: 0, y: top, width: W, height: H - top };
      visual = { x: 0, y: 0, width: W, height: top };
      badgeArea = { x: flip ? W / 2 : 0, y: 0, width: W / 2, height: top };
      productArea = {
        x: flip ? 0 : W / 2,
        y: Math.round(H * 0.1),
        width: W / 2,
        height: top - Math.round(H * 0.1),
      };
    } else {
      const ph = Math.round(H * (r < 0.95 ? 0.44 : 0.42));
      panel = { x: 0, y: H - ph, width: W, height: ph };
      visual = { x: 0, y: 0, width: W, height: H - ph };
      badgeArea = { x: flip ? W / 2 : 0, y: 0, width: W / 2, height: H - ph };
      productArea = { x: flip ? 0 : W / 2, y: 0, width: W / 2, height: H - ph };
    }
    const field = fieldFor(ctx);
    const badgeFill = accentOn(ctx.palette, field);
    const badgeFg = textOn(ctx.palette, badgeFill);

    // The badge: the largest circle its area (inside the safe zone) holds, the offer as big as fits.
    const area = clipToSafe(ctx, badgeArea);
    const d = Math.round(Math.min(area.width, area.height, u * 0.56) * 0.98);
    const upper = badgeCase(offerText);
    const faces = facesFor(ctx.fonts.heading, 800, upper);
    const inner = d * 0.7;
    const fit = fitText({
      text: upper,
      faces,
      maxSize: Math.round(u * 0.12),
      minSize: minTypeSize('offer-led', 'offer', W, H),
      maxWidth: inner,
      maxLines: 4,
      maxHeight: inner * 0.92,
      lineHeight: 1.05,
      letterSpacingEm: 0.01,
    });
    if (!fit) return undefined;
    const cx = area.x + area.width / 2;
    const cy = area.y + Math.min(area.height / 2, d * 0.6);
    const badge: Box = { x: Math.round(cx - d / 2), y: Math.round(cy - d / 2), width: d, height: d };
    const th = Math.ceil(fit.height);
    const offer: PlacedText = {
      x: Math.round(cx - inner / 2),
      y: Math.round(cy - th / 2),
      width: Math.round(inner),
      height: th,
      role: 'offer',
      lines: fit.lines,
      size: fit.size,
      lineHeight: fit.lineHeight,
      letterSpacing: fit.letterSpacing,
      faces,
      weight: 800,
      color: badgeFg,
      align: 'center',
      upper: true,
    };

    const pad = Math.round(u * 0.06);
    const column = clipToSafe(ctx, {
      x: panel.x + pad,
      y: panel.y + pad,
      width: panel.width - 2 * pad,
      height: panel.height - 2 * pad,
    });
    const stack = stackCopy(ctx, {
      family: 'offer-led',
      column,
      align: r >= 1.3 ? 'left' : 'center',
      valign: 'center',
      fg: textOn(ctx.palette, field),
      ctaFill: accentOn(ctx.palette, field),
      headlineMax: Math.round(u * 0.075),
      brandMark: true,
      headlineLines: 3,
    });
    if (!stack) return undefined;
    return {
      family: 'offer-led',
      background: field,
      visualBox: visual,
      under: [{ kind: 'rect', box: panel, fill: field }],
      product: productIn(ctx, productArea, 0.8),
      over: [{ kind: 'circle', box: badge, fill: badgeFill, lift: true }, ...stack.shapes],
      logo: stack.logo,
      texts: [offer, ...stack.texts],
    };
  },
};
