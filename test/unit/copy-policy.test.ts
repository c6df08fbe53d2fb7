import { describe, expect, it } from 'vitest';
import {
  containsBanned,
  copyViolations,
  endsMidPhrase,
  hasLabel,
  repeatedAcrossFields,
  sentencesOf,
  untraced,
} from '#core/text/policy/copy-policy.ts';
import { EXAMPLES } from '#core/text/policy/policy-data.ts';

const ctx = {
  language: 'en',
  banned: [],
  sources: ['Rated 4.7/5 on G2 from 312 reviews, family-run since 1987.'],
};

describe('the copy policy (its pattern data carries the examples it is tested on)', () => {
  it('catches the labels of a brief and lets a fact through', () => {
    for (const t of EXAMPLES.labels.catch) expect(hasLabel(t), t).toBe(true);
    for (const t of EXAMPLES.labels.pass) expect(hasLabel(t), t).toBe(false);
  });

  it('catches placeholders and dangling endings', () => {
    for (const t of EXAMPLES.placeholders.catch)
      expect(copyViolations(t, { ...ctx, sources: [t] }).join(), t).toMatch(/placeholder/);
    for (const t of EXAMPLES.placeholders.pass)
      expect(copyViolations(t, { ...ctx, sources: [t] }), t).toEqual([]);
    for (const t of EXAMPLES.dangling.catch) expect(endsMidPhrase(t, 'en'), t).toBe(true);
    for (const t of EXAMPLES.dangling.pass) expect(endsMidPhrase(t, 'en'), t).toBe(false);
  });

  it('bans a word with its forms ("cheap" bans "cheaper" and "cheapest"), not a longer word', () => {
    const { banned } = EXAMPLES.wordForms;
    for (const t of EXAMPLES.wordForms.catch) expect(containsBanned(t, [banned], 'en'), t).toEqual([banned]);
    for (const t of EXAMPLES.wordForms.pass) expect(containsBanned(t, [banned], 'en'), t).toEqual([]);
    expect(containsBanned('Die günstigsten Küchen', ['günstig'], 'de')).toEqual(['günstig']);
  });

  it('keeps a rating on its scale: "Rated 5" does not trace to "4.7/5"', () => {
    expect(untraced('Rated 5 on G2', ctx.sources)).toEqual(['5']);
    expect(untraced('Rated 4.7/5 on G2', ctx.sources)).toEqual([]);
    expect(untraced('Since 1987, 312 reviews', ctx.sources)).toEqual([]);
    expect(untraced('Free survey for 40 years', ctx.sources)).toEqual(['40', 'free']);
  });

  it("rules out the brief's avoid list, the campaign name and over-long text", () => {
    const text = 'The fastest roofer in Leeds';
    const v = copyViolations(text, {
      ...ctx,
      sources: [text],
      avoid: ['fastest'],
      campaignName: 'Leeds_Q4',
      limit: 20,
    });
    expect(v.join(' | ')).toMatch(/rules this out: fastest/);
    expect(v.join(' | ')).toMatch(/27 characters, limit 20/);
    expect(
      copyViolations('Roofing for Leeds Q4', {
        ...ctx,
        sources: ['Roofing for Leeds Q4'],
        campaignName: 'Leeds_Q4',
      }),
    ).toContain('the internal campaign name');
  });

  it('finds a sentence said twice across the fields of one ad', () => {
    expect(
      repeatedAcrossFields(
        ['Family-run since 1987', 'Family-run since 1987. Book a survey.', 'Which? Trusted Trader'],
        'en',
      ),
    ).toEqual(['Family-run since 1987.']);
    expect(repeatedAcrossFields(['One', 'Two. Three.', 'Four'], 'en')).toEqual([]);
  });
});

describe('sentences of a text, as the brief is read', () => {
  it('an abbreviation, a name with a stop and a German date do not end a sentence; a stop before a figure does', () => {
    expect(sentencesOf('Acme & Co. Tiles: open since 1999.', 'en')).toEqual([
      'Acme & Co. Tiles: open since 1999.',
    ]);
    expect(sentencesOf('Small groups of max. 4 pupils. Free trial.', 'en')).toEqual([
      'Small groups of max. 4 pupils.',
      'Free trial.',
    ]);
    expect(sentencesOf('Aktion bis 15. März: Backofen gratis. Seit 1990 im Ort.', 'de')).toEqual([
      'Aktion bis 15. März: Backofen gratis.',
      'Seit 1990 im Ort.',
    ]);
    expect(sentencesOf('First visit free. 92% come back.', 'en')).toEqual([
      'First visit free.',
      '92% come back.',
    ]);
  });
});
