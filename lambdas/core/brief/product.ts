import type { Nlp } from '../text/nlp.ts';
import { type Piece, piece } from './fields.ts';
import { COORDINATED } from './patterns/layout.ts';
import {
  OWN_NEW,
  PLACE_OPENING,
  PRODUCT_CONTINUATION,
  PRODUCT_END,
  PRODUCT_END_PLACE,
  PRODUCT_LEAD,
  PRODUCT_REST,
} from './patterns/product.ts';
import { cueRole } from './roles.ts';

/**
 * The product phrase of a brief: what is sold, read from the opening, a "Product:" label or the
 * brief's own "our new …". Where it starts (after the name's verb, the copula and the article)
 * and where it ends (a preposition, a comma after a noun, a participle, "à" and a place).
 */

/** The summary and, in English, the NLP library that reads it. */
export type Reader = { summary: string; nlp: Nlp | undefined };

/** "… our new oat stout, out in June": the product of a brief whose opening names none. */
export function ownNewProduct(summary: string): Piece | undefined {
  const found = OWN_NEW.re.exec(summary);
  if (!found) return undefined;
  const start = found.index + found[0].length;
  const rest = summary.slice(start);
  const end = PRODUCT_END.re.exec(rest);
  const cut = end ? end.index : rest.length;
  return cut > 2 && cut <= 60 ? piece(summary, start, start + cut) : undefined;
}

/** The product phrase of a piece: after the copula and article, up to where the phrase ends. */
export function productOf(reader: Reader, p: Piece, afterName = false, pluralName = false): Piece {
  const { summary, nlp } = reader;
  let text = p.text;
  let start = p.start;
  if (nlp && afterName) {
    // "… sells garden sheds": the verb after the name is not part of what is sold. Read with a
    // subject, as the brief wrote it ("runs" alone is a plural noun), and one verb only ("sells
    // garden", the tagger's, would leave "sheds").
    const verb = leadingVerb(nlp, text, pluralName);
    if (verb) {
      start += verb;
      text = summary.slice(start, p.end);
    }
  }
  const lead = PRODUCT_LEAD.re.exec(text)?.[0].length ?? 0;
  start += lead;
  text = summary.slice(start, p.end);
  // "Acme cares for 1,200 people a year": after the verb, a preposition begins no product.
  if (PRODUCT_END.re.exec(` ${text}`)?.index === 0 || PLACE_OPENING.re.test(text))
    return piece(summary, start, start);
  return piece(summary, start, start + productEnd(reader, text));
}

/** The length of the adverbs and the one finite verb that open `text` after a name ("proudly makes "), or 0. */
function leadingVerb(nlp: Nlp, text: string, pluralName: boolean): number {
  // A plural name takes a verb without -s ("Acme Driveways lay block paving").
  const terms: Array<{ text: string; tags: string[]; post?: string }> =
    nlp(`${pluralName ? 'They' : 'It'} ${text}`)
      .json()[0]
      ?.terms?.slice(1) ?? [];
  let length = 0;
  // Where the last verb ends (0 before any): a conjunction after it with no verb following is the product's.
  let verbLength = 0;
  let joined = false;
  for (const t of terms) {
    const tags = new Set(t.tags);
    const written = `${t.text}${t.post ?? ''}`;
    // Adverbs, and a conjunction between two verbs ("designs and builds gardens").
    if (tags.has('Adverb') || (verbLength > 0 && tags.has('Conjunction'))) {
      length += written.length;
      joined = tags.has('Conjunction');
      continue;
    }
    // (After "They" the tagger calls a present verb an infinitive too: "lay".)
    const infinitive = tags.has('Infinitive') && !(pluralName && tags.has('PresentTense'));
    const finite = tags.has('Verb') && !infinitive && !['Gerund', 'Copula', 'Modal'].some((x) => tags.has(x));
    // A second verb only after "and" ("designs and builds"): "runs gardens" has one.
    const inflected = pluralName || /(?:s|ed)$/u.test(t.text);
    if (!finite || !inflected || (verbLength > 0 && !joined)) return verbLength;
    joined = false;
    length += written.length;
    verbLength = length;
  }
  return verbLength;
}

/** Where the product phrase of `text` ends: not at a comma between its adjectives ("fresh, gently cooked dog food"). */
function productEnd(reader: Reader, text: string): number {
  const place = PRODUCT_END_PLACE.re.exec(text);
  const end = phraseEnd(reader, text);
  return place ? Math.min(place.index, end) : end;
}

function phraseEnd(reader: Reader, text: string): number {
  let from = 0;
  for (;;) {
    const end = PRODUCT_END.re.exec(text.slice(from));
    if (!end) return participle(reader, text, text.length);
    const cut = from + end.index;
    if (cut <= 2) return participle(reader, text, text.length);
    const comma = end[0] === ',';
    if (!(comma && reader.nlp && !reader.nlp(text.slice(0, cut)).has('#Noun')))
      return participle(reader, text, cut);
    from = cut + 1;
  }
}

/** A past participle after the product's noun starts what is said of it ("dog food delivered frozen"). */
function participle(reader: Reader, text: string, cut: number): number {
  const head = text.slice(0, cut);
  const verb = reader.nlp?.(head).match('#Noun [#PastTense]', 0).text();
  const at = verb ? head.search(new RegExp(`\\s${verb}\\b`, 'u')) : -1;
  return at > 0 ? at : cut;
}

/** An item after the product this short ("4 sizes") reads as a claim only with the product. */
const SHORT_ITEM = 3;

/**
 * The claim a labelled product line makes after its product phrase, if any: "Service: house
 * removals, with packing included" → "with packing included"; "Produkt: Acme box – 12 bottles a
 * month, from €34.90" → the whole line (a figure is never cut); "Brillen und Kontaktlinsen,
 * Sehtest kostenlos" → the item after the comma, or the whole line when that item is short or
 * begins a series ("buffets, cocktails et repas assis pour …"). What only goes on naming or
 * placing the product ("…, plus general pest control") is no claim.
 */
export function claimAfterProduct(summary: string, line: Piece, product: Piece): Piece | undefined {
  const rest = piece(summary, product.end, line.end);
  if (PRODUCT_REST.re.test(rest.text)) return rest;
  if (/\d/u.test(rest.text) && cueRole(rest.text)) return line;
  const listed = /^\s*[,;]/u.test(summary.slice(product.end, line.end));
  if (!listed || !/\p{L}/u.test(rest.text) || PRODUCT_CONTINUATION.re.test(rest.text)) return undefined;
  const short = rest.text.split(/\s+/u).filter(Boolean).length <= SHORT_ITEM;
  return COORDINATED.re.test(rest.text) || short ? line : rest;
}
