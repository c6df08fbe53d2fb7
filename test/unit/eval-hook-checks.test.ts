import { describe, expect, it } from 'vitest';
import type { CorpusBrief } from '../../eval/corpus.ts';
import { EXAMPLES } from '../../eval/data/hook-checks.ts';
import { grammarSlips, isFiller, languageMiss } from '../../eval/sections/hooks.ts';

const brief = {
  language: 'en',
  research_summary:
    'Meridian Freight: sea and air freight. Pains: stuck shipments. USP: a named account manager.',
  campaign: { offer_text: '', cta_text: '' },
} as unknown as CorpusBrief;

describe('the hook metrics’ pattern data (its examples)', () => {
  it('calls template phrases and hooks without a word of the brief filler', () => {
    for (const t of EXAMPLES.filler.catch) expect(isFiller(t, brief), t).toBeDefined();
    for (const t of EXAMPLES.filler.pass) expect(isFiller(t, brief), t).toBeUndefined();
    expect(isFiller('Quality you can count on, every day.', brief)).toBe('no word of the brief');
  });

  it('finds the grammar slips a reader notices', () => {
    for (const t of EXAMPLES.slips.catch) expect(grammarSlips(t, 'en'), t).not.toEqual([]);
    for (const t of EXAMPLES.slips.pass) expect(grammarSlips(t, 'en'), t).toEqual([]);
    expect(grammarSlips('Book an drone survey', 'en')).toEqual(['"an drone"']);
    expect(grammarSlips('Roturas? Presupuesto cerrado.', 'es')).toContain('Spanish question without ¿');
  });

  it('judges a long text by franc and a short one by its function words', () => {
    // Short: franc-min reads "eng" here, the function word "en" says French.
    expect(languageMiss("Frais d'inscription offerts en septembre.", 'fr')).toBeUndefined();
    expect(languageMiss('Book your free visit with us today.', 'de')).toBe('function words read en');
    // No function word at all: too little to tell, not a miss.
    expect(languageMiss('Feste Lehrkraft. 2 kostenlose Probestunden.', 'de')).toBeUndefined();
    const long = 'Wir bauen Ihre Küche nach Maß und montieren sie in einem Tag bei Ihnen zu Hause.';
    expect(languageMiss(long, 'de')).toBeUndefined();
    expect(languageMiss(long, 'fr')).toBe('franc reads deu');
    // franc-min reads this French text as English; its function words ("en") say French.
    const french =
      "Nounous vérifiées (casier judiciaire + 2 références). Frais d'inscription offerts en septembre.";
    expect(languageMiss(french, 'fr')).toBeUndefined();
  });
});
