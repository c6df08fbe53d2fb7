import { ancestors, LEX_FILE, lemmaOf, offsetsOf, synset } from '../../lexicon/wordnet.ts';
import type { LibraryPicture } from './library.ts';
import { ownLemma, signature } from './signature.ts';
import { type Term, tokens } from './terms.ts';

// Which sense of a brief's word the brief means (choose.ts reads each word in one sense).

/** Senses read per word (WordNet orders them by frequency; rarer ones are seldom meant). */
const SENSES = 4;

/**
 * The sense of `lemma` the brief means: the one whose signature shares most with the brief's
 * other words and their first senses' signatures (ties go to the more frequent sense).
 */
export function senseOf(lemma: string, context: ReadonlySet<string>): number | undefined {
  const senses = offsetsOf(lemma).slice(0, SENSES);
  if (senses.length <= 1) return senses[0];
  let best = senses[0];
  let bestScore = 0;
  for (const off of senses) {
    let score = 0;
    for (const t of signature(off)) if (t !== lemma && context.has(t)) score++;
    if (score > bestScore) {
      best = off;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The sense of a word that a compound of the brief ending with it is a kind of: the brief's
 * "window blind" says which blind its "blind" is (a screen, not the people WordNet lists first).
 */
export function senseInCompound(word: string, terms: readonly Term[]): number | undefined {
  if (word.includes(' ')) return undefined;
  const own = new Set(offsetsOf(word).slice(0, SENSES));
  for (const t of terms) {
    if (!t.word.endsWith(` ${word}`)) continue;
    for (const [off] of ancestors(offsetsOf(t.word).slice(0, 1), 4)) if (own.has(off)) return off;
  }
  return undefined;
}

/** The phrase is a WordNet compound none of whose senses lies under the sense the brief means. */
export function otherSense(phrase: string, briefSense: number | undefined): boolean {
  if (briefSense === undefined || !phrase.includes(' ')) return false;
  const own = offsetsOf(phrase);
  return own.length > 0 && !ancestors(own, 4).has(briefSense);
}

/** WordNet's lexicographer files of objects: animals, artifacts, foods, plants. */
const OBJECT_FILES = new Set<number>([LEX_FILE.animal, LEX_FILE.artifact, LEX_FILE.food, LEX_FILE.plant]);

/**
 * Whether the brief means its word as an object the picture is no kind of: the window blind of a
 * blinds fitter is no guide dog's "the blind" (WordNet defines a guide dog by the people). A
 * person or an act the definition names (a plumber's plunger, a yoga pose) is meant as said.
 */
export function anotherObject(picture: LibraryPicture, briefSense: number | undefined): boolean {
  if (briefSense === undefined || !OBJECT_FILES.has(synset(briefSense).lexFile)) return false;
  return !ancestors(offsetsOf(ownLemma(picture)).slice(0, 2), 4).has(briefSense);
}

/**
 * The words of WordNet's other names for a phrase, in any of its first senses: a plunger is a
 * "plumber's helper", so a plunger tagged "plumber" is the plumber's tool by two sources.
 */
export function synonymWords(phrase: string): string[] {
  return offsetsOf(phrase)
    .slice(0, SENSES)
    .flatMap((off) => synset(off).words.flatMap((w) => tokens(w)));
}

/**
 * The words of WordNet's definition of a phrase, in its two usual senses: the whole definition
 * ("…; used in yoga"), not its quoted examples.
 */
export function definitionWords(phrase: string): string[] {
  return offsetsOf(phrase)
    .slice(0, 2)
    .flatMap((off) => tokens(synset(off).gloss.split('"')[0] ?? ''));
}

/** Whether WordNet's definition of a compound says `word`, or a form of it. */
export function glossSays(phrase: string, word: string): boolean {
  const lemma = lemmaOf(word) ?? word;
  return definitionWords(phrase).some((t) => t === word || (lemmaOf(t) ?? t) === lemma);
}

/** The brief's sense and the picture's are one, or one is a kind of the other (a dog for a puppy). */
export function sameThing(pictureOff: number, briefOff: number | undefined): boolean {
  if (briefOff === undefined) return true;
  return ancestors([pictureOff], 4).has(briefOff) || ancestors([briefOff], 4).has(pictureOff);
}
