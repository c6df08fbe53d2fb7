import { relatedTerms } from '../lexicon/wordnet.ts';
import type { Nlp } from '../text/nlp.ts';
import { sentenceKind } from './fields.ts';
import { leadingLabel } from './label-lookup.ts';
import { articleFor, isPerson, type Phrase, phrasesOf, picturable, words } from './noun-phrases.ts';
import { ANYONE_IN_SCENE, MASS_ENDING, QUANTITY_WORDS, STAFF_BEFORE } from './patterns/subject.ts';
import { patternLanguage } from './patterns/types.ts';
import { segment } from './segment.ts';
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
/** The NLP library and the brief's noun phrases, read once per text within one subject. */
type Reader = { nlp: Nlp; phrases: (text: string) => Phrase[] };

/**
 * The picture subject of a brief: the brief's thing (from its product phrase) in the taxonomy's
 * scene (`scene`, in English); the scene alone without the NLP library (outside English).
 */
export function subjectOf(
  scene: string,
  product: string,
  brief: BriefText,
  nlp: Nlp | undefined,
  cues: readonly string[] = [],
): string {
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
  // The brief's texts are read by thingOf and peopleOf both: each is tagged once per call.
  const tagged = new Map<string, Phrase[]>();
  const read: Reader = {
    nlp,
    phrases: (text) => {
      const found = tagged.get(text) ?? phrasesOf(nlp, text);
      tagged.set(text, found);
      return found;
    },
  };
  const thing = thingOf(input, read);
  const placed = thing ? inScene(thing, scene, read) : (inTradeWords(input, cues, read) ?? scene);
  // The business's own staff ("our trainers", "BACP-accredited counsellors") are the scene's
  // agent already: they never stand in for its client ("a therapist listening to a counsellor").
  const people = peopleOf(input, read);
  const staff = people && STAFF_BEFORE.re.test(staffContext(input.summary, people.head));
  return withPeople(placed, staff ? undefined : people);
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
function peopleOf(input: SubjectInput, { nlp, phrases }: Reader): Phrase | undefined {
  const name = new Set(words(input.businessName));
  const count = new Map<string, { n: number; phrase: Phrase; order: number }>();
  const language = patternLanguage(input.language);
  for (const seg of segment(input.summary, language))
    for (const phrase of phrases(seg.text)) {
      if (name.has(phrase.head) || !picturable(phrase.head) || !isPerson(phrase.head)) continue;
      // A person word qualifying another noun ("taster sessions") names no people.
      if (phrase.last === false) continue;
      // A word that is first an adjective ("private offices") is no person, whatever the tagger said.
      if (nlp(phrase.head).has('#Adjective')) continue;
      const entry = count.get(phrase.head) ?? { n: 0, phrase: withoutQuantity(phrase), order: count.size };
      // The audience section says who the customers are: its people count twice.
      entry.n += seg.label && 'field' in seg.label && seg.label.field === 'audience' ? 2 : 1;
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

/** The words just before each mention of the people ("… accredited counsellors"), one per line. */
function staffContext(summary: string, head: string): string {
  const re = new RegExp(`([\\p{L}-]+[\\s-]+(?:[\\p{L}-]+[\\s-]+)?)${head}`, 'giu');
  return [...summary.matchAll(re)].map((m) => m[1]?.trim() ?? '').join('\n');
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

/** The picturable noun phrase of the product phrase the brief stresses most, if any. */
/** A head the brief writes in capitals is an acronym ("VAT returns"), not the noun it spells ("a vat"). */
function acronym(head: string, text: string): boolean {
  return head.length <= 5 && new RegExp(`(?<![\\p{L}])${head.toUpperCase()}(?![\\p{L}])`, 'u').test(text);
}

function thingOf(input: SubjectInput, { phrases }: Reader): Phrase | undefined {
  const name = new Set(words(input.businessName));
  const stress = new Map<string, { score: number; phrase: Phrase; order: number; named: boolean }>();
  let order = 0;
  const about = aboutTheBusiness(input);
  // The opening says what the business is; a first line that is only a name and a town says
  // nothing, and the line after it opens instead.
  const opening = about.slice(0, 2).find((text) => phrases(text).length > 0) ?? '';
  const places: Array<[string, number]> = [
    [input.product, WEIGHT.product],
    [opening, WEIGHT.opening],
    ...about.map((text): [string, number] => [text, WEIGHT.anywhere]),
  ];
  for (const [text, weight] of places) {
    const seen = new Set<string>();
    for (const phrase of phrases(text)) {
      if (name.has(phrase.head) || !picturable(phrase.head) || acronym(phrase.head, text)) continue;
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

/**
 * The product in the scene when WordNet cannot picture its head but the trade's cue words name
 * it ("hazy IPA": "ipa" is a cue of a brewery, and WordNet knows only the phonetic alphabet): it
 * names the scene's thing that is also one of the trade's words ("a glass of beer" → "a glass
 * of hazy IPA beer"), as the brief writes it. A short noun phrase only, without the
 * business's name; none when the scene names no thing of the trade.
 */
function inTradeWords(
  input: SubjectInput,
  cues: readonly string[],
  { nlp, phrases }: Reader,
): string | undefined {
  const name = new Set(words(input.businessName));
  const own = input.product
    .split(/\s+/)
    .filter((w) => w && !name.has(w.toLowerCase()))
    .join(' ')
    .trim();
  const last = own.split(' ').at(-1)?.toLowerCase() ?? '';
  const single = new Set(cues.filter((c) => !c.includes(' ')));
  if (!own || own.split(' ').length > 4 || /[^\p{L}' -]/u.test(own) || !single.has(last)) return undefined;
  // A clause is no thing ("installs rooftop solar"); a participle before a noun is ("iced …").
  const doc = nlp(own);
  const first = doc.terms().first();
  if (doc.has('#Pronoun') || (first.has('#PresentTense') && !first.has('#Noun'))) return undefined;
  const noun = phrases(input.scene).find(
    (p) => p.text === p.head && single.has(p.head) && picturable(p.head),
  );
  if (!noun || noun.head === last) return undefined;
  // Only a thing the scene names without an article ("a glass of beer"): whether the brief's
  // word takes one ("a software"?) is not known.
  const at = new RegExp(`(\\S+)\\s${noun.head}\\b`, 'u').exec(input.scene);
  if (!at || /^(?:an?|the)$/iu.test(at[1] ?? '')) return undefined;
  // The scene's word stays after the brief's ("hazy IPA beer"): it says what kind of thing it is.
  return input.scene.replace(new RegExp(`\\b${noun.head}\\b`, 'u'), `${own} ${noun.head}`);
}

/** The brief's sentences and items about the business: labels cut, audience, tone and notes left out. */
function aboutTheBusiness(input: SubjectInput): string[] {
  const language = patternLanguage(input.language);
  return segment(input.summary, language)
    .filter((seg) => !(seg.label && 'field' in seg.label && NOT_THE_BUSINESS.has(seg.label.field)))
    .map((seg) => seg.text.slice(leadingLabel(seg.text, language)?.length ?? 0))
    .filter((text) => sentenceKind(text).kind === 'fact');
}

/** The thing in the scene: already named, in place of the broader noun it is a kind of, or added. */
function inScene(thing: Phrase, scene: string, { nlp, phrases }: Reader): string {
  const nouns = phrases(scene).map((p) => p.head);
  const broader = relatedTerms(thing.head, { senses: 1, levels: KIND_LEVELS });
  // The scene names the thing, a synonym, or a kind of it ("bowls and mugs" are tableware).
  if (
    nouns.includes(thing.head) ||
    nouns.some((n) => relatedTerms(n, { senses: 1, levels: KIND_LEVELS }).has(thing.head))
  )
    return scene;
  // A noun of the scene the tagger read as no phrase's head ("a bowl of fresh food").
  const words = scene.toLowerCase().match(/\p{L}+/gu) ?? [];
  const kindOf =
    nouns.find((n) => broader.has(n)) ?? words.find((w) => broader.has(w) && nlp(w).has('#Noun'));
  // A person of the brief who is no kind of the scene's person is left out: the scene's person
  // is the trade's, and two people would be a different picture.
  if (!kindOf && broader.size > 0 && isPerson(thing.head)) return scene;
  if (kindOf) {
    const re = new RegExp(`\\b(an? )?${kindOf}s?\\b`, 'iu');
    const plural = !thing.text.endsWith(thing.head);
    return (
      scene
        .replace(re, (_m, article?: string) =>
          article && !plural ? `${articleFor(thing.text)}${thing.text}` : thing.text,
        )
        // The scene's word before the noun may be the thing's own ("fresh food" → "fresh dog food").
        .replace(/\b(\p{L}+) \1\b/gu, '$1')
    );
  }
  // One of a countable thing takes its article ("with a boiler"); several, or a mass, none.
  const bare = nlp(thing.text).has('(#Plural|#Uncountable)') || MASS_ENDING.re.test(thing.head);
  return `${scene}, with ${bare ? '' : articleFor(thing.text)}${thing.text}`;
}
