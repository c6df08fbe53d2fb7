import { isPerson } from '../../brief/noun-phrases.ts';
import { TAXONOMY } from '../../brief/taxonomy/index.ts';
import type { SubVertical } from '../../brief/taxonomy/types.ts';
import { ancestors, LEX_FILE, lemmaOf, lemmasOf, synset, usualSenses } from '../../lexicon/wordnet.ts';
import { loadNlp, type Nlp, parseSubject } from '../../text/nlp.ts';

// The brief's side of choosing a picture (choose.ts): which of its words can name one, and how
// much each says.

/** A word of the brief, its weight, and whether the category (sub-vertical, cue terms) says it. */
export type Term = {
  word: string;
  weight: number;
  category?: boolean;
  /**
   * A two-word phrase of the category as the taxonomy writes it, whether WordNet has it or not
   * ("home security", "EV charger"): it names only a picture tagged with the same phrase.
   */
  phrase?: boolean;
  /** A noun of what the subject shows, not of its setting (it may be a word of the category too). */
  shown?: boolean;
};

/** The weight of a subject's setting and props (subjectNouns): what is around, not what is shown. */
const SETTING = 0.55;

/** A phrase of the category, found word for word in a line icon's tags: as sure as a cue term. */
const CATEGORY_PHRASE = 0.8;

/** Words that show anyone at all: a picture of "a woman" says little about a business. */
export const ANYONE = new Set([
  'man',
  'woman',
  'person',
  'people',
  'child',
  'children',
  'couple',
  'family',
  'kid',
  'kids',
  'boy',
  'girl',
]);

/** Nouns of a text (compromise), singular, lower case; two-word compounds WordNet knows come first. */
function nounsOf(nlp: Nlp, text: string): string[] {
  const doc = nlp(text.replace(/[>&()]/g, ','));
  const nouns = doc
    .match('#Noun')
    .not('(#Pronoun|#Possessive|#Value|#Place|#Person|#Organization)')
    .json()
    .flatMap((m: { terms: Array<{ normal: string }> }) => m.terms.map((t) => t.normal))
    .map((w: string) => w.replace(/[^a-z-]/g, ''))
    .filter((w: string) => w.length >= 3);
  const out: string[] = [];
  for (let i = 0; i + 1 < nouns.length; i++) {
    const pair = `${nouns[i]} ${nouns[i + 1]}`;
    if (text.toLowerCase().includes(pair) && lemmaOf(pair)) out.push(pair);
  }
  return [...out, ...nouns];
}

/** A word compromise took for a noun but that is a verb after one, ending its phrase ("freelancers working"; not "barn wedding venue"). */
const trailingVerb = (chunk: string[], i: number) =>
  i > 0 && i === chunk.length - 1 && /ing$/.test(chunk[i] ?? '');

/**
 * The subject's noun phrases with how much each says what the picture is of: the first phrase's
 * last noun (1) and its other nouns (0.75), an "of" complement as the head itself ("a pint of
 * IPA", "three bottles of wine"), the next phrase (the object, 0.8: "a vet examining a puppy"),
 * then the setting (0.55).
 */
