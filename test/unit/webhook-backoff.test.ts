import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backoffMs } from '#core/db/retry.ts';
import { nextAttemptAt, type RetryPolicy } from '#core/webhooks/backoff.ts';

const DEFAULTS: RetryPolicy = { baseMs: 30_000, capMs: 3_600_000, windowMs: 86_400_000 };

describe('webhook retry backoff', () => {
  it('doubles from the base up to the cap, with half of each step jittered', () => {
    const low = (n: number) => backoffMs(n, DEFAULTS, () => 0);
    const high = (n: number) => backoffMs(n, DEFAULTS, () => 1);
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(low)).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_800_000,
    ]);
    expect([1, 2, 3, 8, 20].map(high)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (n, r) => {
          const step = Math.min(DEFAULTS.capMs, DEFAULTS.baseMs * 2 ** (n - 1));
          const delay = backoffMs(n, DEFAULTS, () => r);
          expect(delay).toBeGreaterThanOrEqual(step / 2);
          expect(delay).toBeLessThanOrEqual(step);
        },
      ),
    );
  });

  it('retries for at least the 24 h window whatever the jitter, then gives up', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 0.999999, noNaN: true }), (r) => {
        const created = new Date('2026-01-01T00:00:00Z');
        let at = created;
        let attempts = 0;
        for (;;) {
          attempts += 1; // an attempt at `at` failed
          const next = nextAttemptAt(created, at, attempts, DEFAULTS, () => r);
          if (!next) break;
          expect(next.getTime()).toBeGreaterThan(at.getTime());
          at = next;
        }
        const span = at.getTime() - created.getTime();
        expect(span).toBeGreaterThanOrEqual(DEFAULTS.windowMs);
        // The last wait is at most the cap, so it ends within an hour of the window.
        expect(span).toBeLessThan(DEFAULTS.windowMs + DEFAULTS.capMs);
        expect(attempts).toBeGreaterThanOrEqual(20);
      }),
      { numRuns: 50 },
    );
  });

  it('the schedule with the defaults and mid jitter, as the ADR lists it', () => {
    const created = new Date(0);
    const schedule: number[] = [];
    let at = created;
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAt(created, at, attempts, DEFAULTS, () => 0.5);
      if (!next) break;
      at = next;
      schedule.push(at.getTime());
    }
    const minutes = schedule.slice(0, 9).map((ms) => Math.round(ms / 60_000));
    console.log(
      `attempts after the first at minutes ${minutes.join(', ')} …; ${schedule.length + 1} attempts in all`,
    );
    expect(minutes).toEqual([0, 1, 3, 6, 12, 24, 48, 93, 138]);
    expect(schedule.length + 1).toBe(39);
  });
});
