import type { FontFamily } from '../fonts.ts';
import type { CleanCopy } from './copy.ts';
import { facesFor } from './fonts.ts';

/**
 * What reaches satori is only what some face can draw: for a character no face has, satori draws
 * the .notdef box, and a creative with a box in its headline cannot ship. The brand family and
 * the symbol fallback (fonts.ts) cover arrows, check marks, stars, dingbats and many
 * pictographs; what is left of a brief's emoji is handled here:
 * - characters that only choose how an emoji looks or joins (variation selectors, the zero-width
 *   joiner and the other default-ignorables, skin-tone modifiers, the keycap mark) are taken out:
 *   the fallback draws the text form, in the brand's colour, and "1️⃣" reads as "1";
 * - a grapheme (a pictograph with its joiners, a flag) any part of which no face draws is taken
 *   out whole, since half a sequence says something else, and reported;
 * - a letter or digit no face draws makes the whole text unprintable: taking it out would print
 *   a misspelt word, so the candidate is dropped as one the copy policy refuses is.
 */

const PRESENTATION = /\p{Default_Ignorable_Code_Point}|\p{Emoji_Modifier}|\u20E3/gu;
const graphemes = new Intl.Segmenter('und', { granularity: 'grapheme' });
/** Stands for a taken-out grapheme until the spaces around it are tidied (a noncharacter). */
const GAP = '\uFFFF';
const GAPS = new RegExp(`(\\s*)${GAP}+(\\s*)(?=(\\p{P})?)`, 'gu');

export type PrintableText = {
  text: string;
  /** Graphemes taken out because no face draws them. */
  dropped: string[];
  /** False when a letter or digit was among them: the text would print misspelt. */
  ok: boolean;
};

/** `text` as the faces of every one of `families` can draw it (NFC, so accents compose). */
export function printableText(text: string, families: readonly FontFamily[]): PrintableText {
  const nfc = text.normalize('NFC');
  const faceSets = families.map((f) => facesFor(f, 400, nfc));
  const drawn = (ch: string) => {
    const cp = ch.codePointAt(0) ?? 0;
    return /\s/u.test(ch) || faceSets.every((faces) => faces.some((f) => f.metrics.advances.has(cp)));
  };
  let out = '';
  const dropped: string[] = [];
  let ok = true;
  for (const { segment } of graphemes.segment(nfc)) {
    const kept = segment.replace(PRESENTATION, '');
    if ([...kept].every(drawn)) {
      out += kept;
      continue;
    }
    dropped.push(segment);
    if (/[\p{L}\p{N}]/u.test(kept)) ok = false;
    out += GAP;
  }
  return { text: dropped.length > 0 ? closeGaps(out) : out, dropped, ok };
}

/**
 * One space where a grapheme between two words was taken out, none before punctuation or at
 * either end ("Hola 👋!" → "Hola!", "★ Top" → "Top"), and a space before "!" kept where the text
 * had one on both sides (French "Bonjour 👋 !" → "Bonjour !").
 */
function closeGaps(text: string): string {
  return text
    .replace(GAPS, (_m, before: string, after: string, punct?: string) => {
      if (before && after) return ' ';
      if (punct) return '';
      return before || after;
    })
    .trim();
}

/**
 * The copy with every candidate printable in the brand's fonts: heading and body family both,
 * since an offer or a body may be set in either. A candidate that cannot be printed without
 * misspelling is dropped whole (with the policy's drops); `glyphs` lists what was taken out.
 */
export function printableCopy(
  copy: CleanCopy,
  families: readonly FontFamily[],
): CleanCopy & { glyphs: string[] } {
  const glyphs = new Set<string>();
  const dropped = [...copy.dropped];
  const fix = (text: string): string | undefined => {
    const p = printableText(text, families);
    if (!(p.ok && p.text)) {
      dropped.push(text);
      return undefined;
    }
    for (const g of p.dropped) glyphs.add(g);
    return p.text;
  };
  const list = (texts: readonly string[]) => [
    ...new Set(texts.map(fix).filter((t): t is string => t !== undefined)),
  ];
  return {
    headlines: list(copy.headlines),
    bodies: list(copy.bodies),
    offer: copy.offer ? fix(copy.offer) : undefined,
    cta: copy.cta ? (fix(copy.cta) ?? '') : '',
    dropped,
    glyphs: [...glyphs],
  };
}
