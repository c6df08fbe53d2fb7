import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { finalStatus } from '#core/entities/job.ts';
import { isFinalJobStatus } from '#core/job-status.ts';

/** A job's counters: every split of `jobs` images into succeeded, failed, cancelled and unsettled. */
const counters = fc
  .tuple(fc.nat(50), fc.nat(50), fc.nat(50), fc.nat(50))
  .map(([succeeded, failed, cancelled, unsettled]) => ({
    jobs: succeeded + failed + cancelled + unsettled,
    succeeded,
    failed,
    cancelled,
    unsettled,
  }));

describe('a job’s final status', () => {
  it('is fixed only once every image is settled, and is a final status then', () => {
    fc.assert(
      fc.property(counters, (job) => {
        const status = finalStatus(job);
        if (job.unsettled > 0) expect(status).toBeUndefined();
        else expect(status !== undefined && isFinalJobStatus(status)).toBe(true);
      }),
    );
  });

  it('is completed with no failure or cancellation, cancelled or failed with no success, else partially_failed', () => {
    fc.assert(
      fc.property(
        counters.filter((j) => j.unsettled === 0 && j.jobs > 0),
        (job) => {
          const expected =
            job.failed + job.cancelled === 0
              ? 'completed'
              : job.succeeded > 0
                ? 'partially_failed'
                : job.cancelled > 0
                  ? 'cancelled'
                  : 'failed';
          expect(finalStatus(job)).toBe(expected);
        },
      ),
    );
  });

  it('reads a job written before cancellation existed (no counter) as none cancelled', () => {
    expect(finalStatus({ jobs: 3, succeeded: 2, failed: 1 })).toBe('partially_failed');
    expect(finalStatus({ jobs: 3, succeeded: 3, failed: 0 })).toBe('completed');
    expect(finalStatus({ jobs: 3, succeeded: 0, failed: 0, cancelled: 3 })).toBe('cancelled');
    expect(finalStatus({ jobs: 3, succeeded: 1, failed: 0, cancelled: 1 })).toBeUndefined();
  });
});
