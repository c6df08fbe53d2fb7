import type { Deps } from './deps.ts';
import { countUse } from './entities/rate-window.ts';
import { RateLimitedError } from './errors.ts';

/**
 * One use of a per-account allowance of `limit` per fixed window of `windowSeconds` (one
 * counter item per account, bucket and window, removed by TTL after it). Past the limit it
 * throws a 429 `rate_limited` whose Retry-After is the time left in the window. A limit of 0
 * turns the check off.
 */
export async function consumeRateLimit(
  deps: Deps,
  accountId: string,
  bucket: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  if (limit <= 0) return;
  const nowMs = deps.now().getTime();
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(nowMs / windowMs) * windowMs;
  const end = start + windowMs;
  // The counter outlives its window by one more window, then TTL removes it.
  const counted = await countUse(deps, {
    accountId,
    bucket,
    windowStart: new Date(start),
    expiresAt: new Date(end + windowMs),
    limit,
  });
  if (!counted) {
    throw new RateLimitedError(
      `${bucket} is limited to ${limit} calls per ${windowSeconds < 60 ? `${windowSeconds} s` : `${windowSeconds / 60} minutes`} per account; retry after the window resets.`,
      (end - nowMs) / 1000,
    );
  }
}

/**
 * One API request of the account, counted against `accountRequestsPerSecond` (ADR 0032) in a
 * one-second window: a tenant past it gets 429 `rate_limited` with `Retry-After: 1`, so one
 * tenant cannot use up the stage's throttle that every tenant shares.
 */
export function consumeRequest(deps: Deps, accountId: string): Promise<void> {
  return consumeRateLimit(deps, accountId, 'requests', deps.config.accountRequestsPerSecond, 1);
}

/**
 * One call of the text model, counted against the account's hourly allowance
 * (`textActionsPerHour`): generate_angles, prepare_campaign, and generate_creatives or
 * regenerate_creative when they prepare a campaign's copy. The model is the costly shared
 * resource, so every path to it draws on the same allowance.
 */
export function consumeTextModelCall(deps: Deps, accountId: string): Promise<void> {
  return consumeRateLimit(deps, accountId, 'text_actions', deps.config.textActionsPerHour, 3600);
}
