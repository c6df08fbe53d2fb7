import { backoffMs } from '../db/retry.ts';

/** How a failed delivery is retried (ADR 0025). */
export type RetryPolicy = {
  /** The first retry's delay; each further one doubles it. */
  baseMs: number;
  /** No wait between two attempts is longer than this. */
  capMs: number;
  /** A delivery whose first attempt is older than this when an attempt fails is marked failed. */
  windowMs: number;
};

/**
 * When the attempt after `attempts` failed ones is due, or undefined when the delivery is to be
 * marked failed: once the retry window has passed since it was created, the last failure ends it,
 * so every delivery is retried for at least the whole window.
 */
export function nextAttemptAt(
  createdAt: Date,
  failedAt: Date,
  attempts: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): Date | undefined {
  if (failedAt.getTime() - createdAt.getTime() >= policy.windowMs) return undefined;
  // The service's one backoff: base doubling to the cap, half of each step jittered, so the
  // retries of many deliveries that failed together (a receiver down) spread out.
  return new Date(failedAt.getTime() + backoffMs(attempts, policy, random));
}
