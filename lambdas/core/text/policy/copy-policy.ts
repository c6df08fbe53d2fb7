import { patternLanguage } from '../../brief/patterns/types.ts';
import { sentencesOf as briefSentences } from '../../brief/segment.ts';
import { catalogueFor } from '../realise/messages.ts';
import {
  CAPITAL_PLACEHOLDERS,
  CLAIM_WORDS,
  DANGLING,
  LABELS,
  PLACEHOLDERS,
  WORD_FORM_SUFFIXES,
} from './policy-data.ts';

/**
 * The one copy policy: every string the service writes for an ad (angle hooks, prepare_campaign's
 * fields, the compositor's candidates, a model's answers) is held to it. A text passes when
 * `copyViolations` is empty; the reasons are written so a model can repair its answer from them.
 */
export type PolicyContext = {
  language: string;
  /** The brand kit's banned words: the word and its forms. */
  banned: readonly string[];
  /** The brief's `avoid` list (claims legal ruled out). */
  avoid?: readonly string[];
  /** The campaign's internal name, never printed. */
  campaignName?: string;
  /** Where every number and claim word must come from: brief, campaign fields, brand kit. */
  sources: readonly string[];
  /** The placement's character limit for this field. */
  limit?: number;
};

const escapeRegExp = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';

const patterns = new Map<string, RegExp>();
const cached = (key: string, make: () => RegExp) => {
  let re = patterns.get(key);
  if (!re) {
    re = make();
    if (patterns.size > 5000) patterns.clear();
    patterns.set(key, re);
  }
  return re;
};

/** A banned word or phrase with its forms: the last word of the phrase may take the language's endings. */
export function bannedPattern(word: string, language: string): RegExp {
  return cached(`b\u0000${language}\u0000${word}`, () => makeBannedPattern(word, language));
}

function makeBannedPattern(word: string, language: string): RegExp {
  const parts = word.trim().split(/\s+/).map(escapeRegExp);
  const suffix = WORD_FORM_SUFFIXES[language] ?? WORD_FORM_SUFFIXES.en ?? '';
  const last = parts.pop() ?? '';
  return new RegExp(
    `${B}${[...parts, `${last}${/\p{L}$/u.test(last) ? suffix : ''}`].join('\\s+')}${E}`,
    'iu',
  );
}

export function containsBanned(text: string, banned: readonly string[], language: string): string[] {
  return banned.filter((w) => w.trim() !== '' && bannedPattern(w, language).test(text));
}

/** The phrase's exact words, without endings (a claim legal ruled out is matched as written). */
const exactPattern = (phrase: string) => cached(`e\u0000${phrase}`, () => makeExactPattern(phrase));
const makeExactPattern = (phrase: string) =>
  new RegExp(`${B}${phrase.trim().split(/\s+/).map(escapeRegExp).join('\\s+')}${E}`, 'iu');

const LABEL_RE = new RegExp(`(?:^|[.!?]\\s+|\\n)\\s*(?:${LABELS.join('|')})\\s*:`, 'iu');
export const hasLabel = (text: string) => LABEL_RE.test(text);

const PLACEHOLDER_WORDS = new RegExp(PLACEHOLDERS, 'iu');
const PLACEHOLDER_CAPITALS = new RegExp(CAPITAL_PLACEHOLDERS, 'u');
const PLACEHOLDER_RE = { test: (t: string) => PLACEHOLDER_WORDS.test(t) || PLACEHOLDER_CAPITALS.test(t) };

/** The campaign name is internal: neither it nor its underscore/dash-separated form may appear. */
export function containsCampaignName(text: string, campaignName: string | undefined): boolean {
  const name = campaignName?.trim() ?? '';
  if (name.length < 3) return false;
  return [name, name.replace(/[_-]+/g, ' ')].some((n) => exactPattern(n).test(text));
}

/** Whether a phrase reads as cut: ends on a connective, article, preposition or a bare sign. */
export function endsMidPhrase(text: string, language: string): boolean {
  const trimmed = text.trim();
  const last = (trimmed.split(/\s+/).at(-1) ?? '').replace(/[.!?]+$/, '').toLowerCase();
  const dangling = DANGLING[language] ?? DANGLING.en ?? [];
  // A reply that points back ends on its pronoun ("… stops that."): complete, not cut.
  const back = catalogueFor(language)?.voice.pointsBack;
  if (back && dangling.includes(last) && new RegExp(back, 'iu').test(trimmed.replace(/[.!?]+$/u, '')))
    return false;
  // A currency sign ends a phrase only after its amount ("für 120 €", "bis 5 Mio. €"); alone it is
  // a cut price ("from £").
  return (
    dangling.includes(last) ||
    /[,;:—–-]$|(?<!\d(?:\s?(?:Mio|Mrd|Tsd|Mill|mil|millones|millions?|milliards?|k|K|M|bn)\.?)?\s?)[$£€]$/u.test(
      trimmed,
    )
  );
}

/** Figures as one token with their scale ("4.7/5", "24/7", "15.000", "94 %"). */
const NUMBER_RE = /\d+(?:[.,\u00a0\u202f ]\d{3})*(?:[.,]\d+)?(?:\s?\/\s?\d+(?:[.,]\d+)?)?/gu;
const normNumber = (n: string) => n.replace(/[\s\u00a0\u202f]/g, '');

