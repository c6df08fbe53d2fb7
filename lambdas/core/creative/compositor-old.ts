import satori from 'satori';
import type { BrandKit } from '../entities/brand-kit.ts';
import type { FontFamily } from '../fonts.ts';
import { FONT_FAMILIES } from '../fonts.ts';
import {
  contrastOfLuminances,
  contrastRatio,
  darken,
  distance,
  lighten,
  mix,
  normalizePalette,
  parseHex,
  type Rgb,
  readableOn,
  relativeLuminance,
  srgbToLinear,
  toHex,
} from './color.ts';
import { type FontFace, facesFor, fontFamilyCss, measureText, satoriFonts } from './fonts.ts';
import { dataUrl, decodeScaled, type ImageFormat, imageInfo, type RgbaImage, rasterizeAsync } from './png.ts';
import { PermanentImageError, type Visual } from './types.ts';

// ---------------------------------------------------------------------------------------------
// The grid: where text may go, where the hero (product) goes. Shared with the template model so
// the offline visual leaves the text area calm and puts the product where no text will be.
// ---------------------------------------------------------------------------------------------

export type Box = { x: number; y: number; width: number; height: number };
export type Placement = 'feed' | 'story';

export type CreativeGrid = {
  placement: Placement;
  /**
   * `stacked`: copy on top, product below (CTA in its own band at the bottom, or inline in stories).
   * `side`: text column left, product right.
   */
  orientation: 'stacked' | 'side';
  /** Everything with text stays inside this box (platform safe zone). */
  safe: Box;
  /** Where the headline group (logo, offer, headline, body) is laid out. */
  text: Box;
  /** The band the CTA button sits at the bottom of; equal to `text` when the CTA follows the copy. */
  cta: Box;
  /** Whether the CTA follows the copy in the text zone (side layouts, stories) or has its own band. */
  ctaInline: boolean;
  /** Where the visual's subject should be: kept free of text. */
  hero: Box;
};

/** Stories and Reels: the top 14 % and bottom 35 % are covered by the app's own UI. */
export const STORY_SAFE_TOP = 0.14;
export const STORY_SAFE_BOTTOM = 0.35;
/** Feed placements: margin on every side, as a fraction of that dimension. */
export const FEED_MARGIN = 0.06;

/** A 9:16 canvas is a story unless told otherwise; everything else is a feed placement. */
export function defaultPlacement(width: number, height: number): Placement {
  return Math.abs(width / height - 9 / 16) < 0.01 ? 'story' : 'feed';
}

export function creativeGrid(width: number, height: number, placement?: Placement): CreativeGrid {
  const place = placement ?? defaultPlacement(width, height);
  const r = width / height;
  const u = Math.min(width, height);
  const mx = Math.round(width * FEED_MARGIN);
  const my = Math.round(height * FEED_MARGIN);
  const safe: Box =
    place === 'story'
      ? {
          x: mx,
          y: Math.ceil(height * STORY_SAFE_TOP),
          width: width - 2 * mx,
          height: Math.floor(height * (1 - STORY_SAFE_BOTTOM)) - Math.ceil(height * STORY_SAFE_TOP),
        }
      : { x: mx, y: my, width: width - 2 * mx, height: height - 2 * my };
  if (r >= 0.95) {
    // Square and wider: text column on the left, product on the right.
    const square = r < 1.3;
    const textRight = Math.round(width * (square ? 0.53 : 0.5));
    const text: Box = { x: safe.x, y: safe.y, width: textRight - safe.x, height: safe.height };
    const heroX = Math.round(width * (square ? 0.54 : 0.53));
    return {
      placement: place,
      orientation: 'side',
      safe,
      text,
      cta: text,
      ctaInline: true,
      hero: {
        x: heroX,
        y: Math.round(my * 0.7),
        width: width - heroX - Math.round(mx * 0.5),
        height: height - Math.round(my * 1.4),
      },
    };
  }
  const heroInset = Math.round(width * 0.04);
  if (place === 'story') {
    // Everything with text in the upper safe band, CTA inline; the product below it.
    const textBottom = Math.round(height * 0.47);
    const text: Box = { x: safe.x, y: safe.y, width: safe.width, height: textBottom - safe.y };
    const heroTop = textBottom + Math.round(height * 0.01);
    return {
      placement: place,
      orientation: 'stacked',
      safe,
      text,
      cta: text,
      ctaInline: true,
      hero: {
        x: heroInset,
        y: heroTop,
        width: width - 2 * heroInset,
        height: Math.round(height * 0.86) - heroTop,
      },
    };
  }
  const ctaHeight = Math.round(u * 0.125);
  const cta: Box = { x: safe.x, y: safe.y + safe.height - ctaHeight, width: safe.width, height: ctaHeight };
  const textBottom = Math.round(height * (0.5 - (1 - Math.min(r, 1)) * 0.1));
  const text: Box = { x: safe.x, y: safe.y, width: safe.width, height: textBottom - safe.y };
  const heroTop = textBottom + Math.round(height * 0.01);
  const heroBottom = cta.y + Math.round(ctaHeight * 0.15);
  return {
    placement: place,
    orientation: 'stacked',
    safe,
    text,
    cta,
    ctaInline: false,
    hero: { x: heroInset, y: heroTop, width: width - 2 * heroInset, height: heroBottom - heroTop },
  };
}

