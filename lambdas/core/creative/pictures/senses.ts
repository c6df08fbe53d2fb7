import { ancestors, offsetsOf } from '../../lexicon/wordnet.ts';
import { signature } from './signature.ts';
import type { Term } from './terms.ts';

// Which sense of a brief's word the brief means (choose.ts reads each word in one sense).

/** Senses read per word (WordNet orders them by frequency; rarer ones are seldom meant). */
export const SENSES = 4;

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
