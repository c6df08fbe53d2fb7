import { lemmaOf, offsetsOf, relatedTerms } from '../lexicon/wordnet.ts';
import type { Nlp } from '../text/nlp.ts';
import { sentenceKind } from './fields.ts';
import { ANYONE_IN_SCENE, GENERIC_HEADS, PICTURABLE, QUANTITY_WORDS } from './patterns/subject.ts';
import { patternLanguage } from './patterns/types.ts';
import { leadingLabel, segment } from './segment.ts';
import { FALLBACK } from './taxonomy.ts';

/**
 * What a picture of this business shows, from the brief's own words (issue 24, ADR 0063): the
 * thing the business sells or does, named as the brief names it ("a wireless mechanical
 * keyboard", "hazy IPA", "a vet"), set in the taxonomy sub-vertical's scene, which keeps it a
 * picture a camera can take. The sub-vertical's scene alone names the trade's usual subject, not
 * this business's: a brewery's "glass of beer" for a brief that sells an IPA.
 *
 * The thing is a picturable noun phrase of the product phrase (its head noun's usual WordNet
 * sense is an artifact, person, animal, plant or food; a compound WordNet knows, "hearing aid",
 * is one head; the object of a service, "furniture" of "furniture rental", stands for the
 * service). Among several, the one the brief stresses most: in the product phrase (×4), its
 * opening (×2), then once per mention in what it says about the business (audience, tone and
 * notes left out). The scene keeps it when it already names it (or a synonym); when the thing is
 * a kind of a noun of the scene (an SUV of "a clean car"), it takes that noun's place; an object
 * otherwise joins the scene ("an audiologist …, with rechargeable hearing aids"; after it, so the
 * scene's own first phrase still leads the picture chooser), a person is left out (the scene's
 * person is the trade's).
 *
 * English only (the NLP library reads English): other briefs keep the scene, in English.
 */

/** The brief as extraction reads it (extract.ts's input). */
type BriefText = { researchSummary: string; language: string; clientName: string };

type SubjectInput = {
  scene: string;
  product: string;
  summary: string;
  businessName: string;
  language: string;
};

/** Sections that say who the ad is for or how to write it, not what the business is. */
const NOT_THE_BUSINESS = new Set(['audience', 'tone', 'mandatories', 'avoid', 'location', 'skip']);

/** Where a phrase is found and what that says about how much the brief stresses it. */
const WEIGHT = { product: 4, opening: 2, anywhere: 1 } as const;
/** How far up WordNet a noun of the scene may be for the brief's thing to be a kind of it. */
const KIND_LEVELS = 4;
/** WordNet senses read per word, most frequent first. */
const SENSES = 2;
/** Words a noun phrase of the brief keeps before its head ("wireless mechanical"). */
const MAX_PHRASE_WORDS = 4;

/** A noun phrase, its head, and whether the head ends the run it came from ("taster" of "taster sessions" does not). */
type Phrase = { text: string; head: string; last?: boolean };

type Term = { text: string; tags: string[] };

/**
 * The picture subject of a brief: the brief's thing (from its product phrase) in the taxonomy's
 * scene (`scene`, in English); the scene alone without the NLP library (outside English).
 */
export function subjectOf(scene: string, product: string, brief: BriefText, nlp: Nlp | undefined): string {
  if (!nlp) return scene;
  const input = {
    scene,
    product,
    summary: brief.researchSummary,
    businessName: brief.clientName,
    language: brief.language,
  };
  // No sub-vertical fits: the brief's own product phrase is a truer scene than the taxonomy's
  // general one ("a surf school", "pottery classes", not a counter and its owner).
  if (scene === FALLBACK.subject) {
    const own = productScene(product, nlp);
    if (own) return own;
  }
  const thing = thingOf(input, nlp);
  const placed = thing ? inScene(thing, scene, nlp) : scene;
  return withPeople(placed, peopleOf(input, nlp));
}

