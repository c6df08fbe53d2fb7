import { ancestors, synset } from '../../lexicon/wordnet.ts';
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
