import { SendMessageBatchCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOfSlotMessage, startWorkerLoop, type WorkerLoopOptions } from '#local/worker-loop.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { eventually } from './worker-harness.ts';

/**
 * The local event source hands a stopped loop's last long poll back to the queue: a message sent
 * right after one loop stops reaches the next loop on its first delivery, not after the queue's
 * visibility timeout (the provenance test's second job once waited a minute for its messages).
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

describe('local worker loop stop', () => {
  for (const mode of ['plain', 'fair'] as const) {
    it(`${mode}: a message sent just after a stop is received at once by the next loop`, async () => {
      const seen: SQSRecord[] = [];
      const options = (): WorkerLoopOptions => ({
        sqs: api.deps.sqs,
        queueUrl: api.queueUrl,
        concurrency: 2,
        handler: async (event) => {
          seen.push(...event.Records);
          return { batchItemFailures: [] };
        },
        ...(mode === 'fair' ? { fairBy: accountOfSlotMessage } : {}),
      });
      const first = startWorkerLoop(options());
      // Let the pollers enter their long polls before stopping them.
      await new Promise((r) => setTimeout(r, 300));
      await first.stop();
      const body = JSON.stringify({ account_id: `after-stop-${mode}` });
      await api.deps.sqs.send(new SendMessageCommand({ QueueUrl: api.queueUrl, MessageBody: body }));
      const second = startWorkerLoop(options());
      try {
        const record = await eventually(async () => seen.find((r) => r.body === body), 20_000, 50);
        expect(record.attributes.ApproximateReceiveCount).toBe('1');
      } finally {
        await second.stop();
      }
    });
  }
});

describe('local fair loop priority', () => {
  it("starts a quiet tenant's next message while its sole message is still in flight", async () => {
    const run = Date.now();
    const noisy = `noisy-${run}`;
    const quiet = `quiet-${run}`;
    const started: string[] = [];
    let release: () => void = () => {};
    const released = new Promise<void>((r) => {
      release = r;
    });
    const loop = startWorkerLoop({
      sqs: api.deps.sqs,
      queueUrl: api.queueUrl,
      concurrency: 4,
      fairBy: accountOfSlotMessage,
      maxInFlightPerGroup: 2,
      // Every message is held until the end: what is observed is which ones started meanwhile.
      handler: async (event) => {
        for (const record of event.Records) started.push(JSON.parse(record.body).step);
        await released;
        return { batchItemFailures: [] };
      },
    });
    const send = (account: string, steps: string[]) =>
      api.deps.sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: api.queueUrl,
          Entries: steps.map((step, n) => ({
            Id: String(n),
            MessageBody: JSON.stringify({ account_id: account, step }),
          })),
        }),
      );
    try {
      await send(noisy, ['b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
      await eventually(async () =>
        started.filter((s) => s.startsWith('b')).length === 2 ? true : undefined,
      );
      // The quiet tenant's one message (a webhook event's fan-out) runs with priority ...
      await send(quiet, ['a1']);
      await eventually(async () => (started.includes('a1') ? true : undefined));
      // ... and the message it leads to (its delivery) starts beside it, not after it.
      await send(quiet, ['a2']);
      await eventually(async () => (started.includes('a2') ? true : undefined), 5_000, 20);
      expect(started.filter((s) => s.startsWith('b'))).toHaveLength(2);
    } finally {
      release();
      await loop.stop();
    }
  });
});