function subjectNouns(nlp: Nlp, subject: string): Array<{ word: string; weight: number }> {
  const doc = parseSubject(nlp, subject);
  const chunks: string[] = doc
    .match('#Noun+')
    .not('(#Pronoun|#Possessive|#Value|#Place|#Person|#Organization)')
    .out('array');
  // The object of the subject's verb ("examining a young puppy"), not a place or time after a
  // preposition ("at the wheel", "at sunset").
  // (The tagger's `#Adjective*` and capture groups match nothing here: the phrase is matched
  // whole, then its trailing nouns taken; a participle qualifies the object, "wrapped furniture".)
  const objects = new Set<string>(
    doc
      .match('#Verb #Determiner? #Value? #Adverb? (#Adjective|#Verb){0,3} #Noun+')
      .match('#Noun+$')
      .out('array'),
  );
  const out: Array<{ word: string; weight: number }> = [];
  const lower = subject.toLowerCase();
  let rank = 0;
  chunks.forEach((chunk, c) => {
    const words = chunk
      .toLowerCase()
      .split(/\s+/)
      .map((w) => w.replace(/[^a-z-]/g, ''));
    const before = (chunks[c - 1] ?? '').toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const of = c > 0 && new RegExp(`${before}\\s+of\\s`).test(lower);
    if (!of && c > 0) rank++;
    const headWeight = rank === 0 ? 1 : rank === 1 && objects.has(chunk) ? 0.8 : SETTING;
    const kept = words.filter((w, i) => w.length >= 3 && !trailingVerb(words, i));
    const pair = kept.slice(-2).join(' ');
    const compound = kept.length >= 2 ? lemmaOf(pair) : undefined;
    if (compound) out.push({ word: pair, weight: headWeight });
    kept.forEach((w, i) => {
      const head = i === kept.length - 1;
      // The head of a compound that is no kind of it names another thing alone: a coffee bean is
      // a seed, not the legume "bean" shows (a tennis ball is a ball).
      if (head && compound && !kindOfHead(compound, lemmaOf(w) ?? w)) {
        out.push({ word: w, weight: Math.min(headWeight, MODIFIER_NOUN) });
        return;
      }
      // A word before the head that is a time or an act says when or how, not what is shown;
      // but a sport says what is played, and a sport's picture is its ball or its player ("a
      // tennis coach", "a rugby ball"): it weighs as the head does.
      const lemma = lemmaOf(w) ?? w;
      const sport = !head && isSport(lemma);
      if (!head && !sport && !isThing(lemma)) return;
      out.push({ word: w, weight: head || sport ? headWeight : Math.min(headWeight, MODIFIER_NOUN) });
    });
  });
  return out;
}

/** A cue term of the trade that the subject says too weighs this much more. */
const SAID_TWICE = 1.2;

/**
 * A noun before the head of the subject's first phrase says which kind ("electric-car charger"
 * is a charger): it names the picture less surely than the head.
 */
const MODIFIER_NOUN = 0.6;

/** Whether a WordNet compound's usual sense is a kind of its head's usual sense. */
function kindOfHead(compound: string, head: string): boolean {
  const of = usualSenses(head)[0];
  const own = usualSenses(compound)[0];
  return of === undefined || own === undefined || ancestors([own], 6).has(of);
}

/** A word WordNet lacks read as the compound it is ("riverboat" is a boat, a river one). */
function splitCompound(word: string): Array<{ word: string; share: number }> {
  if (lemmaOf(word) || word.length < 7) return [];
  for (let i = 3; i <= word.length - 3; i++) {
    const [a, b] = [word.slice(0, i), word.slice(i)];
    if (lemmaOf(a) && lemmaOf(b))
      return [
        { word: b, share: 0.9 },
        { word: a, share: 0.5 },
      ];
  }
  // A prefix WordNet lacks before a word it has ("cyber" + "security"): a kind of the last word.
  // Not across a hyphen: "co-working" is not a kind of "working" (a mine).
  if (word.includes('-')) return [];
  for (let i = 3; i <= word.length - MIN_TAIL; i++) {
    const tail = word.slice(i);
    if (lemmaOf(tail)) return [{ word: tail, share: 0.9 }];
  }
  return [];
}

/** The shortest tail read as the word a compound is a kind of ("security" of "cybersecurity"). */
const MIN_TAIL = 5;

/** A category as the taxonomy is looked up by: without a bracketed qualifier, single-spaced, lower case. */
const categoryKey = (category: string) =>
  category
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The taxonomy's sub-vertical of a `vertical > sub-vertical` category, when it is one of its. */
export function tradeOf(category: string): SubVertical | undefined {
  const key = categoryKey(category);
  for (const vertical of TAXONOMY)
    for (const sub of vertical.subs) if (categoryKey(`${vertical.name} > ${sub.name}`) === key) return sub;
  return undefined;
}

