import { describe, expect, it } from 'vitest';
import { type Judgements, judgedVerdict, majority } from '../../eval/pictures/judged.ts';

describe('readers’ verdicts on pictures (ADR 0065)', () => {
  it('takes the verdict more than half the readers gave, else neutral', () => {
    expect(majority(['R', 'R', 'N'])).toBe('R');
    expect(majority(['W', 'W', 'R'])).toBe('W');
    // Split three ways, or two against two: nobody's verdict wins, so the picture is not counted relevant.
    expect(majority(['R', 'N', 'W'])).toBe('N');
    expect(majority(['R', 'R', 'W', 'W'])).toBe('N');
    expect(majority([])).toBeUndefined();
  });

  it('reads a brief’s picture by its source and name, and says when it was never judged', () => {
    const table: Judgements = {
      'some-brief': { 'fluent:house': { a: 'R', b: 'R', c: 'N' }, 'tabler:house': { a: 'W', b: 'W' } },
    };
    expect(judgedVerdict('some-brief', { source: 'fluent', name: 'house' }, table)).toBe('R');
    expect(judgedVerdict('some-brief', { source: 'tabler', name: 'house' }, table)).toBe('W');
    expect(judgedVerdict('some-brief', { source: 'fluent', name: 'key' }, table)).toBeUndefined();
    expect(judgedVerdict('other-brief', { source: 'fluent', name: 'house' }, table)).toBeUndefined();
  });
});
