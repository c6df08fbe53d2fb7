import { offsetsOf } from '../lexicon/wordnet.ts';
import type { Nlp } from '../text/nlp.ts';
import { directionAt } from './direction.ts';
import type { Segment } from './lines.ts';
import {
  AUDIENCE_CUE,
  AVOID_CUE,
  META_CUE,
  MUST_SAY,
  NOTE_CUE,
  PRONOUN_ONLY,
  TONE_CUE,
} from './patterns/cues.ts';
import {
  BACK_REFERENCE,
  CLAUSE_LEAD,
  CLAUSE_SEPARATOR,
  DASH_TAIL,
  LOCATION_CUE,
  SPACED_DASH,
} from './patterns/layout.ts';
import { ELLIPTICAL_REPLY } from './patterns/replies.ts';
import { cueRole } from './roles.ts';

/** A piece of the summary with its position. */
export type Piece = { text: string; start: number; end: number };

/** Emoji at either end of a piece decorate it ("… depuis 2015 🌸", "👓 (Toledo)"): never part of the claim. */
const EDGE_EMOJI =
  /^(?:\s|\p{Extended_Pictographic}|\uFE0F|\u200D)+|(?:\s|\p{Extended_Pictographic}|\uFE0F|\u200D)+$/gu;

export function piece(summary: string, start: number, end: number): Piece {
  let s = start;
  let e = end;
  for (const m of summary.slice(s, e).matchAll(EDGE_EMOJI)) {
    if ((m.index ?? 0) === 0) s += m[0].length;
    else e -= m[0].length;
  }
  // A minus before a figure is the figure's sign ("-20 %", "–30% off"), not a dash.
  while (s < e && /[\s,;:(—–-]/u.test(summary[s] ?? '') && !/^[—–-]\d/u.test(summary.slice(s, s + 2))) s++;
  while (e > s && /[\s,;:.—–-]/u.test(summary[e - 1] ?? '')) e--;
  // An unmatched bracket at either end is punctuation, not part of the claim.
  const t = summary.slice(s, e);
  if (t.endsWith(')') && !t.includes('(')) e--;
  if (t.startsWith('(') && !t.includes(')')) s++;
  return { text: summary.slice(s, e), start: s, end: e };
}

/** Items of distinct spans, the first of each kept (a piece read twice is one fact). */
export function uniqueSpans<T extends { piece: Piece }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((f) => {
    const key = `${f.piece.start}:${f.piece.end}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Splits a piece at every match of `re` (its global form), keeping spans. */
export function splitPiece(summary: string, p: Piece, re: RegExp): Piece[] {
  const global = new RegExp(re.source, `${re.flags.replace('g', '')}g`);
  const out: Piece[] = [];
  let from = 0;
  const text = p.text;
  const cuts = [...text.matchAll(global)].filter((m) => !insideBrackets(text, m.index ?? 0));
  for (const m of cuts) {
    out.push(piece(summary, p.start + from, p.start + (m.index ?? 0)));
    from = (m.index ?? 0) + m[0].length;
  }
  out.push(piece(summary, p.start + from, p.end));
  return out.filter((x) => x.text.length > 0);
}

/**
 * A sentence's clauses (CLAUSE_SEPARATOR); what a dash leaves that only qualifies the claim before
 * it (DASH_TAIL: "… (worth £95) – Jan/Feb only"), or that answers it ("… won't work here — it
 * does, …"), stays with that claim.
 */
export function clausesOf(summary: string, p: Piece): Piece[] {
  const out: Piece[] = [];
  for (const clause of splitPiece(summary, p, CLAUSE_SEPARATOR.re)) {
    const before = out.at(-1);
    const gap = before ? summary.slice(before.end, clause.start) : '';
    if (before && /[—–]/u.test(gap) && !/[,;]/u.test(gap) && leansOn(clause.text, before.text))
      out[out.length - 1] = piece(summary, before.start, clause.end);
    else out.push(clause);
  }
  return out;
}

/** Whether what follows a dash belongs to the claim before it (see clausesOf). */
function leansOn(clause: string, before: string): boolean {
  // … or that lists what it names ("They do all roofing — tiles, slates, flat roofs, chimneys"),
  // … or that gives a prohibition its reason ("Don't say 'kennel' — we're not a kennel"),
  const items = clause.split(/,\s*/u);
  const list = items.length >= 3 && items.every((item) => item.split(/\s+/u).length <= 3);
  return (
    list ||
    DASH_TAIL.re.test(clause) ||
    // … or that says the line before it must be carried ("Registered charity 123 — must appear").
    MUST_SAY.re.exec(clause)?.index === 0 ||
    BACK_REFERENCE.re.exec(clause)?.index === 0 ||
    // … or that goes on with a reply its verb left to the worry ("Ours isn't – no dress code").
    ELLIPTICAL_REPLY.re.test(before.trim()) ||
    AVOID_CUE.re.test(before)
  );
}

/**
 * "Belege: über 3.500 Küchen seit 1996, 4,8 Sterne bei Google (740 Bewertungen)": proofs in one
 * line, each with its figure, its own words (three or more) and what it proves. A piece that only
 * qualifies another ("…, 365 days a year", "…, 600+ reviews") or leans on it ("In a trial (n=104),
 * 89% said …") keeps the line whole.
 */
export function separateProofs(summary: string, p: Piece): Piece[] {
  const claims = splitPiece(summary, p, /,\s+/u);
  const own = (x: Piece) =>
    /\d/u.test(x.text) &&
    x.text.split(/\s+/u).length >= 3 &&
    ['proof', 'guarantee'].includes(cueRole(x.text) ?? '') &&
    !CLAUSE_LEAD.re.test(x.text);
  return claims.length > 1 && claims.every(own) ? claims : [p];
}

function insideBrackets(text: string, at: number): boolean {
  const before = text.slice(0, at);
  return (before.match(/\(/g)?.length ?? 0) > (before.match(/\)/g)?.length ?? 0);
}

export type SentenceKind = 'audience' | 'tone' | 'avoid' | 'meta' | 'fact';

/** What an unlabelled sentence is for, from the cue patterns; for audience and tone, where the value starts. */
export function sentenceKind(text: string): { kind: SentenceKind; valueFrom: number } {
  const meta = META_CUE.re.exec(text) ?? NOTE_CUE.re.exec(text);
  if (meta || directionAt(text) === 0) return { kind: 'meta', valueFrom: 0 };
  const tone = TONE_CUE.re.exec(text);
  if (tone) return { kind: 'tone', valueFrom: tone[0].length };
  const audience = AUDIENCE_CUE.re.exec(text);
  if (audience) return { kind: 'audience', valueFrom: audience[0].length };
  if (AVOID_CUE.re.test(text)) return { kind: 'avoid', valueFrom: 0 };
  return { kind: 'fact', valueFrom: 0 };
}

/** A line the ads must carry, without the remark that says so ("… (must say so)"); undefined for any other. */
export function mustCarry(text: string): string | undefined {
  const must = MUST_SAY.re.exec(text);
  // The line itself, not the quotation marks it was given in.
  return must
    ? text
        .replace(must[0], '')
        .trim()
        .replace(/\s*[—–-]$/u, '')
        .replace(/^["“«„](.+)["”»“]$/u, '$1')
    : undefined;
}

/** What an avoid line forbids: quoted phrases, else the words after the cue up to a comma. */
export function forbidden(text: string): string[] {
  // An apostrophe inside a word ("people's") neither opens nor closes a quotation.
  const quoted = [
    ...text.matchAll(
      /(?:["“«]|(?<![\p{L}])['‘])\s?((?:[^"”»'’]|(?<=\p{L})['’](?=\p{L})){2,80}?)\s?(?:["”»]|['’](?![\p{L}\d]))/gu,
    ),
  ].map((m) => m[1] ?? '');
  // A name not to mention ("or mention Etsy by name", "Vergleiche mit Acme"): the name, whatever is quoted beside it.
  const named = [
    ...text.matchAll(
      /\b(?:mention|name|nennen|erwähnen|mencionar|nombrar|mentionner|citer|[Vv]ergleiche? mit|[Cc]omparisons? (?:with|to)|[Cc]ompare (?:us )?(?:with|to)|[Cc]omparaisons? avec|[Cc]omparaciones? con)\s+(\p{Lu}[\p{L}&'’.-]*(?:\s\p{Lu}[\p{L}&'’.-]*)*)/gu,
    ),
  ].map((m) => m[1] ?? '');
  if (quoted.length > 0 || named.length > 0) return [...quoted, ...named].filter(Boolean);
  const cue = AVOID_CUE.re.exec(text);
  if (!cue) return [];
  const rest = text
    .slice((cue.index ?? 0) + cue[0].length)
    .replace(/^\s*(?:(?:that|it's|it is|to|de la|des|du|de|que|dass|zu)\s+|d'|qu')?/iu, '');
  const cut = rest.split(/[,.;]/u)[0]?.trim() ?? '';
  // The bracket the avoid line sat in closes after it: not part of the phrase.
  const phrase =
    (cut.match(/\)/gu) ?? []).length > (cut.match(/\(/gu) ?? []).length ? cut.replace(/\)$/u, '') : cut;
  // "(can't name them)" forbids what the sentence names, not the word "them".
  if (PRONOUN_ONLY.re.test(phrase)) return [];
  return phrase.length >= 3 ? [phrase.slice(0, 120)] : [];
}

/** The place named in a piece of text ("covering the north …", "en el centro"), as a span. */
export function findLocation(summary: string, p: Piece, nlp: Nlp | undefined): Piece | undefined {
  const based = /^(\p{Lu}[\p{L}'’.\s]*?)-based$/u.exec(p.text);
  if (based?.[1]) return piece(summary, p.start, p.start + based[1].length);
  const cue = LOCATION_CUE.re.exec(p.text);
  if (cue?.index === 0 && cue[1]) {
    // "covering the city and nearby towns": the whole rest of the item is the area; after a bare
    // preposition only the name is ("in Stuttgart berät …").
    const start = p.start + cue[0].length - cue[1].length;
    return piece(
      summary,
      start,
      /^(?:covering|serving|across)\s/iu.test(cue[0]) ? p.end : start + cue[1].length,
    );
  }
  if (nlp) {
    const places = nlp(p.text).places().out('array') as string[];
    const first = places[0]?.replace(/[.,;:]+$/u, '');
    if (first) {
      const at = p.text.indexOf(first);
      // A bracket the library opened is closed with it ("San Diego (Point Loma)").
      const open = first.lastIndexOf('(') > first.lastIndexOf(')');
      const close = open ? p.text.indexOf(')', at + first.length) : -1;
      const end = close >= 0 && close - (at + first.length) <= 40 ? close + 1 : at + first.length;
      if (at >= 0) return extendPlace(summary, p.start + at, p.start + end);
    }
  }
  const m = LOCATION_CUE.re.exec(p.text);
  if (!m?.[1]) return undefined;
  const at = (m.index ?? 0) + m[0].length - m[1].length;
  return piece(summary, p.start + at, p.start + at + m[1].length);
}

/** A place runs on through "and X" and a bracketed list of districts. */
function extendPlace(summary: string, start: number, end: number): Piece {
  const after = summary.slice(end);
  const more =
    /^(?:(?:,| and| &)[^\S\n](?:the[^\S\n])?\p{Lu}[\p{L}'’-]*(?:[^\S\n]\p{Lu}[\p{L}'’-]*)*)*(?:[^\S\n]\((?=[^)]*[\p{Lu}\d])(?![^)]*,\s*\p{Ll})[^)]{1,80}\))?/u.exec(
      after,
    );
  return piece(summary, start, end + (more?.[0].length ?? 0));
}

/** The header's parts: "Name – what it does", "Name, product, fact, place". */
export function headerParts(summary: string, p: Piece): Piece[] {
  // Not at a comma inside brackets ("Acme (Toledo, centro)"), nor inside a German clause its
  // verb's particle closes ("… und bieten Krankengymnastik, Massage und Lymphdrainage an").
  // "Acme | Alicante | inglés y alemán": a pipe between items is a separator too.
  return splitPiece(summary, p, / \| /u)
    .flatMap((y) => splitPiece(summary, y, SPACED_DASH.re))
    .flatMap((x) =>
      splitPiece(summary, x, /,\s+(?!\d)(?![^()]*\))(?![^,]*(?<!\bpar)\s(?:an|auf|aus|ein|vor|ab)[.!]?$)/u),
    );
}

export { AUDIENCE_CUE };

/** Fields whose text says nothing of where the business is: a policy, the tone, an aside. */
const NO_PLACE = new Set(['avoid', 'mandatories', 'tone', 'aside']);

/** The first place after a cue in the brief's sentences, outside policy ("not 'best tutors in the UK'"). */
export function placeInBrief(
  summary: string,
  segments: readonly Segment[],
  nlp: Nlp | undefined,
): Piece | undefined {
  return segments
    .filter((seg) => !(seg.label && 'field' in seg.label && NO_PLACE.has(seg.label.field)))
    .map((seg) => placeAfterCue(summary, piece(summary, seg.start, seg.end), nlp))
    .find((found) => found !== undefined);
}

/** A place after a cue anywhere in a piece ("Locations in …"); in English, only one the NLP library knows as a place. */
export function placeAfterCue(summary: string, p: Piece, nlp: Nlp | undefined): Piece | undefined {
  const global = new RegExp(LOCATION_CUE.re.source, 'gu');
  for (const m of p.text.matchAll(global)) {
    const name = m[1];
    if (!name) continue;
    // A town the NLP library does not know is still one word no dictionary has ("in Swindon").
    const unknownWord = /^\p{Lu}\p{Ll}+$/u.test(name) && offsetsOf(name.toLowerCase()).length === 0;
    if (nlp && !nlp(name).places().found && !unknownWord) continue;
    const at = (m.index ?? 0) + m[0].length - name.length;
    return piece(summary, p.start + at, p.start + at + name.length);
  }
  return undefined;
}
