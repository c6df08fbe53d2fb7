import { describe, expect, it } from 'vitest';
import { offsetsOf, relatedTerms, synset, usualSenses } from '#core/lexicon/wordnet.ts';

describe('WordNet senses a brief means', () => {
  it('leaves out the named individuals filed under a common noun', () => {
    // WordNet lists John and Alice Walker before the pedestrian.
    expect(
      offsetsOf('walker')
        .slice(0, 2)
        .every((off) => synset(off).instance),
    ).toBe(true);
    const usual = usualSenses('walker');
    expect(usual.length).toBeGreaterThan(0);
    expect(usual.some((off) => synset(off).instance)).toBe(false);
    expect(synset(usual[0] ?? -1).words).toContain('pedestrian');
    // So a walker, in its usual sense, is a kind of person; "sessions" (Roger Sessions) is no noun of people.
    expect(relatedTerms('walker', { senses: 1, levels: 16 }).has('person')).toBe(true);
    expect(relatedTerms('sessions', { senses: 1, levels: 16 }).has('person')).toBe(false);
  });
});
