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
 * The wait before the attempt after `attempts` failed ones: exponential (base × 2^(n-1), capped)
 * with "equal jitter" — half the delay fixed, half random — so the retries of many deliveries
 * that failed together (a receiver down) spread out instead of arriving in waves, while each
 * still waits at least half its step. `random` is in [0, 1).
 */
export function retryDelayMs(
  attempts: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const step = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(step / 2 + (step / 2) * random());
}

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
  return new Date(failedAt.getTime() + retryDelayMs(attempts, policy, random));
}
