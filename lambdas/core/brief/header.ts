/** The opening line of a brief: where the business's name ends and which items name its place. */
import { usualSenses } from '../lexicon/wordnet.ts';
import type { Nlp } from '../text/nlp.ts';
import { type Piece, piece } from './fields.ts';
import {
  DISCOURSE_OPENER,
  LEADING_NAME,
  LOCATION_CUE,
  NAME_CONTINUATION,
  TOWN_AND_STATE,
} from './patterns/layout.ts';
import type { Language } from './patterns/types.ts';

/** A header item this short, without figures, can be a place whole. */
const MAX_PLACE_WORDS = 4;

/**
 * How much of `text`'s start is the business's name: the client's name, or its first words
 * ("Acme is…" for "Acme Insurance"), capitalised as a name is. 0 when it does not start so.
 */
export function nameLength(clientName: string, text: string): number {
  const words = clientName.trim().split(/\s+/).filter(Boolean);
  const spelled = spelledOut(words, text);
  if (spelled > 0) return spelled;
  for (let n = words.length; n >= 1; n--) {
    const prefix = words.slice(0, n).join(' ');
    if (!/^\p{Lu}/u.test(prefix)) continue;
    // A header in capitals ("ACME TILES (Dover)") writes the name in capitals too, and notes
    // typed in lower case in lower case ("harbour yoga, portsmouth").
    const written = text.slice(0, prefix.length);
    const same =
      written === prefix ||
      (written === prefix.toUpperCase() && written !== written.toLowerCase()) ||
      (written === prefix.toLowerCase() && written !== written.toUpperCase());
    if (!same || /^[\p{L}\d]/u.test(text.slice(prefix.length))) continue;
    // The header may write more of the name than the client field ("Acme Plumbing & Heating"),
    // or the rest of it by its initials ("Acme GC" for "Acme Golf Club").
    const more = n === words.length ? NAME_CONTINUATION.re.exec(text.slice(prefix.length)) : null;
    const initials = words
      .slice(n)
      .map((w) => w[0] ?? '')
      .join('');
    const after = text.slice(prefix.length);
    // (Capital letters only: a name's "(UK)" or "+" gives no initials.)
    const abbreviated =
      /^\p{Lu}{2,}$/u.test(initials) &&
      after.startsWith(` ${initials}`) &&
      !/^\p{L}/u.test(after.slice(initials.length + 1))
        ? initials.length + 1
        : 0;
    return prefix.length + (more?.[0].length ?? abbreviated);
  }
  return 0;
}

/**
 * A later header item that opens with a name of one to three words (and its bracket): a place;
 * the whole item when it is short, has no figure and (in English) names a place ("Springfield + Shelbyville").
 */
export function leadingPlace(
  summary: string,
  nlp: Nlp | undefined,
  p: Piece,
  index: number,
): Piece | undefined {
  // Capitals in a header written in capitals say nothing of a name ("MAISON X — TRAITEUR (LILLE)").
  const m = index === 0 || p.text === p.text.toUpperCase() ? null : LEADING_NAME.re.exec(p.text);
  if (!m) return undefined;
  // An acronym ("GCSE and A-level") is a place only where the NLP library knows it ("UK").
  if (/^\p{Lu}{2,5}\b/u.test(m[0]) && nlp && !nlp(m[0]).has('#Place')) return undefined;
  // "Greek taverna in Brighton" names a trade and its place: only the place after "in" is one.
  if ((LOCATION_CUE.re.exec(p.text)?.index ?? 0) > 0) return undefined;
  const whole = !/\d/.test(p.text) && words(p.text) <= MAX_PLACE_WORDS && (!nlp || nlp(p.text).has('#Place'));
  return piece(summary, p.start, p.start + (whole ? p.text.length : m[0].length));
}

/** A header item is the place when the place is most of it, or all but a word or two ("base en X"). */
export function isMostlyPlace(part: Piece, place: Piece): boolean {
  const around = words(part.text) - words(place.text);
  return place.text.length >= part.text.length * 0.5 || (around <= 2 && !/\d/.test(part.text));
}

const words = (text: string): number => text.split(/\s+/).filter(Boolean).length;

export function startsWithFigure(text: string): boolean {
  return /^[^\p{L}]*\d/u.test(text);
}

