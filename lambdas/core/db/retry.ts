/**
 * The one backoff of the service: exponential with equal jitter (half of each step fixed, half
 * random; "Exponential Backoff And Jitter", AWS Architecture Blog), so retries that failed
 * together spread out while each still waits at least half its step. Used by every retry loop
 * (`retryWithBackoff` below), the visibility delay of a slot message that will be retried
 * (`generate/worker.ts`) and the webhook deliverer's next attempt (`webhooks/backoff.ts`).
 */
export type Backoff = { baseMs: number; capMs: number };

/** The delay before retry number `attempt` (1 = the first retry): between half and all of base·2^(attempt−1), capped. */
export function backoffMs(attempt: number, backoff: Backoff, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** A step's answer asking to be called again; `cause` is thrown when no attempt is left. */
export class Again {
  constructor(readonly cause: unknown) {}
}

/**
 * The one retry loop: calls `step` (with its attempt number, from 1) until it answers anything
 * but Again, sleeping `backoffMs` between calls; when the last of `maxAttempts` calls answered
 * Again, throws its cause. The step decides what is worth retrying (a throw ends the loop).
 */
export async function retryWithBackoff<T>(
  step: (attempt: number) => Promise<T | Again>,
  options: Backoff & { maxAttempts: number },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const answer = await step(attempt);
    if (!(answer instanceof Again)) return answer;
    if (attempt >= options.maxAttempts) throw answer.cause;
    await new Promise((r) => setTimeout(r, backoffMs(attempt, options)));
  }
}

/**
 * Calls `step` with the work still to do until nothing is left (unprocessed items of a batch
 * call), with the backoff of `retryWithBackoff`; throws after `maxAttempts` calls that left work over.
 */
export async function retryUntilDone<T>(
  work: readonly T[],
  step: (pending: readonly T[]) => Promise<readonly T[] | undefined>,
  options: Backoff & { maxAttempts: number; what: string },
): Promise<void> {
  let pending: readonly T[] = work;
  if (pending.length === 0) return;
  await retryWithBackoff(async (attempt) => {
    pending = (await step(pending)) ?? [];
    if (pending.length === 0) return;
    return new Again(
      new Error(`${options.what}: ${pending.length} left unprocessed after ${attempt} attempts.`),
    );
  }, options);
}
