import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchSize, planSlots } from '#core/generation/batch.ts';

describe('batchSize (spec rules 3–6)', () => {
  it.each([
    // angles, ratios, volume → jobs (the acceptance table of the generation issue)
    [0, 1, 1, 1],
    [0, 2, 1, 2],
    [0, 2, 5, 4],
    [2, 1, 7, 6],
    [3, 2, 10, 6],
  ])('%i angles × %i ratios at volume %i gives %i jobs', (angles, ratios, volume, jobs) => {
    expect(batchSize({ angles, ratios, volume }).jobs).toBe(jobs);
  });

  it('holds the rules for every input', () => {
    fc.assert(
      fc.property(
        fc.nat(20),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 500 }),
        (angles, ratios, volume) => {
          const { combinations, jobs } = batchSize({ angles, ratios, volume });
          // rule 3: no angle counts as one empty angle
          expect(combinations).toBe(Math.max(1, angles) * ratios);
          // every combination gets the same whole number of images, at least one (rule 6)
          expect(jobs % combinations).toBe(0);
          expect(jobs).toBeGreaterThanOrEqual(combinations);
          if (volume >= combinations) {
            // rule 5: rounded down, never above the volume, less than one round short of it
            expect(jobs).toBeLessThanOrEqual(volume);
            expect(volume - jobs).toBeLessThan(combinations);
          } else {
            // rule 6: one per combination, exceeding the volume
            expect(jobs).toBe(combinations);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses impossible inputs instead of computing nonsense', () => {
    expect(() => batchSize({ angles: -1, ratios: 1, volume: 1 })).toThrow(RangeError);
    expect(() => batchSize({ angles: 0, ratios: 0, volume: 1 })).toThrow(RangeError);
    expect(() => batchSize({ angles: 0, ratios: 1, volume: 0 })).toThrow(RangeError);
  });
});

describe('planSlots', () => {
  it('plans one slot per image covering every combination equally', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.uuid(), { maxLength: 5 }),
        fc.uniqueArray(fc.constantFrom('1:1', '4:5', '9:16', '16:9', '2:3'), { minLength: 1 }),
        fc.integer({ min: 1, max: 60 }),
        (angles, ratios, volume) => {
          const slots = planSlots(angles, ratios, volume);
          const { jobs, perCombination } = batchSize({
            angles: angles.length,
            ratios: ratios.length,
            volume,
          });
          expect(slots).toHaveLength(jobs);
          expect(slots.map((s) => s.index)).toEqual([...slots.keys()]);
          const counts = new Map<string, number>();
          for (const s of slots)
            counts.set(
              `${s.angleId}|${s.aspectRatio}`,
              (counts.get(`${s.angleId}|${s.aspectRatio}`) ?? 0) + 1,
            );
          expect([...counts.values()].every((n) => n === perCombination)).toBe(true);
          if (angles.length === 0) expect(slots.every((s) => s.angleId === null)).toBe(true);
        },
      ),
    );
  });
});
