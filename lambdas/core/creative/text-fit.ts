import { type FontFace, measureText } from './fonts.ts';

/**
 * Text fitting that never breaks a word and never cuts: a text either fits its box at a size at
 * or above its floor, whole, or the caller is told it does not (and tries shorter copy or another
 * layout).
 */

/** Measured widths are within ~1 % of satori's (it kerns; we do not): leave that much room. */
const WIDTH_SAFETY = 1.015;

export type TextFont = { faces: readonly FontFace[]; size: number; letterSpacing: number };

export function lineWidth(text: string, font: TextFont): number {
  return measureText(text, font) * WIDTH_SAFETY + 1;
}

/**
 * Where a line may break: any white space but a no-break one. French sets a narrow no-break space
 * before ":", "?" and inside "18 000", and the locale's number format puts one in "4 000 €": a
 * line never starts with the colon or splits the number.
 */
const BREAK = /[^\S\u00A0\u2007\u202F]+/u;

/** Greedy word wrap at `maxWidth`; undefined when a single word is wider than the line. */
export function wrapWords(text: string, font: TextFont, maxWidth: number): string[] | undefined {
  // A group of three digits after a number is the number's ("4 000"), written with any space.
  const words = text
    .split(BREAK)
    .filter(Boolean)
    .reduce<string[]>((out, w) => {
      const last = out.at(-1);
      if (last && /\d$/u.test(last) && /^\d{3}(?!\d)/u.test(w)) out[out.length - 1] = `${last} ${w}`;
      else out.push(w);
      return out;
    }, []);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (lineWidth(candidate, font) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (lineWidth(word, font) > maxWidth) return undefined;
    if (line) lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * As few lines as the greedy wrap, of even length (CSS `text-wrap: balance`): the narrowest width
 * that needs no more lines, so no last line holds an orphaned word.
 */
export function wrapBalanced(text: string, font: TextFont, maxWidth: number): string[] | undefined {
  const greedy = wrapWords(text, font, maxWidth);
  if (!greedy || greedy.length < 2) return greedy;
  let lo = maxWidth * 0.4;
  let hi = maxWidth;
  let best = greedy;
  for (let i = 0; i < 8; i++) {
    const mid = (lo + hi) / 2;
    const attempt = wrapWords(text, font, mid);
    if (attempt && attempt.length <= greedy.length) {
      best = attempt;
      hi = mid;
    } else lo = mid;
  }
  return best;
}

export type FitRequest = {
  text: string;
  faces: readonly FontFace[];
  maxSize: number;
  minSize: number;
  maxWidth: number;
  maxLines: number;
  maxHeight: number;
  lineHeight: number;
  letterSpacingEm?: number | undefined;
  /** Balanced lines for headlines; greedy for labels. */
  balance?: boolean | undefined;
};

export type Fitted = {
  text: string;
  lines: string[];
  size: number;
  lineHeight: number;
  /** px after every character. */
  letterSpacing: number;
  height: number;
  /** Width of the widest line. */
  width: number;
};

/** Largest size in [minSize, maxSize] at which the whole text fits; undefined when none does. */
export function fitText(req: FitRequest): Fitted | undefined {
  if (!req.text.trim()) return undefined;
  const sizes: number[] = [];
  for (let s = req.maxSize; s > req.minSize; s *= 0.94) sizes.push(Math.round(s * 2) / 2);
  sizes.push(req.minSize);
  for (const size of sizes) {
    const font: TextFont = { faces: req.faces, size, letterSpacing: (req.letterSpacingEm ?? 0) * size };
    const lines =
      req.balance === false
        ? wrapWords(req.text, font, req.maxWidth)
        : wrapBalanced(req.text, font, req.maxWidth);
    if (!lines) continue;
    const height = lines.length * size * req.lineHeight;
    if (lines.length > req.maxLines || height > req.maxHeight) continue;
    return {
      text: req.text,
      lines,
      size,
      lineHeight: req.lineHeight,
      letterSpacing: font.letterSpacing,
      height,
      width: Math.min(req.maxWidth, Math.max(...lines.map((l) => lineWidth(l, font)))),
    };
  }
  return undefined;
}

/**
 * A badge's capitals, a number's own ending kept as written: "10 % off for over-65s" →
 * "10 % OFF FOR OVER-65s", "2nd" and "30ml" stay; "65S" would read as another code.
 */
export function badgeCase(text: string): string {
  return text
    .split(/(\d\p{Ll}{1,3}(?!\p{L}))/u)
    .map((part, i) => (i % 2 === 1 ? part : part.toLocaleUpperCase()))
    .join('');
}
