import { ancestors, lemmaOf, offsetsOf, synset } from '../../lexicon/wordnet.ts';
import { tokens } from './terms.ts';

/** A sense's signature: its words, its gloss and its broader terms' words and glosses, two levels up. */
export function signature(offset: number): Set<string> {
  const out = new Set<string>();
  for (const [off] of ancestors([offset], 2)) {
    const s = synset(off);
    for (const w of s.words) for (const t of tokens(w)) out.add(t);
    for (const t of tokens(s.gloss.split(';')[0] ?? '')) out.add(t);
  }
  return out;
}

/**
 * A picture's tags or keywords share at least this many words with one sense of its name: the
 * picture is that sense ("nurse" tagged "medical", "hospital" is the health professional; a
 * package emoji tagged "box", "mail" is a parcel, not a software package).
 */
const TAG_SENSE_WORDS = 2;

/** What a picture's name says it is: its phrase, and the phrase's last word. */
type Named = { phrase: string; head: string };

export const ownLemma = (read: Named) =>
  offsetsOf(read.phrase).length > 0 ? read.phrase : (lemmaOf(read.head) ?? '');

/** The sense of a picture's name its tags say, when they say one clearly. */
export function tagSense(read: Named, tags: readonly string[]): number | undefined {
  const own = ownLemma(read);
  const words = new Set(tags.flatMap((k) => [...tokens(k), lemmaOf(k) ?? k]));
  let best: number | undefined;
  let bestScore = TAG_SENSE_WORDS - 1;
  for (const off of offsetsOf(own).slice(0, 4)) {
    let score = 0;
    for (const t of signature(off)) if (!own.split(' ').includes(t) && words.has(t)) score++;
    if (score > bestScore) {
      best = off;
      bestScore = score;
    }
  }
  return best;
}
