import { SendMessageCommand } from '@aws-sdk/client-sqs';
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