// ---------------------------------------------------------------------------------------------
// Text fitting: wrap, then shrink, then (only as a last resort) clamp with an ellipsis.
// ---------------------------------------------------------------------------------------------

/** Measured widths are within ~1 % of satori's (it kerns; we do not): leave that much room. */
const WIDTH_SAFETY = 1.015;

export type TextFont = { faces: readonly FontFace[]; size: number; letterSpacing: number };

function fits(text: string, font: TextFont, maxWidth: number): boolean {
  return measureText(text, font) * WIDTH_SAFETY + 1 <= maxWidth;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Splits a word wider than the line into pieces that fit (at grapheme boundaries). */
function breakWord(word: string, font: TextFont, maxWidth: number): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const { segment } of graphemes.segment(word)) {
    if (current && !fits(current + segment, font, maxWidth)) {
      pieces.push(current);
      current = segment;
    } else current += segment;
  }
  if (current) pieces.push(current);
  return pieces;
}

export type Wrapped = { lines: string[]; brokeWord: boolean };

/** Greedy word wrap at `maxWidth`; words longer than a line are broken. */
export function wrapText(text: string, font: TextFont, maxWidth: number): Wrapped {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let brokeWord = false;
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate, font, maxWidth)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    if (fits(word, font, maxWidth)) {
      line = word;
      continue;
    }
    brokeWord = true;
    const pieces = breakWord(word, font, maxWidth);
    line = pieces.pop() ?? '';
    lines.push(...pieces);
  }
  if (line) lines.push(line);
  return { lines, brokeWord };
}

/**
 * Wraps into as few lines as at `maxWidth`, but with lines of even length (CSS `text-wrap:
 * balance`): the narrowest width that needs no more lines. No orphaned last word.
 */
export function wrapBalanced(text: string, font: TextFont, maxWidth: number): Wrapped {
  const greedy = wrapText(text, font, maxWidth);
  if (greedy.lines.length < 2 || greedy.brokeWord) return greedy;
  let lo = maxWidth * 0.4;
  let hi = maxWidth;
  let best = greedy;
  for (let i = 0; i < 10; i++) {
    const mid = (lo + hi) / 2;
    const attempt = wrapText(text, font, mid);
    if (attempt.lines.length <= greedy.lines.length && !attempt.brokeWord) {
      best = attempt;
      hi = mid;
    } else lo = mid;
  }
  return best;
}

/** The first `maxLines` lines, the last one ending in an ellipsis that fits. */
function clampLines(lines: string[], maxLines: number, font: TextFont, maxWidth: number): string[] {
  if (lines.length <= maxLines) return lines;
  if (maxLines <= 0) return [];
  const kept = lines.slice(0, maxLines);
  let last = `${kept[maxLines - 1] ?? ''}…`;
  const parts = [...graphemes.segment(kept[maxLines - 1] ?? '')].map((s) => s.segment);
  while (parts.length > 0 && !fits(last, font, maxWidth)) {
    parts.pop();
    last = `${parts.join('').trimEnd()}…`;
  }
  kept[maxLines - 1] = last;
  return kept;
}

type FitRequest = {
  text: string;
  faces: readonly FontFace[];
  maxSize: number;
  minSize: number;
  maxWidth: number;
  maxLines: number;
  maxHeight: number;
  lineHeight: number;
  letterSpacingEm: number;
};

type Fitted = {
  lines: string[];
  size: number;
  lineHeight: number;
  /** px added after every character. */
  letterSpacing: number;
  height: number;
  truncated: boolean;
  width: number;
};

function fontAt(req: FitRequest, size: number): TextFont {
  return { faces: req.faces, size, letterSpacing: req.letterSpacingEm * size };
}

function finish(req: FitRequest, size: number, lines: string[], truncated: boolean): Fitted {
  const font = fontAt(req, size);
  const width = Math.max(0, ...lines.map((l) => measureText(l, font) * WIDTH_SAFETY + 1));
  return {
    lines,
    size,
    lineHeight: req.lineHeight,
    letterSpacing: req.letterSpacingEm * size,
    height: lines.length * size * req.lineHeight,
    truncated,
    width: Math.min(width, req.maxWidth),
  };
}

/**
 * Largest size in [minSize, maxSize] at which the text wraps into at most `maxLines` lines of
 * `maxWidth` within `maxHeight`, preferring sizes that need no word broken. `strict` returns
 * undefined when nothing fits; otherwise the minimum size is used and the text clamped.
 */
function fitText(req: FitRequest, strict: true): Fitted | undefined;
function fitText(req: FitRequest, strict: false): Fitted;
function fitText(req: FitRequest, strict: boolean): Fitted | undefined {
  const sizes: number[] = [];
  for (let s = req.maxSize; s > req.minSize; s *= 0.95) sizes.push(Math.round(s * 2) / 2);
  sizes.push(req.minSize);
  let brokenFallback: Fitted | undefined;
  for (const size of sizes) {
    const wrapped = wrapBalanced(req.text, fontAt(req, size), req.maxWidth);
    const height = wrapped.lines.length * size * req.lineHeight;
    if (wrapped.lines.length > req.maxLines || height > req.maxHeight) continue;
    if (!wrapped.brokeWord) return finish(req, size, wrapped.lines, false);
    brokenFallback ??= finish(req, size, wrapped.lines, false);
  }
  if (brokenFallback) return brokenFallback;
  if (strict) return undefined;
  const font = fontAt(req, req.minSize);
  const wrapped = wrapText(req.text, font, req.maxWidth);
  const room = Math.min(req.maxLines, Math.floor(req.maxHeight / (req.minSize * req.lineHeight) + 1e-9));
  return finish(req, req.minSize, clampLines(wrapped.lines, room, font, req.maxWidth), true);
}

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

