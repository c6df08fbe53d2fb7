/**
 * A refused product image URL fails its slot with a reason that names neither the address the
 * host resolved to nor the URL's credentials or query, and neither does anything logged.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkerHandler } from '#generate/worker.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { workerDepsFor } from './worker-harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const SECRETS = ['hunter2', 'X-Amz-Signature', 'deadbeefcafe', 'token=abc123', '127.0.0.1', '10.9.8.7'];

const URLS = [
  'https://[::7f00:1]/a.png?X-Amz-Signature=deadbeefcafe',
  'https://[::127.0.0.1]/a.png?token=abc123',
  'https://[64:ff9b::a09:807]/a.png?X-Amz-Signature=deadbeefcafe',
  'https://169.254.169.254/latest/meta-data/?X-Amz-Signature=deadbeefcafe#frag',
];

describe('refused image URLs leave no secret behind', () => {
  // Userinfo never reaches the worker: the edge refuses it (#22 item 11), and says so without the password.
  it('refuses a URL with user:password@ at create_campaign, naming the field, echoing no secret', async () => {
    const account = await api.newAccount(5);
    const client = (await api.call('create_client', { name: 'Acme' }, account)).body.client;
    const res = await api.call(
      'create_campaign',
      {
        client_id: client.id,
        volume: 1,
        product_image_url: 'https://admin:hunter2@images.example/a.png?token=abc123',
      },
      account,
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('product_image_url');
    expect(JSON.stringify(res.body)).not.toContain('hunter2');
  });

  it.each(URLS)('%s', async (url) => {
    const account = await api.newAccount(5);
    const client = (await api.call('create_client', { name: 'Acme' }, account)).body.client;
    const campaign = (
      await api.call('create_campaign', { client_id: client.id, volume: 1, product_image_url: url }, account)
    ).body.campaign;
    const order = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
    expect(order.status).toBe(200);

    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      const logger = new Logger({ serviceName: 'adgen-worker', logLevel: 'DEBUG' });
      const handler = createWorkerHandler(workerDepsFor(api), logger);
      await handler({
        Records: [
          {
            messageId: 'm1',
            receiptHandle: 'r1',
            body: JSON.stringify({
              v: 1,
              account_id: account.accountId,
              job_id: order.body.job_id,
              slot_index: 0,
            }),
            attributes: { ApproximateReceiveCount: '1' } as never,
            messageAttributes: {},
            md5OfBody: '',
            eventSource: 'aws:sqs',
            eventSourceARN: 'arn:aws:sqs:local:000000000000:q',
            awsRegion: 'local',
          },
        ],
      });
    } finally {
      process.stdout.write = write;
    }
    const creatives = await api.call(
      'list_creatives',
      { campaign_id: campaign.id, status: 'failed' },
      account,
    );
    const reason: string = creatives.body.creatives[0].failure_reason;
    expect(reason).toMatch(/^input_refused: /);
    const stored = JSON.stringify(await api.items());
    const logged = lines.join('');
    expect(logged).toContain('input_refused');
    for (const secret of SECRETS) {
      expect(reason).not.toContain(secret);
      expect(logged).not.toContain(secret);
      // The campaign keeps the URL it was given (a presigned URL needs its query to be fetched);
      // nothing else stored may.
      const campaigns = URLS.reduce((text, u) => text.replaceAll(JSON.stringify(u).slice(1, -1), ''), stored);
      expect(campaigns).not.toContain(secret);
    }
    if (!url.includes('@')) expect(reason).toMatch(/address not allowed/);
  });
});