export function numbersIn(text: string): string[] {
  return (text.match(NUMBER_RE) ?? []).map(normNumber);
}

const CLAIM_RES = CLAIM_WORDS.map((w) => [w, exactPattern(w)] as const);

function claimWordsIn(text: string): string[] {
  return CLAIM_RES.filter(([, re]) => re.test(text)).map(([w]) => w);
}

/** What the sources state, computed once per sources list (a request checks many texts against one). */
const sourceCache = new WeakMap<readonly string[], { numbers: Set<string>; claims: Set<string> }>();
function sourceFacts(sources: readonly string[]) {
  let known = sourceCache.get(sources);
  if (!known) {
    const all = sources.join(' \n ');
    known = { numbers: new Set(numbersIn(all)), claims: new Set(claimWordsIn(all)) };
    sourceCache.set(sources, known);
  }
  return known;
}

/**
 * Numbers and claim words of `text` that no source has. A rating keeps its scale: "5" does not
 * trace to "4.7/5", so "Rated 5" from "rated 4.7/5" is caught.
 */
export function untraced(text: string, sources: readonly string[]): string[] {
  const { numbers: known, claims } = sourceFacts(sources);
  return [
    ...new Set([
      ...numbersIn(text).filter((n) => !known.has(n)),
      ...claimWordsIn(text).filter((w) => !claims.has(w)),
    ]),
  ];
}

/**
 * Whether the compositor may print a candidate: the rules that need no sources (its candidates
 * were traced upstream, when angles and copy were written): banned words, labels, placeholders.
 */
export function printable(text: string, ctx: { language: string; banned: readonly string[] }): boolean {
  const t = text.trim();
  return (
    t !== '' &&
    containsBanned(t, ctx.banned, ctx.language).length === 0 &&
    !hasLabel(t) &&
    !PLACEHOLDER_RE.test(t)
  );
}

/** Why `text` cannot be printed (empty when it can). */
export function copyViolations(text: string, ctx: PolicyContext): string[] {
  const out: string[] = [];
  const t = text.trim();
  if (!t) return ['empty'];
  if (ctx.limit !== undefined && [...t].length > ctx.limit)
    out.push(`${[...t].length} characters, limit ${ctx.limit}`);
  const banned = containsBanned(t, ctx.banned, ctx.language);
  if (banned.length > 0) out.push(`banned word: ${banned.join(', ')}`);
  const avoided = (ctx.avoid ?? []).filter((a) => a.trim() && exactPattern(a).test(t));
  if (avoided.length > 0) out.push(`the brief rules this out: ${avoided.join(', ')}`);
  if (containsCampaignName(t, ctx.campaignName)) out.push('the internal campaign name');
  if (hasLabel(t)) out.push('a label of the brief (a section heading with a colon)');
  if (PLACEHOLDER_RE.test(t)) out.push('a placeholder');
  if (endsMidPhrase(t, ctx.language)) out.push('ends mid-phrase');
  const invented = untraced(t, ctx.sources);
  if (invented.length > 0) out.push(`not in the brief: ${invented.join(', ')}`);
  return out;
}

/**
 * Sentences of a text, read as the brief is read (brief/segment.ts): the locale's segmenter, but
 * "Co. Bakery", "max. 3" and a German "31. Oktober" do not end one (a headline without a stop is
 * one sentence).
 */
export function sentencesOf(text: string, language: string): string[] {
  return briefSentences(text, patternLanguage(language))
    .map(({ start, end }) => text.slice(start, end).trim())
    .filter(Boolean);
}

const sentenceKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A word's first letters: enough to read "feb" as February's, "install" as "installs". */
const STEM = 3;
const stems = (text: string) => (text.toLowerCase().match(/\p{L}{3,}/gu) ?? []).map((w) => w.slice(0, STEM));
/** The share of an offer's words a sentence must say to say the offer again. */
const RESTATED = 0.6;

/**
 * Whether a sentence says the offer again in other words ("£20 off any EICR in feb" beside the
 * offer "£20 off any EICR in February"): every figure of the offer and most of its words. An
 * offer without a figure is only ever repeated word for word (repeatedAcrossFields).
 */
export function restatesOffer(sentence: string, offer: string): boolean {
  const figures = numbersIn(offer);
  const have = new Set(numbersIn(sentence));
  if (figures.length === 0 || !figures.every((f) => have.has(f))) return false;
  const own = new Set(stems(sentence));
  const words = stems(offer);
  return words.filter((w) => own.has(w)).length >= RESTATED * words.length;
}

/** Sentences that appear in more than one field of one ad (headline, body, description). */
export function repeatedAcrossFields(fields: readonly string[], language: string): string[] {
  const seen = new Map<string, number>();
  const repeated: string[] = [];
  fields.forEach((field, i) => {
    for (const s of sentencesOf(field, language)) {
      const key = sentenceKey(s);
      if (!key) continue;
      const at = seen.get(key);
      if (at !== undefined && at !== i) repeated.push(s);
      else seen.set(key, i);
    }
  });
  return repeated;
}