export type CreativeCopy = {
  headline: string;
  body?: string | undefined;
  offer?: string | undefined;
  cta: string;
};

export type ComposeInput = {
  visual: Visual;
  width: number;
  height: number;
  aspectRatio: { w: number; h: number };
  copy: CreativeCopy;
  brand: BrandKit;
  logo?: Buffer | undefined;
  placement?: Placement | undefined;
};

export type TextBox = Box & {
  lines: string[];
  fontSize: number;
  lineHeight: number;
  /** px after every character (negative tightens). */
  letterSpacing: number;
  font: FontFamily;
  weight: number;
  align: 'left' | 'center';
  color: string;
  /** True when even the smallest size could not hold it all and it was cut with an ellipsis. */
  truncated: boolean;
};

export type CreativeLayout = {
  width: number;
  height: number;
  grid: CreativeGrid;
  /** The panel behind the headline group: solid at `alpha` over `solid`, fading out beyond it. */
  scrim: { solid: Box; fade: Box; color: string; alpha: number };
  logo?: (Box & { chip?: string | undefined }) | undefined;
  offer?: { box: Box; fill: string; label: TextBox } | undefined;
  headline?: TextBox | undefined;
  body?: TextBox | undefined;
  cta: { box: Box; fill: string; label: TextBox };
  /**
   * Worst-case WCAG contrast of each text against what is behind it: for headline and body the
   * lowest over every sampled pixel of the visual under their box, seen through the scrim; for
   * offer and CTA against their solid fill.
   */
  contrast: {
    headline?: number | undefined;
    body?: number | undefined;
    offer?: number | undefined;
    cta: number;
  };
};

export type ComposedCreative = { png: Buffer; width: number; height: number; layout: CreativeLayout };

const MIN_CONTRAST = 4.5;
/** Extra margin over the sampled pixels (they are averages of 3×3 blocks). */
const SCRIM_MARGIN = 0.35;

function family(value: string): FontFamily {
  return (FONT_FAMILIES as readonly string[]).includes(value) ? (value as FontFamily) : 'Inter';
}