/** The product phrase as a scene, with its article when it is one countable thing; none without a noun. */
function productScene(product: string, nlp: Nlp): string | undefined {
  const text = product
    .replace(/[^\p{L}\p{N}' -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  const doc = nlp(text);
  if (!text || !doc.has('#Noun') || /\d/.test(text)) return undefined;
  // A clause is no scene: "we write wedding speeches", "installs rooftop solar".
  const first = doc.terms().first();
  if (doc.has('#Pronoun') || (first.has('#Verb') && !first.has('(#Infinitive|#Gerund|#Noun)')))
    return undefined;
  const bare = doc.has('(#Plural|#Uncountable|#Gerund)$') || doc.terms().last().has('#Gerund');
  return bare ? text : `${articleFor(text)}${text}`;
}

/**
 * The people the brief names most (its audience and members as much as its staff): a person
 * noun a picture can show, not the business's name nor anyone at all ("customers").
 */
function peopleOf(input: SubjectInput, nlp: Nlp): Phrase | undefined {
  const name = new Set(words(input.businessName));
  const count = new Map<string, { n: number; phrase: Phrase; order: number }>();
  const language = patternLanguage(input.language);
  for (const seg of segment(input.summary, language))
    for (const phrase of phrasesOf(nlp, seg.text)) {
      if (name.has(phrase.head) || !picturable(phrase.head) || !isPerson(phrase.head)) continue;
      // A person word qualifying another noun ("taster sessions") names no people.
      if (phrase.last === false) continue;
      // A word that is first an adjective ("private offices") is no person, whatever the tagger said.
      if (nlp(phrase.head).has('#Adjective')) continue;
      const entry = count.get(phrase.head) ?? { n: 0, phrase: withoutQuantity(phrase), order: count.size };
      entry.n++;
      count.set(phrase.head, entry);
    }
  return [...count.values()].sort((a, b) => b.n - a.n || a.order - b.order)[0]?.phrase;
}

/** A phrase without the words before it that say how many ("most homeowners" → homeowners). */
export function withoutQuantity<P extends { text: string }>(phrase: P): P {
  const ws = phrase.text.split(' ');
  while (ws.length > 1 && QUANTITY_WORDS.words.has(ws[0] ?? '')) ws.shift();
  return { ...phrase, text: ws.join(' ') };
}

/** The scene with the brief's people in place of anyone at all, when it shows anyone at all. */
export function withPeople(scene: string, people: { text: string; head: string } | undefined): string {
  if (!people || scene.toLowerCase().includes(people.head)) return scene;
  return scene.replace(ANYONE_IN_SCENE.re, (found) => {
    // The head's lemma in place of the last word ("best men" → best man); several as written.
    const words = people.text.split(' ');
    const one = [...words.slice(0, -1), people.head].join(' ');
    const many = words.at(-1) === people.head ? pluralOf(one) : people.text;
    // "a customer", "the client": one person; "people", "customers": several.
    return /^(?:an?|the) /iu.test(found) ? `${articleFor(one)}${one}` : many;
  });
}

function pluralOf(phrase: string): string {
  return /(?:s|x|ch|sh)$/u.test(phrase) ? `${phrase}es` : phrase.replace(/([^aeiou])y$/u, '$1ie').concat('s');
}

function isPerson(lemma: string): boolean {
  return relatedTerms(lemma, { senses: 1, levels: 16 }).has('person');
}

/** The picturable noun phrase of the product phrase the brief stresses most, if any. */
function thingOf(input: SubjectInput, nlp: Nlp): Phrase | undefined {
  const name = new Set(words(input.businessName));
  const stress = new Map<string, { score: number; phrase: Phrase; order: number; named: boolean }>();
  let order = 0;
  const about = aboutTheBusiness(input);
  // The opening says what the business is; a first line that is only a name and a town says
  // nothing, and the line after it opens instead.
  const opening = about.slice(0, 2).find((text) => phrasesOf(nlp, text).length > 0) ?? '';
  const places: Array<[string, number]> = [
    [input.product, WEIGHT.product],
    [opening, WEIGHT.opening],
    ...about.map((text): [string, number] => [text, WEIGHT.anywhere]),
  ];
  for (const [text, weight] of places) {
    const seen = new Set<string>();
    for (const phrase of phrasesOf(nlp, text)) {
      if (name.has(phrase.head) || !picturable(phrase.head)) continue;
      const entry = stress.get(phrase.head) ?? { score: 0, phrase, order: order++, named: false };
      // Per place, a head counts once at the place's weight; anywhere, once per mention.
      if (weight !== WEIGHT.anywhere && seen.has(phrase.head)) continue;
      seen.add(phrase.head);
      entry.score += weight;
      // Only what the product phrase or the opening names is the business's thing; a noun
      // mentioned often elsewhere may be a prop, a pest or a pain.
      if (weight === WEIGHT.product) entry.named = true;
      // The longest way the brief names it ("wireless mechanical keyboard" over "keyboard").
      if (phrase.text.split(' ').length > entry.phrase.text.split(' ').length && weight > WEIGHT.anywhere)
        entry.phrase = phrase;
      stress.set(phrase.head, entry);
    }
  }
  const best = [...stress.values()]
    .filter((e) => e.named)
    .sort((a, b) => b.score - a.score || a.order - b.order)[0];
  return best?.phrase;
}

/** The brief's sentences and items about the business: labels cut, audience, tone and notes left out. */
function aboutTheBusiness(input: SubjectInput): string[] {
  const language = patternLanguage(input.language);
  return segment(input.summary, language)
    .filter((seg) => !(seg.label && 'field' in seg.label && NOT_THE_BUSINESS.has(seg.label.field)))
    .map((seg) => seg.text.slice(leadingLabel(seg.text, language)?.length ?? 0))
    .filter((text) => sentenceKind(text).kind === 'fact');
}

/** The brief's noun phrases: adjectives and nouns up to a noun head, proper names left out. */
function phrasesOf(nlp: Nlp, text: string): Phrase[] {
  const terms: Term[] = nlp(text)
    .json()
    .flatMap((s: { terms: Array<{ text: string; tags: string[]; post: string }> }) =>
      s.terms.map((t) => ({ text: t.text, tags: t.tags, post: t.post })),
    );
  const out: Phrase[] = [];
  let run: Term[] = [];
  const close = () => {
    while (run.length > 0 && !isNoun(run.at(-1))) run.pop();
    const phrase = phraseOf(run.slice(-MAX_PHRASE_WORDS).map((t) => clean(t.text)));
    if (phrase) out.push(phrase);
    run = [];
  };
  const all = terms as Array<Term & { post: string }>;
  all.forEach((t, i) => {
    // A gerund that starts a compound WordNet knows ("rocking chair") is part of the phrase.
    const compound = lemmaOf(`${clean(t.text)} ${clean(all[i + 1]?.text ?? '')}`) !== undefined;
    const word = isNoun(t) || t.tags.includes('Adjective') || compound;
    const proper = t.tags.some((tag) => ['ProperNoun', 'Place', 'Person', 'Organization'].includes(tag));
    // A hyphenated run ("whole-of-market", "after-school") qualifies; its parts name nothing.
    const excluded = t.tags.some((tag) => ['Possessive', 'Pronoun', 'Value', 'Hyphenated'].includes(tag));
    if (word && !proper && !excluded && /^[\p{L}-]+$/u.test(clean(t.text))) run.push(t);
    else close();
    // Punctuation after a word ends its phrase ("IPA, 6.8%": "IPA" is one phrase).
    if (/[,;:.()/–—]/u.test(t.post)) close();
  });
  close();
  return out;
}

/**
 * A run of words as a phrase and its head: a compound WordNet knows ("hearing aid", "car wash"),
 * else the last noun; when that is a service or an act done to something ("furniture rental",
 * "roof repairs"), the noun before it is the thing a picture shows.
 */
function phraseOf(run: string[]): Phrase | undefined {
  const ws = run.filter(Boolean);
  for (let end = ws.length; end > 0; end--) {
    const pair = end >= 2 ? lemmaOf(ws.slice(end - 2, end).join(' ')) : undefined;
    const head = pair ?? lemmaOf(ws[end - 1] ?? '');
    if (!head || head.length < 3) return undefined;
    if (end === ws.length && end >= 2 && !picturable(head)) continue;
    // What a service is done to is shown when it is a thing ("furniture rental"), not a pest or
    // an animal treated ("termite inspections": the scene shows the technician).
    if (end < ws.length && isAnimal(head)) return undefined;
    return { text: ws.slice(0, end).join(' '), head, last: end === ws.length };
  }
  return undefined;
}

function isAnimal(lemma: string): boolean {
  return relatedTerms(lemma, { senses: 1, levels: 16 }).has('animal');
}

function isNoun(t: Term | undefined): boolean {
  return !!t && t.tags.includes('Noun') && !t.tags.includes('Gerund');
}

const clean = (w: string) => w.toLowerCase().replace(/[^\p{L}-]+/gu, '');

const words = (text: string) => (text.toLowerCase().match(/\p{L}+/gu) ?? []).map((w) => lemmaOf(w) ?? w);

/** Whether one of a lemma's two usual senses is something a camera sees and says something of a business. */
export function picturable(lemma: string): boolean {
  if (GENERIC_HEADS.words.has(lemma)) return false;
  // WordNet's first sense is not always the usual one ("wash": a coat of paint before the work).
  return offsetsOf(lemma)
    .slice(0, SENSES)
    .some((offset, i) => {
      const broader = relatedTerms(lemma, { from: [offset], levels: 16 });
      // A rarer sense that is a person ("replacement": a stand-in) is not what the word means here.
      const under = i === 0 ? PICTURABLE.under : PICTURABLE.under.filter((w) => w !== 'person');
      return !PICTURABLE.not.some((w) => broader.has(w)) && under.some((w) => broader.has(w));
    });
}

/** The thing in the scene: already named, in place of the broader noun it is a kind of, or added. */
function inScene(thing: Phrase, scene: string, nlp: Nlp): string {
  const nouns = phrasesOf(nlp, scene).map((p) => p.head);
  const broader = relatedTerms(thing.head, { senses: 1, levels: KIND_LEVELS });
  if (
    nouns.includes(thing.head) ||
    nouns.some((n) => relatedTerms(n, { senses: 1, levels: 0 }).has(thing.head))
  )
    return scene;
  const kindOf = nouns.find((n) => broader.has(n));
  // A person of the brief who is no kind of the scene's person is left out: the scene's person
  // is the trade's, and two people would be a different picture.
  if (!kindOf && broader.size > 0 && relatedTerms(thing.head, { senses: 1, levels: 16 }).has('person'))
    return scene;
  if (kindOf) {
    const re = new RegExp(`\\b(an? )?${kindOf}s?\\b`, 'iu');
    const plural = !thing.text.endsWith(thing.head);
    return scene.replace(re, (_m, article?: string) =>
      article && !plural ? `${articleFor(thing.text)}${thing.text}` : thing.text,
    );
  }
  // One of a countable thing takes its article ("with a boiler"); several, or a mass, none.
  const bare = nlp(thing.text).has('(#Plural|#Uncountable)');
  return `${scene}, with ${bare ? '' : articleFor(thing.text)}${thing.text}`;
}

function articleFor(phrase: string): string {
  return /^[aeiou]/iu.test(phrase) ? 'an ' : 'a ';
}
