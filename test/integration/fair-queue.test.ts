import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

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