/** The taxonomy's English cue terms of the category, when it is one of its. */
const cuesOf = (category: string): string[] => tradeOf(category)?.cues.en.split('|') ?? [];

/** The brief's words that can name a picture, most telling first. */
export async function termsOf(picture: { subject: string; category: string }): Promise<Term[]> {
  const nlp = await loadNlp();
  const [vertical = '', sub = ''] = picture.category.split('>').map((s) => s.trim());
  const out = new Map<string, number>();
  // The category's words and the words its compounds are read as ("security" of "cybersecurity").
  const ofCategory = new Set<string>();
  const add = (w: string, weight: number, category = false) => {
    const lemma = lemmaOf(w) ?? w;
    out.set(lemma, Math.max(out.get(lemma) ?? 0, weight * (ANYONE.has(w) ? 0.6 : 1)));
    if (category) ofCategory.add(lemma);
    // An adjective is no compound of nouns ("outdoor" is no door).
    if (!nlp(w).has('#Adjective'))
      for (const part of splitCompound(w)) add(part.word, weight * part.share, category);
    // A plural the subject names that WordNet also has as a word of its own ("receipts":
    // income) is the plural of its singular as well ("receipt"); a trade's name ("ceramics",
    // the craft) is not.
    if (!category) for (const other of lemmasOf(w).slice(1)) add(other, weight);
  };
  // In a sub-vertical ("bakery chain", "pest control") the first noun says what the trade is;
  // the taxonomy's cue terms are the trade's own vocabulary.
  const trade = new Map<string, number>();
  // A sub-vertical is a noun phrase whatever the tagger says ("chocolatier" is no comparative).
  const subWords = sub
    .replace(/\([^)]*\)/g, ' ')
    .toLowerCase()
    .split(/[^a-z-]+/)
    .filter((w) => w.length >= 3 && !STOP.has(w));
  const subNouns = subWords.filter(
    // "wedding venues": a gerund WordNet has as a noun names a thing before the head.
    (w, i) =>
      i === subWords.length - 1 ||
      nlp(w).has('#Noun') ||
      lemmaOf(w) === undefined ||
      (/ing$/.test(w) && usualSenses(w).length > 0),
  );
  for (const w of nounsOf(nlp, sub.match(/\(([^)]*)\)/)?.[1] ?? '')) trade.set(lemmaOf(w) ?? w, 0.8);
  // A compound WordNet knows ("food bank", "car wash") is one thing: its first word alone
  // (food, a car) is not what the trade is.
  const compound = subNouns.slice(0, 2).join(' ');
  const whole = subNouns.length >= 2 && lemmaOf(compound);
  if (whole) trade.set(whole, 0.95);
  subNouns.forEach((w, i) => {
    // What the trade does to its thing ("alarm installation", "dog training") is no picture:
    // a picture found by it shows another sense of the word (a station is an installation).
    if (subWords.length > 1 && i === subNouns.length - 1 && isAct(lemmaOf(w) ?? w)) return;
    // A person before another noun qualifies it ("artisan chocolatier"), and a part of a
    // compound says less than the whole: neither is the trade's picture.
    const part = whole && i < 2;
    const qualifier = i + 1 < subNouns.length && isPerson(lemmaOf(w) ?? w);
    trade.set(lemmaOf(w) ?? w, part || qualifier ? 0.5 : i === 0 ? 0.95 : 0.6);
  });
  const cues = cuesOf(picture.category);
  const cueWords = new Set<string>();
  for (const cue of cues.filter((c) => lemmaOf(c)))
    if (!isAct(lemmaOf(cue) ?? cue)) {
      trade.set(lemmaOf(cue) ?? cue, Math.max(trade.get(cue) ?? 0, 0.8));
      cueWords.add(lemmaOf(cue) ?? cue);
    }
  // A person in the subject who is not the trade's (a customer, "an office worker" trying on
  // glasses) says less about the business than the trade's own words.
  const said = new Set<string>();
  // What the subject shows (its head, their object), not where: "at home" is a setting.
  const shown = new Set<string>();
  for (const { word, weight } of subjectNouns(nlp, picture.subject)) {
    const lemma = lemmaOf(word) ?? word;
    const customer = !trade.has(lemma) && isPerson(lemma);
    add(word, weight * (customer ? 0.7 : 1));
    said.add(lemma);
    if (weight > SETTING) shown.add(lemma);
  }
  // A cue term the subject says too is the one the brief means of the trade's several ("piano"
  // of a music school's piano, guitar, violin).
  // (Not the sub-vertical's own word: it is the trade itself, not one of its several.)
  const own = new Set(subNouns.map((w) => lemmaOf(w) ?? w));
  const picked = (w: string) => said.has(w) && cueWords.has(w) && !own.has(w);
  for (const [w, weight] of trade) add(w, weight * (picked(w) ? SAID_TWICE : 1), true);
  for (const w of nounsOf(nlp, vertical)) add(w, 0.5);
  const phrases = new Set<string>();
  for (const phrase of categoryPhrases(picture.category, cues))
    if (!out.has(phrase)) {
      out.set(phrase, CATEGORY_PHRASE);
      ofCategory.add(phrase);
      phrases.add(phrase);
    }
  return [...out].map(([word, weight]) => ({
    word,
    weight,
    category: ofCategory.has(word),
    ...(phrases.has(word) ? { phrase: true } : {}),
    // The parts of what it shows too: "rugby" of its "rugby ball".
    ...(shown.has(word) || [...shown].some((w) => w.split(/[ -]/).includes(word)) ? { shown: true } : {}),
  }));
}

