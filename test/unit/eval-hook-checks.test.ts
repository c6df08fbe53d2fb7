import { describe, expect, it } from 'vitest';
import type { CorpusBrief } from '../../eval/corpus.ts';
import { EXAMPLES } from '../../eval/data/hook-checks.ts';
import { grammarSlips, isFiller } from '../../eval/sections/hooks.ts';

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
});