function clean(text: string | undefined): string {
  // Control characters become spaces; runs of whitespace collapse.
  return (text ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

type Logo = { bytes: Buffer; format: ImageFormat; width: number; height: number; hasAlpha: boolean };

function readLogo(bytes: Buffer | undefined): Logo | undefined {
  if (!bytes) return undefined;
  const info = imageInfo(bytes);
  // resvg (and satori) cannot draw WebP: a logo in that format is left out rather than failing.
  if (!info || info.format === 'webp' || info.width <= 0 || info.height <= 0) return undefined;
  return { bytes, format: info.format, width: info.width, height: info.height, hasAlpha: info.hasAlpha };
}

type Plan = {
  logo?: Box | undefined;
  offer?: { box: Box; label: Fitted } | undefined;
  headline?: (Box & { fit: Fitted }) | undefined;
  body?: (Box & { fit: Fitted }) | undefined;
  cta: { box: Box; label: Fitted };
  align: 'left' | 'center';
};

type Fonts = {
  heading: FontFamily;
  body: FontFamily;
  headingFaces: FontFace[];
  bodyFaces: FontFace[];
  /** The CTA label: the body family in bold. */
  ctaFaces: FontFace[];
};

/**
 * Positions every element. Text sizes scale with the canvas' short side; the headline group
 * shrinks (headline first down to a floor, then the body is cut back, then the headline is
 * clamped) until it fits its zone; nothing ever leaves its box.
 */
function planLayout(
  grid: CreativeGrid,
  width: number,
  height: number,
  copy: Required<CreativeCopy>,
  fonts: Fonts,
  logo: Logo | undefined,
): Plan {
  const u = Math.min(width, height);
  const side = grid.orientation === 'side';
  const align = side ? 'left' : 'center';
  const zone = grid.text;
  const gap = Math.round(u * 0.024);
  const maxWidth = side ? zone.width : Math.min(zone.width, Math.round(u * 0.9));

  const headlineLh = fonts.heading === 'Oswald' ? 1.1 : 1.08;
  const bodyLh = 1.32;
  const hMax = u * (side ? (width / height < 1.3 ? 0.082 : 0.1) : 0.088);
  const hMin = Math.max(20, u * 0.036);
  const bMax = u * 0.037;
  const bMin = Math.max(16, u * 0.026);

  // CTA: a single line, shrunk (then clamped) to fit the button's maximum width.
  const ctaSize0 = Math.round(u * 0.036);
  const ctaPadX = ctaSize0 * 1.5;
  const ctaHeight = Math.round(ctaSize0 * 2.6);
  const ctaMaxLabel = Math.min(maxWidth, u * 0.8) - 2 * ctaPadX;
  const ctaLabel = fitText(
    {
      text: copy.cta,
      faces: fonts.ctaFaces,
      maxSize: ctaSize0,
      minSize: Math.max(14, u * 0.022),
      maxWidth: ctaMaxLabel,
      maxLines: 1,
      maxHeight: ctaHeight,
      lineHeight: 1.2,
      letterSpacingEm: 0.01,
    },
    false,
  );
  const ctaWidth = Math.round(Math.max(u * 0.3, ctaLabel.width + 2 * ctaPadX));

  // Offer: a pill of up to two lines.
  let offerFit: Fitted | undefined;
  const offerPadX = Math.round(u * 0.026);
  const offerPadY = Math.round(u * 0.013);
  if (copy.offer) {
    offerFit = fitText(
      {
        text: copy.offer.toLocaleUpperCase(),
        faces: fonts.headingFaces,
        maxSize: Math.round(u * 0.027),
        minSize: Math.max(13, u * 0.019),
        maxWidth: maxWidth - 2 * offerPadX,
        maxLines: 2,
        maxHeight: u * 0.1,
        lineHeight: 1.2,
        letterSpacingEm: 0.06,
      },
      false,
    );
  }
  const offerHeight = offerFit ? Math.round(offerFit.height + 2 * offerPadY) : 0;

  const logoHeight = logo ? Math.round(u * 0.058) : 0;
  const logoWidth = logo
    ? Math.min(Math.round((logoHeight * logo.width) / logo.height), Math.round(maxWidth * 0.6))
    : 0;
  const logoBoxHeight = logo ? Math.round((logoWidth * logo.height) / logo.width) : 0;

  // Height the headline group may use; in the side layout the CTA shares the column.
  const inline = grid.ctaInline;
  const ctaInZone = inline ? ctaHeight + Math.round(gap * 1.4) : 0;
  let fixed =
    ctaInZone + (offerFit ? offerHeight + gap : 0) + (logo ? logoBoxHeight + Math.round(gap * 1.2) : 0);
  let useLogo = Boolean(logo);
  let useOffer = Boolean(offerFit);
  // Tiny canvases: give the headline room before decorations.
  if (zone.height - fixed < hMin * headlineLh * 2 && useLogo) {
    useLogo = false;
    fixed -= logoBoxHeight + Math.round(gap * 1.2);
  }
  if (zone.height - fixed < hMin * headlineLh && useOffer) {
    useOffer = false;
    fixed -= offerHeight + gap;
  }
  const room = zone.height - fixed;

  const headlineReq = (maxHeight: number): FitRequest => ({
    text: copy.headline,
    faces: fonts.headingFaces,
    maxSize: hMax,
    minSize: hMin,
    maxWidth,
    maxLines: 5,
    maxHeight,
    lineHeight: headlineLh,
    letterSpacingEm: fonts.heading === 'Oswald' ? 0 : -0.012,
  });
  const bodyReq = (maxHeight: number, maxSize: number): FitRequest => ({
    text: copy.body,
    faces: fonts.bodyFaces,
    maxSize,
    minSize: bMin,
    maxWidth: Math.min(maxWidth, u * 0.82),
    maxLines: 3,
    maxHeight,
    lineHeight: bodyLh,
    letterSpacingEm: 0,
  });

  let headline: Fitted | undefined;
  let body: Fitted | undefined;
  if (copy.headline) {
    // Pass 1: headline and the whole body, shrinking the headline; at most three lines while
    // the headline is still large, up to five below that.
    const sizes: number[] = [];
    for (let s = hMax; s > hMin; s *= 0.95) sizes.push(s);
    sizes.push(hMin);
    const tiers = [
      { maxLines: 3, floor: hMax * 0.68 },
      { maxLines: 5, floor: hMin },
    ];
    search: for (const tier of tiers) {
      for (const size of sizes) {
        if (size < tier.floor) break;
        const h = fitText(
          { ...headlineReq(room), maxSize: size, minSize: size, maxLines: tier.maxLines },
          true,
        );
        if (!h) continue;
        if (!copy.body) {
          headline = h;
          break search;
        }
        const b = fitText(bodyReq(room - h.height - gap, Math.max(bMin, Math.min(bMax, h.size * 0.5))), true);
        if (b) {
          headline = h;
          body = b;
          break search;
        }
      }
    }
    // Pass 2: the headline as large as it fits alone, the body cut back to what is left.
    if (!headline) {
      headline = fitText(headlineReq(room), false);
      if (copy.body) {
        const left = room - headline.height - gap;
        if (left >= bMin * bodyLh) {
          const b = fitText(bodyReq(left, bMin), false);
          if (b && b.lines.length > 0) body = b;
        }
      }
    }
  } else if (copy.body) {
    body = fitText(bodyReq(room, bMax), false);
  }

  // Stack top-down (stacked) or centred vertically in the column (side).
  const blocks: number[] = [];
  if (useLogo) blocks.push(logoBoxHeight, Math.round(gap * 1.2));
  if (useOffer && offerFit) blocks.push(offerHeight, gap);
  if (headline) blocks.push(headline.height);
  if (body) blocks.push(gap, body.height);
  if (inline) blocks.push(Math.round(gap * 1.4), ctaHeight);
  const total = blocks.reduce((a, b) => a + b, 0);
  let y = side ? zone.y + Math.max(0, Math.round((zone.height - total) / 2)) : zone.y;
  const xFor = (w: number) => (align === 'center' ? zone.x + Math.round((zone.width - w) / 2) : zone.x);

  let logoBox: Box | undefined;
  if (useLogo) {
    logoBox = { x: xFor(logoWidth), y, width: logoWidth, height: logoBoxHeight };
    y += logoBoxHeight + Math.round(gap * 1.2);
  }
  let offer: Plan['offer'];
  if (useOffer && offerFit) {
    const w = Math.round(offerFit.width + 2 * offerPadX);
    offer = { box: { x: xFor(w), y, width: w, height: offerHeight }, label: offerFit };
    y += offerHeight + gap;
  }
  let headlineBox: Plan['headline'];
  if (headline) {
    const h = Math.ceil(headline.height);
    headlineBox = { x: xFor(maxWidth), y, width: maxWidth, height: h, fit: headline };
    y += h;
  }
  let bodyBox: Plan['body'];
  if (body) {
    y += gap;
    const w = Math.min(maxWidth, Math.round(u * 0.82));
    const h = Math.ceil(body.height);
    bodyBox = { x: xFor(w), y, width: w, height: h, fit: body };
    y += h;
  }
  // Inline: right under the copy. Otherwise at the bottom of its own band.
  const ctaY = inline ? y + Math.round(gap * 1.4) : grid.cta.y + grid.cta.height - ctaHeight;
  const ctaBox: Box = { x: xFor(ctaWidth), y: ctaY, width: ctaWidth, height: ctaHeight };
  return {
    logo: logoBox,
    offer,
    headline: headlineBox,
    body: bodyBox,
    cta: { box: ctaBox, label: ctaLabel },
    align,
  };
}

// ---------------------------------------------------------------------------------------------
// Colour: sample the visual under the text, choose a scrim that blends in and reaches 4.5:1.
// ---------------------------------------------------------------------------------------------

const LINEAR = Array.from({ length: 256 }, (_, i) => srgbToLinear(i));

function lum255(r: number, g: number, b: number): number {
  const at = (v: number) => LINEAR[Math.max(0, Math.min(255, Math.round(v)))] ?? 0;
  return 0.2126 * at(r) + 0.7152 * at(g) + 0.0722 * at(b);
}

type Samples = { colors: Rgb[]; mean: Rgb };

const SAMPLE_SCALE = 3;

/** Distinct colours (quantised) of the visual's pixels under the given boxes, at 1/3 scale. */
function sampleUnder(image: RgbaImage, boxes: Box[]): Samples {
  const seen = new Map<number, Rgb>();
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (const box of boxes) {
    const x0 = Math.max(0, Math.floor(box.x / SAMPLE_SCALE));
    const y0 = Math.max(0, Math.floor(box.y / SAMPLE_SCALE));
    const x1 = Math.min(image.width, Math.ceil((box.x + box.width) / SAMPLE_SCALE));
    const y1 = Math.min(image.height, Math.ceil((box.y + box.height) / SAMPLE_SCALE));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = (y * image.width + x) * 4;
        const pr = image.data[i] ?? 0;
        const pg = image.data[i + 1] ?? 0;
        const pb = image.data[i + 2] ?? 0;
        r += pr;
        g += pg;
        b += pb;
        n++;
        const key = ((pr >> 2) << 12) | ((pg >> 2) << 6) | (pb >> 2);
        if (!seen.has(key)) seen.set(key, { r: pr, g: pg, b: pb });
      }
    }
  }
  const mean = n > 0 ? { r: r / n, g: g / n, b: b / n } : { r: 128, g: 128, b: 128 };
  return { colors: [...seen.values()], mean };
}

