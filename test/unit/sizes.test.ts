import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deliverySize } from '#core/images/sizes.ts';

describe('deliverySize', () => {
  it.each([
    [1, 1, 1080, 1080],
    [4, 5, 1080, 1350],
    [9, 16, 1080, 1920],
    [16, 9, 1920, 1080],
    [191, 100, 1200, 628],
    [2, 3, 1000, 1500],
    [2, 2, 1080, 1080],
  ])('%i:%i → %i×%i', (w, h, width, height) => {
    expect(deliverySize({ w, h })).toEqual({ width, height });
  });

  it('gives any other ratio its exact shape with the long side in 1080–1920', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), (w, h) => {
        fc.pre(Math.max(w / h, h / w) <= 4);
        const { width, height } = deliverySize({ w, h });
        expect(width * h).toBe(height * w);
        expect(Math.max(width, height)).toBeGreaterThanOrEqual(1000);
        expect(Math.max(width, height)).toBeLessThanOrEqual(1920);
      }),
    );
  });
});