/**
 * The category's two-word phrases as written: each pair of adjacent words of the vertical and
 * the sub-vertical ("home security", "ev charger"), and the taxonomy's two-word cue terms.
 */
function categoryPhrases(category: string, cues: readonly string[]): string[] {
  const out = new Set<string>();
  for (const part of category.split(/[>()]/)) {
    const words = part
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length >= 2 && !STOP.has(w));
    for (let i = 0; i + 1 < words.length; i++) out.add(`${words[i]} ${words[i + 1]}`);
  }
  for (const cue of cues) if (/^[a-z]+ [a-z]+$/.test(cue)) out.add(cue);
  return [...out];
}

/**
 * WordNet's lexicographer files of things a picture can show: animals, artifacts, body parts,
 * food, natural objects, people, plants, substances. Not acts, attributes, states, ideas, times
 * or phenomena, which many interface icons are named after ("activity", "navigation", "power").
 */
export const THINGS = new Set<number>([
  LEX_FILE.animal,
  LEX_FILE.artifact,
  LEX_FILE.body,
  LEX_FILE.food,
  LEX_FILE.object,
  LEX_FILE.person,
  LEX_FILE.plant,
  LEX_FILE.substance,
]);

/** A noun whose usual (first) sense is a thing a camera sees ("night" of "night nanny" is not). */
function isThing(lemma: string): boolean {
  const first = usualSenses(lemma)[0];
  return first === undefined || THINGS.has(synset(first).lexFile);
}

/** WordNet's "sport, athletics": an active diversion requiring physical exertion and competition. */
const SPORT = (() => usualSenses('athletics')[0])();

/** A noun whose usual (first) sense is a kind of sport (tennis, rugby, golf, swimming). */
function isSport(lemma: string): boolean {
  const first = usualSenses(lemma)[0];
  return first !== undefined && SPORT !== undefined && ancestors([first], 8).has(SPORT);
}

/** A noun whose usual (first) sense is an act: what a trade does, not a thing a camera sees. */
function isAct(lemma: string): boolean {
  const first = usualSenses(lemma)[0];
  return first !== undefined && synset(first).lexFile === LEX_FILE.act;
}

const STOP = new Set([
  'the',
  'and',
  'for',
  'with',
  'that',
  'which',
  'from',
  'into',
  'used',
  'etc',
  'any',
  'other',
]);
export const tokens = (text: string) =>
  (text.toLowerCase().match(/[a-z][a-z-]+/g) ?? []).filter((w) => w.length >= 3 && !STOP.has(w));
