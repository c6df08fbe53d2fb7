import { facesFor } from '../fonts.ts';
import { minTypeSize } from '../grid.ts';
import { textOn } from '../palette.ts';
import { badgeCase, type Fitted, fitText } from '../text-fit.ts';
import type { Box, LayoutFamily } from '../types.ts';
import type { LayoutContext, PlacedText, Shape } from './types.ts';

/**
 * The copy column most layouts share: brand mark (logo or wordmark), optional offer pill,
 * headline, body, CTA button, stacked in a box. Everything fits whole at or above the family's
 * floors, or the stack answers undefined and the caller tries shorter copy or another layout.
 */
export type StackOptions = {
  family: LayoutFamily;
  column: Box;
  align: 'left' | 'center';
  valign: 'top' | 'center' | 'bottom' | 'spread';
  /** Text colour of headline, body and wordmark. */
  fg: string;
  ctaFill: string;
  /** Offer as a pill above the headline (`fill` behind it); omit when the layout shows it elsewhere. */
  offerPill?: { fill: string } | undefined;
  /** Headline size to start from, in px. */
  headlineMax: number;
  /** Draw the logo or wordmark in the column. */
  brandMark: boolean;
  headlineLines?: number | undefined;
};

export type Stack = { texts: PlacedText[]; shapes: Shape[]; logo?: Box | undefined; bounds: Box };

export function headlineLineHeight(ctx: LayoutContext): number {
  return ctx.fonts.heading === 'Oswald' ? 1.08 : 1.1;
}

type Floor = (role: 'headline' | 'body' | 'offer' | 'cta') => number;

/** What the stack's steps share: the column, the base gap and the family's type floors. */
type StackFrame = { ctx: LayoutContext; o: StackOptions; col: Box; gap: number; floor: Floor };

/** The measured pieces of a stack, before they are placed. */
type Measured = {
  cta: Fitted;
  ctaH: number;
  ctaW: number;
  mark: BrandMark;
  offer: Fitted | undefined;
  offerH: number;
  headline: Fitted;
  body: Fitted | undefined;
};

type BrandMark = { markH: number; markW: number; wordmark: Fitted | undefined };

const offerPadding = (u: number) => ({ x: Math.round(u * 0.028), y: Math.round(u * 0.014) });

export function stackCopy(ctx: LayoutContext, o: StackOptions): Stack | undefined {
  const { width: W, height: H, u } = ctx;
  const f: StackFrame = {
    ctx,
    o,
    col: o.column,
    gap: Math.round(u * 0.026),
    floor: (role) => minTypeSize(o.family, role, W, H),
  };
  const cta = fitCta(f);
  if (!cta) return undefined;
  const mark = fitBrandMark(f);
  const offer = fitOfferPill(f);
  if (offer === null) return undefined;
  const offerH = offer ? Math.round(offer.height + 2 * offerPadding(u).y) : 0;
  const { gap, col } = f;
  const fixed =
    cta.ctaH +
    Math.round(gap * 1.5) +
    (mark.markH ? mark.markH + Math.round(gap * 1.4) : 0) +
    (offer ? offerH + gap : 0);
  const room = col.height - fixed;
  if (room <= 0) return undefined;
  const copy = fitHeadlineAndBody(f, room);
  if (!copy) return undefined;
  return placeStack(f, { ...cta, mark, offer, offerH, ...copy });
}

/** CTA: one line in a pill. */
function fitCta({ ctx, col, floor }: StackFrame) {
  const u = ctx.u;
  const ctaSize0 = Math.max(floor('cta'), Math.round(u * 0.038));
  const cta = fitText({
    text: ctx.copy.cta,
    faces: ctx.fonts.ctaFaces,
    maxSize: ctaSize0,
    minSize: floor('cta'),
    maxWidth: col.width - 2 * ctaSize0 * 1.3,
    maxLines: 1,
    maxHeight: ctaSize0 * 1.4,
    lineHeight: 1.2,
    balance: false,
  });
  if (!cta) return undefined;
  const ctaPadX = Math.round(cta.size * 1.3);
  const ctaH = Math.round(cta.size * 2.5);
  const ctaW = Math.min(col.width, Math.max(Math.round(u * 0.28), Math.round(cta.width + 2 * ctaPadX)));
  return { cta, ctaH, ctaW };
}

