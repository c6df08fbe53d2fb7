import { lemmaOf, offsetsOf, relatedTerms } from '../lexicon/wordnet.ts';
import type { Nlp } from '../text/nlp.ts';
import { GENERIC_HEADS, PICTURABLE } from './patterns/subject.ts';

// The brief's noun phrases as the picture subject reads them (subject.ts): which words make a
// phrase, which noun is its head, and what WordNet says that head is.

/** WordNet senses read per word, most frequent first. */
const SENSES = 2;
/** Words a noun phrase of the brief keeps before its head ("wireless mechanical"). */
const MAX_PHRASE_WORDS = 4;

/** A noun phrase, its head, and whether the head ends the run it came from ("taster" of "taster sessions" does not). */
export type Phrase = { text: string; head: string; last?: boolean };

type Term = { text: string; tags: string[] };

/** A noun whose usual sense is a kind of person (a roofer, a freelancer; not Roger Sessions). */
export function isPerson(lemma: string): boolean {
  return relatedTerms(lemma, { senses: 1, levels: 16 }).has('person');
}

/** The brief's noun phrases: adjectives and nouns up to a noun head, proper names left out. */
export function phrasesOf(nlp: Nlp, text: string): Phrase[] {
  const terms: Term[] = nlp(text)
    .json()
    .flatMap((s: { terms: Array<{ text: string; tags: string[]; post: string }> }) =>
      s.terms.map((t) => ({ text: t.text, tags: t.tags, post: t.post })),
    );
  const out: Phrase[] = [];
  let run: Term[] = [];
  const close = () => {
    while (run.length > 0 && !isNoun(run.at(-1))) run.pop();
    const kept = run.slice(-MAX_PHRASE_WORDS);
    const phrase = phraseOf(
      kept.map((t) => clean(t.text)),
      kept.map((t) => isNoun(t)),
    );
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
function phraseOf(run: string[], nouns: boolean[]): Phrase | undefined {
  const ws = run.filter(Boolean);
  const noun = nouns.filter((_, i) => Boolean(run[i]));
  for (let end = ws.length; end > 0; end--) {
    // Only a noun before the head can be the thing ("furniture" of "furniture rental"); an
    // adjective cannot ("personal" of "personal injury" is no newspaper item).
    const pair = end >= 2 ? lemmaOf(ws.slice(end - 2, end).join(' ')) : undefined;
    if (end < ws.length && !noun[end - 1] && !pair) return undefined;
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

export const words = (text: string) =>
  (text.toLowerCase().match(/\p{L}+/gu) ?? []).map((w) => lemmaOf(w) ?? w);

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

/** The indefinite article a phrase takes, by its first letter. */
export function articleFor(phrase: string): string {
  return /^[aeiou]/iu.test(phrase) ? 'an ' : 'a ';
}
