import { accentOn, textOn } from '../palette.ts';
import type { Box } from '../types.ts';
import { clipToSafe, fieldFor, productIn } from './place.ts';
import { stackCopy } from './stack.ts';
import type { Layout, LayoutContext, LayoutPlan } from './types.ts';

/**
 * Brand colour blocks: the copy on one field, the scene (or product) on an inset card, a block of
 * a second brand colour offset behind the card. The card side and the fields follow the variant.
 */
export const brandBlock: Layout = {
  family: 'brand-block',
  plan(ctx: LayoutContext): LayoutPlan | undefined {
    // A long hook that does not fit beside the full card gets a smaller card, not a layout
    // without the picture: the picture stays in every ratio of the campaign.
    for (const share of CARD_SHARES) {
      const plan = planWithCard(ctx, share);
      if (plan) return plan;
    }
    return undefined;
  },
};

/** The card's share of its side: the full card, then smaller ones that leave the copy more room. */
const CARD_SHARES = [1, 0.62, 0.45] as const;

function planWithCard(ctx: LayoutContext, k: number): LayoutPlan | undefined {
  const { width: W, height: H, u } = ctx;
  const r = W / H;
  const flip = ctx.variant % 2 === 1;
  const field = fieldFor(ctx, 1);
  const second = accentOn(ctx.palette, field);
  const m = Math.round(u * 0.06);
  let card: Box;
  let copy: Box;
  if (r >= 1.3) {
    const cw = Math.round(W * 0.44 * k);
    card = { x: flip ? m : W - cw - m, y: m, width: cw, height: H - 2 * m };
    copy = flip
      ? { x: cw + 2 * m, y: 0, width: W - cw - 2 * m, height: H }
      : { x: 0, y: 0, width: W - cw - m, height: H };
  } else if (ctx.placement === 'story') {
    const top = Math.round(H * (1 - 0.42 * k));
    // The smaller card keeps the full card's proportions, so the picture's cut keeps it whole.
    const cw = Math.round((W - 2 * m) * k);
    card = { x: flip ? W - cw - m : m, y: top, width: cw, height: H - top - m };
    copy = { x: 0, y: 0, width: W, height: top };
  } else if (r >= 0.95) {
    const cw = Math.round(W * 0.5 * k);
    const ch = Math.round(H * 0.44 * k);
    card = { x: flip ? m : W - cw - m, y: m, width: cw, height: ch };
    copy = { x: 0, y: ch + m, width: W, height: H - ch - m };
  } else {
    const ch = Math.round(H * 0.42 * k);
    const cw = Math.round((W - 2 * m) * k);
    card = { x: flip ? W - cw - m : m, y: m, width: cw, height: ch };
    copy = { x: 0, y: ch + m, width: W, height: H - ch - m };
  }
  const off = Math.round(u * 0.035);
  const block: Box = {
    x: card.x + (flip ? off : -off),
    y: card.y + off,
    width: card.width,
    height: card.height,
  };
  const pad = Math.round(u * 0.055);
  const column = clipToSafe(ctx, {
    x: copy.x + pad,
    y: copy.y + pad,
    width: copy.width - 2 * pad,
    height: copy.height - 2 * pad,
  });
  const stack = stackCopy(ctx, {
    family: 'brand-block',
    column,
    align: 'left',
    valign: 'center',
    fg: textOn(ctx.palette, field),
    ctaFill: second,
    offerPill: ctx.copy.offer ? { fill: second } : undefined,
    headlineMax: Math.round(u * 0.09),
    brandMark: true,
  });
  if (!stack) return undefined;
  return {
    family: 'brand-block',
    background: field,
    visualBox: card,
    beneath: [{ kind: 'rect', box: block, fill: second }],
    under: [],
    product: productIn(ctx, card, 0.7),
    over: stack.shapes,
    logo: stack.logo,
    texts: stack.texts,
  };
}
