import { describe, expect, it } from 'vitest';
import { loadNlp, parseSubject } from '#core/text/nlp.ts';
import { goldHeads } from '../../eval/gold-subject.ts';

const nounsOf = async (subject: string) =>
  parseSubject(await loadNlp(), subject)
    .match('#Noun')
    .out('array') as string[];

describe('a picture subject is read as a noun phrase with participles, never as a clause', () => {
  it('reads an opening plural the tagger took for a present-tense verb as the noun it heads', async () => {
    // The tagger reads "volunteers" as a verb here; before a preposition it heads the phrase.
    expect(await nounsOf('lifeboat volunteers in yellow jackets launching a boat')).toContain('volunteers');
    expect(await nounsOf('volunteers in bright vests sorting food parcels')).toContain('volunteers');
    // A participle stays a verb, and so does a verb with an object after it.
    expect(await nounsOf('a nurse smiling in a hospital corridor')).not.toContain('smiling');
    expect(await nounsOf('a baker pulls loaves from an oven')).not.toContain('pulls');
  });

  it('gives the eval the head a reader would name', async () => {
    const nlp = await loadNlp();
    expect(goldHeads(nlp, 'lifeboat volunteers in yellow jackets launching a boat')).toEqual(['volunteers']);
    expect(goldHeads(nlp, 'a jug of cider on an oak bar')).toEqual(['jug', 'cider']);
    // An "of" complement with adjectives is a head too (the tagger's first phrase stops before it).
    expect(goldHeads(nlp, 'a jug of cloudy dry cider on an oak bar')).toEqual(['jug', 'cider']);
  });
});
