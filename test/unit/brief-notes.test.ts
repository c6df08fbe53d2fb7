import { describe, expect, it } from 'vitest';
import { extractBriefWith } from '#core/brief/extract.ts';
import { findFigures, widenToFigures } from '#core/brief/figures.ts';

/** Working notes, copywriter directions and cut figures never become facts (invented briefs). */
const factsOf = (researchSummary: string, language = 'en') =>
  extractBriefWith({ researchSummary, language, clientName: 'Acme Tiles' }, undefined).facts.map(
    (f) => f.text,
  );

describe('notes and directions in a brief', () => {
  it('drops notes and bracketed asides, keeps the claims around them', () => {
    const facts = factsOf(
      'Acme Tiles fits bathroom tiles in Dover.\nProof: rated 4.6/5 from 210 reviews [check figure]\nOffer: free design visit (TBC with client)\nInternal: margin is thin this quarter',
    );
    expect(facts).toContain('rated 4.6/5 from 210 reviews');
    expect(facts.join(' ')).not.toMatch(/check figure|TBC|margin/);
  });

  it('keeps a claim and drops the direction after it', () => {
    const facts = factsOf(
      'Acme Tiles fits bathroom tiles in Dover. Every fitter has 12 years on the tools, and honestly that is the whole pitch. Lead with the fitters.',
    );
    expect(facts).toContain('Every fitter has 12 years on the tools');
    expect(facts.join(' ')).not.toMatch(/pitch|Lead with/);
  });

  it('reads a section label after a separator or a stop as a new section, in German too', () => {
    const facts = factsOf(
      'Acme Fliesen verlegt Bäder in Ulm.\nBewertungen: 4,7/5 bei 180 Stimmen; Angebot: kostenlose Planung',
      'de',
    );
    expect(facts).toContain('kostenlose Planung');
    expect(facts.some((f) => f.includes('Angebot:'))).toBe(false);
  });

  it('widens a span that would cut a figure in two', () => {
    const text = 'open 9am - 5pm daily';
    const figures = findFigures(text);
    expect(widenToFigures(figures, 0, text.indexOf(' - '))).toEqual({
      start: 0,
      end: text.indexOf(' daily'),
    });
  });
});
