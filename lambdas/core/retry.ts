/**
 * The one backoff of the service: exponential with full jitter ("Exponential Backoff And
 * Jitter", AWS Architecture Blog), the curve the AWS SDK uses for its own retries. Used for the
 * unprocessed items of batch reads and writes (`db/table.ts`) and for the visibility delay of
 * a slot message that will be retried (`generate/worker.ts`).
 */
export type Backoff = { baseMs: number; capMs: number };

/** The delay before retry number `attempt` (1 = the first retry): between half and all of base·2^(attempt−1), capped. */
export function backoffMs(attempt: number, backoff: Backoff, random: () => number = Math.random): number {
  const ceiling = Math.min(backoff.capMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * Calls `step` with the work still to do until nothing is left, sleeping `backoffMs` between
 * calls; throws after `maxAttempts` calls that left work over.
 */
export async function retryUntilDone<T>(
  work: readonly T[],
  step: (pending: readonly T[]) => Promise<readonly T[] | undefined>,
  options: Backoff & { maxAttempts: number; what: string },
): Promise<void> {
  let pending: readonly T[] | undefined = work;
  for (let attempt = 0; pending && pending.length > 0; attempt++) {
    if (attempt >= options.maxAttempts) {
      throw new Error(`${options.what}: ${pending.length} left unprocessed after ${attempt} attempts.`);
    }
    if (attempt > 0) await new Promise((r) => setTimeout(r, backoffMs(attempt, options)));
    pending = await step(pending);
  }
}
