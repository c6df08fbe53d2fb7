import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkerHandler } from '#generate/worker.ts';
import { accountOfSlotMessage, startWorkerLoop } from '#local/worker-loop.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { silent, workerDepsFor } from './worker-harness.ts';

let api: TestApi;
const sent: { MessageGroupId?: string; MessageBody?: string }[] = [];
beforeAll(async () => {
  api = await startTestApi();
  // fauxqs keeps MessageGroupId only on FIFO queues, so read it on the way out: every
  // SendMessageBatch the real client sends to the real emulator is recorded here.
  api.deps.sqs.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName === 'SendMessageBatchCommand') {
        sent.push(...((args.input as { Entries?: typeof sent }).Entries ?? []));
      }
      return next(args);
    },
    { step: 'initialize', name: 'recordSends' },
  );
});
afterAll(() => api?.close());

describe('fair queue', () => {
  it('sends every slot message with MessageGroupId = the account id', async () => {
    const account = await api.newAccount(10);
    const client = (await api.call('create_client', { name: 'Fair' }, account)).body.client;
    const campaign = (await api.call('create_campaign', { client_id: client.id, volume: 3 }, account)).body
      .campaign;
    const order = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
    expect(order.status).toBe(200);
    const mine = sent.filter((e) => JSON.parse(e.MessageBody ?? '{}').job_id === order.body.job_id);
    expect(mine.map((e) => e.MessageGroupId)).toEqual([
      account.accountId,
      account.accountId,
      account.accountId,
    ]);
  });
});

describe('local worker loop (the stand-in for fair queues)', () => {
  /** A 1-image job of its own account: ordered, then polled until final. */
  async function oneImageJob(account: { apiKey: string }): Promise<void> {
    const auth = { apiKey: account.apiKey };
    const client = (await api.call('create_client', { name: 'Quiet' }, auth)).body.client;
    const campaign = (await api.call('create_campaign', { client_id: client.id, volume: 1 }, auth)).body
      .campaign;
    const order = await api.call('generate_creatives', { campaign_id: campaign.id }, auth);
    expect(order.status).toBe(200);
    for (;;) {
      const job = (await api.call('get_job', { job_id: order.body.job_id }, auth)).body.job;
      if (job.status !== 'pending' && job.status !== 'running') {
        expect(job).toMatchObject({ status: 'completed', succeeded: 1 });
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  // An order, not a timing (timings belong to `npm run bench`, whose scale model prints what a
  // quiet agency waits behind a noisy one): under first-come order B's jobs would wait for all of
  // A's 200 images; served in turn, they are done while most of A's batch is still queued.
  it("serves accounts round-robin: B's 1-image jobs ordered behind A's 200-image batch finish while most of the batch is still pending", async () => {
    // The local stack's own event source: two workers, accounts served in turn.
    const workers = startWorkerLoop({
      sqs: api.deps.sqs,
      queueUrl: api.queueUrl,
      handler: createWorkerHandler(workerDepsFor(api), silent),
      concurrency: 2,
      fairBy: accountOfSlotMessage,
      visibilityTimeoutSeconds: 60,
    });
    try {
      const tenantB = await api.newAccount(10);
      const tenantA = await api.newAccount(300);
      const authA = { apiKey: tenantA.apiKey };
      const client = (await api.call('create_client', { name: 'Busy' }, authA)).body.client;
      const campaign = (await api.call('create_campaign', { client_id: client.id, volume: 200 }, authA)).body
        .campaign;
      const batch = await api.call('generate_creatives', { campaign_id: campaign.id }, authA);
      expect(batch.body.jobs).toBe(200);
      const progressOfA = async () =>
        (await api.call('get_job', { job_id: batch.body.job_id }, authA)).body.job as {
          succeeded: number;
          pending: number;
        };
      // B orders once A's batch is queued and the workers are busy with it.
      while ((await progressOfA()).succeeded < 1) await new Promise((r) => setTimeout(r, 20));

      // Three jobs of B one after the other, each ordered behind what is left of the batch.
      for (let i = 0; i < 3; i++) await oneImageJob(tenantB);
      const a = await progressOfA();
      console.log(`fairness: B's 3 jobs done with A at ${a.succeeded} of 200 done, ${a.pending} pending`);
      expect(a.pending).toBeGreaterThan(100);
    } finally {
      await workers.stop();
    }
  }, 180_000);
});