/** Lowest and highest luminance of the panel seen at `alpha` over each sample. */
function blendedRange(panel: Rgb, alpha: number, samples: Rgb[]): { lo: number; hi: number } {
  let lo = 1;
  let hi = 0;
  for (const s of samples) {
    const l = lum255(
      s.r + (panel.r - s.r) * alpha,
      s.g + (panel.g - s.g) * alpha,
      s.b + (panel.b - s.b) * alpha,
    );
    if (l < lo) lo = l;
    if (l > hi) hi = l;
  }
  return { lo, hi };
}

function worstContrast(text: string, range: { lo: number; hi: number }): number {
  const l = relativeLuminance(text);
  if (l >= range.lo && l <= range.hi) return 1;
  return Math.min(contrastOfLuminances(l, range.lo), contrastOfLuminances(l, range.hi));
}

type ScrimChoice = { color: string; alpha: number; text: string; contrast: number };

const ALPHAS = [0.5, 0.58, 0.66, 0.74, 0.82, 0.88, 0.94, 1];

/**
 * The scrim colour, opacity and text colour. Candidates are the brand's colours and the visual's
 * own tone under the text pushed light or dark; each gets the least opacity at which every
 * sampled pixel, seen through it, reaches 4.5:1 (+ margin) with the brand text colour, else white
 * or black; busy areas get at least enough opacity to calm them. The winner balances low opacity
 * against looking like what is underneath. A fully opaque panel always has an answer, because
 * black or white reaches 4.58:1 on any solid colour.
 */