/**
 * "Yoga Lumière, Bordeaux (Chartrons)": a capitalised item right after the name, before any
 * product, is the place (in English, only one the NLP library knows as a place: "Acme — Private
 * Pilot License program" names the product; never in German).
 */
export function placeAfterName(
  reader: { language: Language; nlp: Nlp | undefined; clientName: string },
  parts: readonly Piece[],
  i: number,
): boolean {
  const previous = parts[i - 1];
  const part = parts[i];
  const named = previous?.text.replace(DISCOURSE_OPENER.re, '') ?? '';
  if (!part || nameLength(reader.clientName, named) === 0) return false;
  // German capitalises every noun: a capitalised item there is as often the trade ("Bäder,
  // Heizung"); only a single word that ends the header is the place ("Acme Fliesen, Kiel").
  // "Acme Lawn Care — Columbus, OH": an item before a two-letter state or province code is the town.
  if (isStateCode(parts[i + 1]?.text ?? '') && /^\p{Lu}/u.test(part.text)) return true;
  // …or with the code and no comma ("Acme Kayaks, Charleston SC").
  if (TOWN_AND_STATE.re.test(part.text)) return true;
  const lastWord = i === parts.length - 1 && !/\s/u.test(part.text);
  if (reader.language === 'de') return lastWord;
  // A town the NLP library does not know ("Acme Café, Wexbury"): one word ending the header
  // that is no word of the language.
  // So is a town WordNet knows only by name ("Acme Nails, Camden": a city's instance).
  if (lastWord && /^\p{Lu}\p{Ll}+$/u.test(part.text) && usualSenses(part.text.toLowerCase()).length === 0)
    return true;
  return !reader.nlp || reader.nlp(part.text).has('#Place');
}

/** "Os paso lo de Acme 🍦 (Madrid, Malasaña)": a capitalised bracket right after the name, wherever the name is. */
export function bracketPlace(summary: string, p: Piece, clientName: string): Piece | undefined {
  const name = clientName.trim();
  const at = name ? p.text.toLowerCase().indexOf(name.toLowerCase()) : -1;
  if (at < 0) return undefined;
  const after = p.text.slice(at + name.length);
  const m = /^(?:\s|\p{Extended_Pictographic}|\uFE0F)*\(([^)\d]{2,80})\)/u.exec(after);
  if (!m?.[1] || !/^\p{Lu}/u.test(m[1])) return undefined;
  const start = p.start + at + name.length + m[0].length - m[1].length - 1;
  return piece(summary, start, start + m[1].length);
}

/** A name word this long may be the short form of the header's word ("Immo" of "Immobilière"). */
const MIN_SHORT_FORM = 3;

/**
 * The whole name, one of whose words the header spells out ("Agence Immobilière Duval" for the
 * client "Agence Immo Duval"): every word in order, each the header's word or its start.
 */
function spelledOut(words: readonly string[], text: string): number {
  if (words.length < 2) return 0;
  const written = [...text.matchAll(/[\p{L}\d&'’.-]+/gu)].slice(0, words.length);
  if (written.length < words.length || (written[0]?.index ?? -1) !== 0) return 0;
  let shortened = false;
  for (const [i, w] of words.entries()) {
    const h = written[i]?.[0] ?? '';
    if (h === w) continue;
    if (w.length < MIN_SHORT_FORM || !h.startsWith(w)) return 0;
    shortened = true;
  }
  const last = written[words.length - 1];
  // Only a gap of spaces between the words: "Acme, Immo" is two header items, not one name.
  const end = (last?.index ?? 0) + (last?.[0].length ?? 0);
  return shortened && !/[^\s\p{L}\d&'’.-]/u.test(text.slice(0, end)) ? end : 0;
}

/** A town and its district's number ("Acmeville 3e", "Acmeville 1º"): a place, though it has a figure. */
export function isDistrict(text: string): boolean {
  return /^\p{Lu}[\p{L}-]+ \d{1,2}(?:e|er|ème|º|ª|st|nd|rd|th)?$/u.test(text);
}

/** A two-letter state or province code ("OH", "CO") after a town in a header. */
export function isStateCode(text: string): boolean {
  return /^\p{Lu}{2}$/u.test(text);
}