/** Brand mark: the logo, else the client's name as a wordmark. */
function fitBrandMark({ ctx, o, col, floor }: StackFrame): BrandMark {
  const u = ctx.u;
  let markH = 0;
  let markW = 0;
  let wordmark: Fitted | undefined;
  if (o.brandMark && ctx.logo) {
    markH = Math.round(u * 0.06);
    markW = Math.min(Math.round((markH * ctx.logo.width) / ctx.logo.height), Math.round(col.width * 0.6));
    markH = Math.round((markW * ctx.logo.height) / ctx.logo.width);
  } else if (o.brandMark && ctx.wordmark) {
    const size = Math.max(floor('body'), Math.round(u * 0.032));
    wordmark = fitText({
      text: ctx.wordmark,
      faces: facesFor(ctx.fonts.heading, 800, ctx.wordmark),
      maxSize: size,
      minSize: floor('body'),
      maxWidth: col.width * 0.8,
      maxLines: 1,
      maxHeight: size * 1.4,
      lineHeight: 1.15,
      letterSpacingEm: 0.02,
      balance: false,
    });
    if (wordmark) {
      markH = Math.ceil(wordmark.height);
      markW = Math.ceil(wordmark.width);
    }
  }
  return { markH, markW, wordmark };
}

/** Offer pill: up to two lines, upper case. Undefined when there is none to draw, null when it does not fit. */
function fitOfferPill({ ctx, o, col, floor }: StackFrame): Fitted | undefined | null {
  if (!(o.offerPill && ctx.copy.offer)) return undefined;
  const u = ctx.u;
  const text = badgeCase(ctx.copy.offer);
  return (
    fitText({
      text,
      faces: facesFor(ctx.fonts.heading, 700, text),
      maxSize: Math.max(floor('offer'), Math.round(u * 0.034)),
      minSize: floor('offer'),
      maxWidth: col.width - 2 * offerPadding(u).x,
      maxLines: 2,
      maxHeight: u * 0.14,
      lineHeight: 1.15,
      letterSpacingEm: 0.04,
    }) ?? null
  );
}

/** Headline (and body) as large as they fit together in `room`. */
function fitHeadlineAndBody({ ctx, o, col, gap, floor }: StackFrame, room: number) {
  const u = ctx.u;
  const hMin = floor('headline');
  const hMax = Math.max(hMin, o.headlineMax);
  const lh = headlineLineHeight(ctx);
  const sizes: number[] = [];
  for (let s = hMax; s > hMin; s *= 0.94) sizes.push(Math.round(s * 2) / 2);
  sizes.push(hMin);
  for (const size of sizes) {
    const h = fitText({
      text: ctx.copy.headline,
      faces: ctx.fonts.headingFaces,
      maxSize: size,
      minSize: size,
      maxWidth: col.width,
      maxLines: o.headlineLines ?? 4,
      maxHeight: room,
      lineHeight: lh,
      letterSpacingEm: ctx.fonts.heading === 'Oswald' ? 0 : -0.01,
    });
    if (!h) continue;
    if (!ctx.copy.body) return { headline: h, body: undefined };
    const bMax = Math.max(floor('body'), Math.min(Math.round(u * 0.042), h.size * 0.5));
    const b = fitText({
      text: ctx.copy.body,
      faces: ctx.fonts.bodyFaces,
      maxSize: bMax,
      minSize: floor('body'),
      maxWidth: Math.min(col.width, u * 0.86),
      maxLines: 4,
      maxHeight: room - h.height - gap,
      lineHeight: 1.3,
    });
    if (b) return { headline: h, body: b };
  }
  return undefined;
}