function chooseScrim(colors: BrandKit['colors'], samples: Samples): ScrimChoice {
  const candidates = [
    colors.background,
    colors.primary,
    colors.secondary,
    darken(colors.primary, 0.55),
    lighten(colors.background, 0.6),
    // The visual's own tone under the text, pushed light or dark: blends in best.
    lighten(samples.mean, 0.6),
    darken(samples.mean, 0.6),
  ];
  const texts = [colors.text, '#FFFFFF', '#000000'];
  // Calm behind the copy: a busy area (bright and dark shapes) gets an opaquer scrim, so what
  // shows through varies by at most ~0.1 in luminance.
  const lums = samples.colors.map((c) => lum255(c.r, c.g, c.b)).sort((a, b) => a - b);
  const spread =
    lums.length > 0
      ? (lums[Math.floor(lums.length * 0.95)] ?? 0) - (lums[Math.floor(lums.length * 0.05)] ?? 0)
      : 0;
  const calmAlpha = spread > 0.1 ? 1 - 0.1 / spread : 0;
  let best: (ScrimChoice & { score: number }) | undefined;
  for (const candidate of candidates) {
    const panel = parseHex(candidate);
    const likeness = distance(candidate, samples.mean) / 441;
    for (const alpha of ALPHAS) {
      if (alpha < calmAlpha && alpha < 0.94) continue;
      const range =
        alpha >= 1
          ? { lo: relativeLuminance(panel), hi: relativeLuminance(panel) }
          : blendedRange(panel, alpha, samples.colors);
      let found: { text: string; contrast: number } | undefined;
      for (const text of texts) {
        const c = worstContrast(text, range);
        if (c >= MIN_CONTRAST + (alpha >= 1 ? 0 : SCRIM_MARGIN)) {
          found = { text, contrast: c };
          break;
        }
      }
      if (!found) continue;
      const score = alpha + likeness + (found.text === colors.text ? 0 : 0.04);
      if (!best || score < best.score) best = { color: candidate, alpha, ...found, score };
      break;
    }
  }
  if (best) return { color: best.color, alpha: best.alpha, text: best.text, contrast: best.contrast };
  // Unreachable in practice (alpha 1 always has an answer), kept for the type checker.
  const text = readableOn(colors.background, colors.text);
  return { color: colors.background, alpha: 1, text, contrast: contrastRatio(text, colors.background) };
}

