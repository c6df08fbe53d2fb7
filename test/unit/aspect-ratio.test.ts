import { describe, expect, it } from 'vitest';
import { formatAspectRatios, parseAspectRatios } from '#core/aspect-ratio.ts';

describe('parseAspectRatios', () => {
  it('accepts a comma-separated list with spaces and normalises it', () => {
    const parsed = parseAspectRatios(' 1:1 , 9:16,191:100');
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(formatAspectRatios(parsed.ratios)).toBe('1:1,9:16,191:100');
  });

  it.each([
    ['', "'' is not of the form"],
    ['1:1,', "'' is not of the form"],
    ['1x1', "'1x1' is not of the form"],
    ['1.5:1', "'1.5:1' is not of the form"],
    ['-1:1', "'-1:1' is not of the form"],
    ['0:1', "'0:1' has a zero side"],
    ['1:9', "'1:9' is more elongated"],
    ['1:1,1:1', "'1:1' duplicates '1:1'"],
    ['1:1,2:2', "'2:2' duplicates '1:1'"],
  ])('refuses %j and says why', (input, problem) => {
    const parsed = parseAspectRatios(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems.join('; ')).toContain(problem);
  });

  it('caps the number of ratios', () => {
    const many = Array.from({ length: 11 }, (_, i) => `${i + 1}:${i + 2}`).join(',');
    const parsed = parseAspectRatios(many);
    expect(parsed.ok).toBe(false);
  });
});
