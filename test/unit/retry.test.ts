import { describe, expect, it } from 'vitest';
import type { DbDeps } from '#core/db/deps.ts';
import { Again, backoffMs, retryUntilDone, retryWithBackoff } from '#core/db/retry.ts';
import { TRANSACTION_CONFLICTS, transactWrite } from '#core/db/transact.ts';
import { retryDelaySeconds } from '#generate/worker.ts';

describe('the one backoff', () => {
  it('doubles per attempt between half and all of its ceiling, capped', () => {
    const b = { baseMs: 100, capMs: 1_000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, b, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, b, () => 1))).toEqual([100, 200, 400, 800, 1_000]);
  });

  it("sets a retried slot message's visibility from 5–10 s up to 7.5–15 min", () => {
    expect(retryDelaySeconds(1, () => 0)).toBe(5);
    expect(retryDelaySeconds(1, () => 1)).toBe(10);
    expect(retryDelaySeconds(20, () => 0)).toBe(450);
    expect(retryDelaySeconds(20, () => 1)).toBe(900);
  });

  it('retries only what is left until nothing is, and gives up after the attempts allowed', async () => {
    const calls: number[][] = [];
    await retryUntilDone(
      [1, 2, 3],
      async (pending) => {
        calls.push([...pending]);
        return pending.slice(1);
      },
      { baseMs: 1, capMs: 2, maxAttempts: 5, what: 'test' },
    );
    expect(calls).toEqual([[1, 2, 3], [2, 3], [3]]);

    let attempts = 0;
    const stuck = retryUntilDone(
      [1],
      async (pending) => {
        attempts += 1;
        return pending;
      },
      { baseMs: 1, capMs: 2, maxAttempts: 3, what: 'BatchWriteItem' },
    );
    await expect(stuck).rejects.toThrow('BatchWriteItem: 1 left unprocessed after 3 attempts.');
    expect(attempts).toBe(3);
  });

  it('calls a step again while it answers Again, then answers what it answered', async () => {
    const attempts: number[] = [];
    const answer = await retryWithBackoff(
      async (attempt) => {
        attempts.push(attempt);
        return attempt < 3 ? new Again(new Error('conflict')) : 'done';
      },
      { baseMs: 1, capMs: 2, maxAttempts: 5 },
    );
    expect(answer).toBe('done');
    expect(attempts).toEqual([1, 2, 3]);
  });

  it("throws the last Again's cause when no attempt is left, and a step's own throw at once", async () => {
    let calls = 0;
    const cause = new Error('still conflicting');
    const exhausted = retryWithBackoff(
      async () => {
        calls += 1;
        return new Again(cause);
      },
      { baseMs: 1, capMs: 2, maxAttempts: 4 },
    );
    await expect(exhausted).rejects.toBe(cause);
    expect(calls).toBe(4);

    calls = 0;
    const failing = retryWithBackoff(
      async () => {
        calls += 1;
        throw new Error('not retryable');
      },
      { baseMs: 1, capMs: 2, maxAttempts: 4 },
    );
    await expect(failing).rejects.toThrow('not retryable');
    expect(calls).toBe(1);
  });
});

describe('a transaction cancelled by a concurrent write', () => {
  const cancelled = (...codes: string[]) =>
    Object.assign(new Error('Transaction cancelled'), {
      name: 'TransactionCanceledException',
      CancellationReasons: codes.map((Code) => ({ Code })),
    });
  // A client that answers the queued errors in turn, then succeeds: the error mapping of one
  // send, which DynamoDB Local does not produce on demand.
  const client = (answers: unknown[]) => {
    const sent: unknown[] = [];
    const ddb = {
      send: async (command: unknown) => {
        sent.push(command);
        const next = answers.shift();
        if (next) throw next;
        return {};
      },
    };
    return { deps: { ddb } as unknown as DbDeps, sent };
  };

  it('is sent again until it goes through', async () => {
    const { deps, sent } = client([
      cancelled('None', 'TransactionConflict'),
      cancelled('TransactionConflict'),
    ]);
    await transactWrite(deps, { TransactItems: [] });
    expect(sent).toHaveLength(3);
  });

  it('is thrown at once when a condition failed, even beside a conflict', async () => {
    const error = cancelled('ConditionalCheckFailed', 'TransactionConflict');
    const { deps, sent } = client([error]);
    await expect(transactWrite(deps, { TransactItems: [] })).rejects.toBe(error);
    expect(sent).toHaveLength(1);
  });

  it('gives up with the conflict after the attempts allowed', async () => {
    const errors = Array.from({ length: 12 }, () => cancelled('TransactionConflict'));
    const last = errors[TRANSACTION_CONFLICTS.maxAttempts - 1];
    const { deps, sent } = client(errors);
    await expect(transactWrite(deps, { TransactItems: [] })).rejects.toBe(last);
    expect(sent).toHaveLength(TRANSACTION_CONFLICTS.maxAttempts);
  }, 20_000);
});