/** Lowest contrast of `text` over the scrim-covered samples under one box. */
function contrastUnder(text: string, scrim: ScrimChoice, image: RgbaImage, box: Box): number {
  const samples = sampleUnder(image, [box]).colors;
  if (samples.length === 0 || scrim.alpha >= 1) return contrastRatio(text, scrim.color);
  return worstContrast(text, blendedRange(parseHex(scrim.color), scrim.alpha, samples));
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

const round = (v: number) => Math.round(v * 10) / 10;

type SatoriNode = { type: string; props: Record<string, unknown> };

function el(
  type: string,
  style: Record<string, unknown>,
  children?: unknown,
  extra?: Record<string, unknown>,
): SatoriNode {
  return { type, props: { style, ...(children === undefined ? {} : { children }), ...extra } };
}

function textNode(box: TextBox, faces: readonly FontFace[]): SatoriNode {
  const lineHeightPx = box.fontSize * box.lineHeight;
  return el(
    'div',
    {
      position: 'absolute',
      left: box.x,
      top: box.y,
      width: box.width,
      height: box.height,
      display: 'flex',
      flexDirection: 'column',
      overflow: 'hidden',
    },
    box.lines.map((line) =>
      el(
        'div',
        {
          display: 'flex',
          justifyContent: box.align === 'center' ? 'center' : 'flex-start',
          width: box.width,
          height: lineHeightPx,
          lineHeight: box.lineHeight,
          fontFamily: fontFamilyCss(faces),
          fontWeight: box.weight,
          fontSize: box.fontSize,
          letterSpacing: box.letterSpacing,
          color: box.color,
          whiteSpace: 'pre',
        },
        line,
      ),
    ),
  );
}

function toTextBox(
  box: Box,
  fit: Fitted,
  fontFamily: FontFamily,
  weight: number,
  align: 'left' | 'center',
  color: string,
): TextBox {
  return {
    ...box,
    lines: fit.lines,
    fontSize: fit.size,
    lineHeight: fit.lineHeight,
    letterSpacing: fit.letterSpacing,
    font: fontFamily,
    weight,
    align,
    color,
    truncated: fit.truncated,
  };
}

function centredLabel(box: Box, fit: Fitted, fontFamily: FontFamily, color: string): TextBox {
  const height = Math.ceil(fit.height);
  return toTextBox(
    { x: box.x, y: box.y + Math.round((box.height - height) / 2), width: box.width, height },
    fit,
    fontFamily,
    700,
    'center',
    color,
  );
}

/**
 * The chip to put behind a transparent logo, if it would otherwise get lost: when more than a
 * third of its visible pixels are within 2:1 of the panel, a white or near-black chip (whichever
 * leaves more of the logo visible).
 */
function logoChipFor(logo: Logo, panel: Rgb): string | undefined {
  const px = decodeScaled(
    logo.bytes,
    logo.format,
    48,
    Math.max(1, Math.round((48 * logo.height) / logo.width)),
  );
  const panelLum = relativeLuminance(panel);
  let visible = 0;
  let lost = 0;
  let onWhite = 0;
  let onBlack = 0;
  for (let i = 0; i < px.data.length; i += 4) {
    if ((px.data[i + 3] ?? 0) < 128) continue;
    const l = lum255(px.data[i] ?? 0, px.data[i + 1] ?? 0, px.data[i + 2] ?? 0);
    visible++;
    if (contrastOfLuminances(l, panelLum) < 2) lost++;
    if (contrastOfLuminances(l, 1) >= 2) onWhite++;
    if (contrastOfLuminances(l, relativeLuminance('#111111')) >= 2) onBlack++;
  }
  if (visible === 0 || lost / visible <= 1 / 3) return undefined;
  return onWhite >= onBlack ? '#FFFFFF' : '#111111';
}

/**
 * Lays the copy, CTA and logo over the visual and renders the creative at exactly
 * width × height:
 * 1. grid for the size and placement (safe zones, text zone, hero, CTA band);
 * 2. fit the text (wrap, shrink, clamp) with the brand fonts and position every box;
 * 3. sample the visual under the text and choose the scrim colour/opacity and text colours so
 *    every text reaches 4.5:1; CTA label and offer label likewise against their fills;
 * 4. draw: visual (cover-scaled), scrim, pill and button shapes, then satori's text and logo;
 *    rasterise with resvg.
 */
export async function composeCreative(input: ComposeInput): Promise<ComposedCreative> {
  const width = Math.round(input.width);
  const height = Math.round(input.height);
  if (!(width > 0 && height > 0 && width <= 4096 && height <= 4096)) {
    throw new RangeError(`composeCreative: bad size ${input.width}×${input.height}`);
  }
  const colors = normalizePalette(input.brand.colors);
  const copy: Required<CreativeCopy> = {
    headline: clean(input.copy.headline),
    body: clean(input.copy.body),
    offer: clean(input.copy.offer),
    cta: clean(input.copy.cta) || 'Learn more',
  };
  const headingFamily = family(input.brand.fonts.heading);
  const bodyFamily = family(input.brand.fonts.body);
  const headingText = `${copy.headline}${copy.offer.toLocaleUpperCase()}`;
  const fonts: Fonts = {
    heading: headingFamily,
    body: bodyFamily,
    headingFaces: facesFor(headingFamily, 700, headingText),
    bodyFaces: facesFor(bodyFamily, 400, copy.body),
    ctaFaces: facesFor(bodyFamily, 700, copy.cta),
  };
  const logo = readLogo(input.logo);
  const grid = creativeGrid(width, height, input.placement);
  const plan = planLayout(grid, width, height, copy, fonts, logo);

  // The visual at 1/3 scale, for sampling what is under the text.
  const visualInfo = imageInfo(input.visual.png);
  if (visualInfo?.format !== 'png' && visualInfo?.format !== 'jpeg') {
    throw new PermanentImageError(
      'invalid_visual',
      `The ${input.visual.model} visual is not a PNG or JPEG image.`,
    );
  }
  const visualFormat: ImageFormat = visualInfo.format;
  const small = decodeScaled(
    input.visual.png,
    visualFormat,
    Math.max(1, Math.round(width / SAMPLE_SCALE)),
    Math.max(1, Math.round(height / SAMPLE_SCALE)),
    'cover',
  );

  const textBoxes = [plan.logo, plan.offer?.box, plan.headline, plan.body].filter((b): b is Box =>
    Boolean(b),
  );
  const pad = Math.round(Math.min(width, height) * 0.03);
  const textBottom = Math.max(...textBoxes.map((b) => b.y + b.height), grid.text.y);
  const textRight = Math.max(...textBoxes.map((b) => b.x + b.width), plan.cta.box.x + plan.cta.box.width);
  const side = grid.orientation === 'side';
  const solid: Box = side
    ? { x: 0, y: 0, width: Math.min(width, textRight + pad), height }
    : { x: 0, y: 0, width, height: Math.min(height, textBottom + pad) };
  const fade: Box = side
    ? { x: solid.width, y: 0, width: Math.round(width * 0.2), height }
    : { x: 0, y: solid.height, width, height: Math.round(height * 0.12) };
  const underText = [plan.headline, plan.body].filter((b): b is Box & { fit: Fitted } => Boolean(b));
  const scrim = chooseScrim(colors, sampleUnder(small, underText.length > 0 ? underText : [solid]));
  const panelSeen =
    scrim.alpha >= 1
      ? parseHex(scrim.color)
      : parseHex(mix(sampleUnder(small, [solid]).mean, scrim.color, scrim.alpha));

  // CTA: accent, unless it disappears into its surroundings (then primary, or the panel's text colour).
  const around = sampleUnder(small, [plan.cta.box]).mean;
  const ctaSurround = grid.ctaInline ? panelSeen : around;
  const ctaOptions = [colors.accent, colors.primary, scrim.text];
  const ctaFill =
    ctaOptions.find((c) => contrastRatio(c, ctaSurround) >= 1.6 && distance(c, ctaSurround) > 60) ??
    colors.accent;
  const ctaText = readableOn(ctaFill, colors.text);

  // Offer: a tint of the accent on the panel, label in accent or the readable text colour.
  const offerFill = mix(toHex(panelSeen), colors.accent, relativeLuminance(panelSeen) > 0.4 ? 0.16 : 0.3);
  const offerText =
    contrastRatio(colors.accent, offerFill) >= MIN_CONTRAST
      ? colors.accent
      : readableOn(offerFill, colors.text);

  const headline = plan.headline
    ? toTextBox(plan.headline, plan.headline.fit, headingFamily, 700, plan.align, scrim.text)
    : undefined;
  const body = plan.body
    ? toTextBox(plan.body, plan.body.fit, bodyFamily, 400, plan.align, scrim.text)
    : undefined;
  const ctaLabel = centredLabel(plan.cta.box, plan.cta.label, bodyFamily, ctaText);
  const offerLabel = plan.offer
    ? centredLabel(plan.offer.box, plan.offer.label, headingFamily, offerText)
    : undefined;

  const logoChip = plan.logo && logo?.hasAlpha ? logoChipFor(logo, panelSeen) : undefined;

  const layout: CreativeLayout = {
    width,
    height,
    grid,
    scrim: { solid, fade, color: scrim.color, alpha: scrim.alpha },
    logo: plan.logo ? { ...plan.logo, chip: logoChip } : undefined,
    offer: plan.offer && offerLabel ? { box: plan.offer.box, fill: offerFill, label: offerLabel } : undefined,
    headline,
    body,
    cta: { box: plan.cta.box, fill: ctaFill, label: ctaLabel },
    contrast: {
      headline: headline ? contrastUnder(headline.color, scrim, small, headline) : undefined,
      body: body ? contrastUnder(body.color, scrim, small, body) : undefined,
      offer: offerLabel ? contrastRatio(offerLabel.color, offerFill) : undefined,
      cta: contrastRatio(ctaLabel.color, ctaFill),
    },
  };

  const svg = await renderSvg(input.visual.png, visualFormat, layout, fonts, logo);
  const png = await rasterizeAsync(svg);
  return { png, width, height, layout };
}

async function renderSvg(
  visual: Buffer,
  format: ImageFormat,
  layout: CreativeLayout,
  fonts: Fonts,
  logo: Logo | undefined,
): Promise<string> {
  const { width, height, scrim } = layout;
  const u = Math.min(width, height);
  const defs: string[] = [];
  const shapes: string[] = [];

  // Scrim: solid part, then a fade to nothing (eased with extra stops so no band is visible).
  const side = layout.grid.orientation === 'side';
  const stops = [0, 0.2, 0.45, 0.7, 1]
    .map(
      (t) =>
        `<stop offset="${t}" stop-color="${scrim.color}" stop-opacity="${Math.round(scrim.alpha * (1 - t) ** 1.6 * 100) / 100}"/>`,
    )
    .join('');
  defs.push(
    `<linearGradient id="scrimFade" x1="0" y1="0" x2="${side ? 1 : 0}" y2="${side ? 0 : 1}">${stops}</linearGradient>`,
  );
  shapes.push(
    `<rect x="${scrim.solid.x}" y="${scrim.solid.y}" width="${scrim.solid.width}" height="${scrim.solid.height}" fill="${scrim.color}" fill-opacity="${scrim.alpha}"/>`,
    `<rect x="${scrim.fade.x}" y="${scrim.fade.y}" width="${scrim.fade.width}" height="${scrim.fade.height}" fill="url(#scrimFade)"/>`,
  );
  if (layout.offer) {
    const b = layout.offer.box;
    const radius = layout.offer.label.lines.length > 1 ? Math.round(b.height * 0.25) : b.height / 2;
    shapes.push(
      `<rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" rx="${radius}" fill="${layout.offer.fill}"/>`,
    );
  }
  // The button's soft shadow, blurred inside a tight filter region (cheap).
  const c = layout.cta.box;
  const blur = round(u * 0.01);
  defs.push(
    `<filter id="lift" filterUnits="userSpaceOnUse" x="${round(c.x - 4 * blur)}" y="${round(c.y - 2 * blur)}" width="${round(c.width + 8 * blur)}" height="${round(c.height + 6 * blur)}"><feGaussianBlur stdDeviation="${blur}"/></filter>`,
  );
  shapes.push(
    `<rect x="${c.x}" y="${round(c.y + u * 0.008)}" width="${c.width}" height="${c.height}" rx="${c.height / 2}" fill="#000000" fill-opacity="0.22" filter="url(#lift)"/>`,
  );
  shapes.push(
    `<rect x="${c.x}" y="${c.y}" width="${c.width}" height="${c.height}" rx="${c.height / 2}" fill="${layout.cta.fill}"/>`,
  );
  if (layout.logo?.chip) {
    const l = layout.logo;
    const p = Math.round(l.height * 0.3);
    shapes.push(
      `<rect x="${l.x - p}" y="${l.y - p}" width="${l.width + 2 * p}" height="${l.height + 2 * p}" rx="${p * 1.4}" fill="${l.chip}" fill-opacity="0.92"/>`,
    );
  }

  const children: SatoriNode[] = [];
  if (layout.logo && logo) {
    children.push(
      el(
        'img',
        {
          position: 'absolute',
          left: layout.logo.x,
          top: layout.logo.y,
          width: layout.logo.width,
          height: layout.logo.height,
        },
        undefined,
        {
          src: dataUrl(logo.bytes, logo.format),
          width: layout.logo.width,
          height: layout.logo.height,
        },
      ),
    );
  }
  if (layout.offer) children.push(textNode(layout.offer.label, fonts.headingFaces));
  if (layout.headline) children.push(textNode(layout.headline, fonts.headingFaces));
  if (layout.body) children.push(textNode(layout.body, fonts.bodyFaces));
  children.push(textNode(layout.cta.label, fonts.ctaFaces));

  const overlay = await satori(
    el('div', { width, height, display: 'flex', position: 'relative' }, children) as never,
    { width, height, fonts: satoriFonts([...fonts.headingFaces, ...fonts.bodyFaces, ...fonts.ctaFaces]) },
  );

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${defs.join('')}</defs>` +
    `<image href="${dataUrl(visual, format)}" x="0" y="0" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"/>` +
    shapes.join('') +
    overlay +
    '</svg>'
  );
}