/** The measured pieces placed top to bottom in the column, aligned as asked. */
function placeStack(f: StackFrame, m: Measured): Stack {
  const { ctx, o, col, gap } = f;
  const { cta, ctaH, ctaW, offer, offerH, headline, body } = m;
  const { markH } = m.mark;
  const u = ctx.u;
  const blocks: Array<{ h: number; after: number }> = [];
  if (markH) blocks.push({ h: markH, after: Math.round(gap * 1.4) });
  if (offer) blocks.push({ h: offerH, after: gap });
  blocks.push({ h: Math.ceil(headline.height), after: body ? gap : 0 });
  if (body) blocks.push({ h: Math.ceil(body.height), after: 0 });
  const ctaGap = Math.round(gap * 1.5);
  const total = blocks.reduce((s, b) => s + b.h + b.after, 0) + ctaGap + ctaH;
  let y = col.y;
  if (o.valign === 'center') y = col.y + Math.round((col.height - total) / 2);
  if (o.valign === 'bottom') y = col.y + col.height - total;
  const xFor = (w: number) => (o.align === 'center' ? col.x + Math.round((col.width - w) / 2) : col.x);

  const texts: PlacedText[] = [];
  const shapes: Shape[] = [];
  const textBox = placedText(o.align);
  const head = placeHead(f, m, { y, xFor, texts, shapes, textBox });
  const logo = head.logo;
  y = head.y;
  const hh = Math.ceil(headline.height);
  texts.push(
    textBox(
      'headline',
      headline,
      { x: col.x, y, width: col.width, height: hh },
      ctx.fonts.headingFaces,
      700,
      o.fg,
    ),
  );
  y += hh;
  if (body) {
    y += gap;
    const bw = Math.min(col.width, Math.round(u * 0.86));
    const bh = Math.ceil(body.height);
    texts.push(
      textBox('body', body, { x: xFor(bw), y, width: bw, height: bh }, ctx.fonts.bodyFaces, 400, o.fg),
    );
    y += bh;
  }
  y += ctaGap;
  if (o.valign === 'spread') y = Math.max(y, col.y + col.height - ctaH);
  const ctaBox = { x: xFor(ctaW), y, width: ctaW, height: ctaH };
  shapes.push({ kind: 'rect', box: ctaBox, fill: o.ctaFill, radius: ctaH / 2, lift: true });
  const ctaTextH = Math.ceil(cta.height);
  texts.push(
    textBox(
      'cta',
      cta,
      { x: ctaBox.x, y: ctaBox.y + Math.round((ctaH - ctaTextH) / 2), width: ctaW, height: ctaTextH },
      ctx.fonts.ctaFaces,
      700,
      textOn(ctx.palette, o.ctaFill),
      'center',
    ),
  );
  const top = Math.min(...texts.map((t) => t.y), logo?.y ?? Number.POSITIVE_INFINITY);
  const bottom = ctaBox.y + ctaH;
  return { texts, shapes, logo, bounds: { x: col.x, y: top, width: col.width, height: bottom - top } };
}

/** A text box maker: the fitted lines set in `box`, aligned as the stack unless told otherwise. */
const placedText =
  (stackAlign: PlacedText['align']) =>
  (
    role: PlacedText['role'],
    fit: Fitted,
    box: Box,
    faces: PlacedText['faces'],
    weight: number,
    color: string,
    align = stackAlign,
  ): PlacedText => ({
    ...box,
    role,
    lines: fit.lines,
    size: fit.size,
    lineHeight: fit.lineHeight,
    letterSpacing: fit.letterSpacing,
    faces,
    weight,
    color,
    align,
  });

type Placing = {
  y: number;
  xFor: (w: number) => number;
  texts: PlacedText[];
  shapes: Shape[];
  textBox: ReturnType<typeof placedText>;
};

/** The brand mark and the offer pill at the top of the stack; answers the logo's box and the y below them. */
function placeHead(f: StackFrame, m: Measured, p: Placing): { y: number; logo: Box | undefined } {
  const { ctx, o, gap } = f;
  const { offer, offerH } = m;
  const { markH, markW, wordmark } = m.mark;
  const { xFor, texts, shapes, textBox } = p;
  const offerPad = offerPadding(ctx.u);
  let y = p.y;
  let logo: Box | undefined;
  if (markH) {
    if (wordmark) {
      texts.push(
        textBox(
          'wordmark',
          wordmark,
          { x: xFor(markW), y, width: markW, height: markH },
          facesFor(ctx.fonts.heading, 800, ctx.wordmark ?? ''),
          800,
          o.fg,
          'left',
        ),
      );
    } else logo = { x: xFor(markW), y, width: markW, height: markH };
    y += markH + Math.round(gap * 1.4);
  }
  if (offer && o.offerPill) {
    const w = Math.round(offer.width + 2 * offerPad.x);
    const box = { x: xFor(w), y, width: w, height: offerH };
    shapes.push({
      kind: 'rect',
      box,
      fill: o.offerPill.fill,
      radius: Math.round(offerH * (offer.lines.length > 1 ? 0.25 : 0.5)),
    });
    const fg = textOn(ctx.palette, o.offerPill.fill);
    const text = badgeCase(ctx.copy.offer ?? '');
    texts.push(
      textBox(
        'offer',
        offer,
        {
          x: box.x + offerPad.x,
          y: box.y + offerPad.y,
          width: w - 2 * offerPad.x,
          height: Math.ceil(offer.height),
        },
        facesFor(ctx.fonts.heading, 700, text),
        700,
        fg,
        'center',
      ),
    );
    y += offerH + gap;
  }
  return { y, logo };
}
