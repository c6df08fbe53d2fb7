import { createServer, type IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { expect } from 'vitest';
import { startWebhookLoop } from '#local/webhook-loop.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { finalJobOf, runWorkers, silent } from './worker-harness.ts';

type Received = { headers: IncomingHttpHeaders; body: string };

/**
 * A webhook receiver on 127.0.0.1 that answers 204 to everything and hands back the events it
 * got, each verified with the `standardwebhooks` library against the endpoint's secret.
 */
export async function startVerifyingReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  return {
    url,
    /**
     * Every event received so far, verified (throws on a bad signature). A request with no
     * webhook headers at all is no delivery: a port freed by another test's receiver can be
     * handed to this one while that test's stray traffic is still in flight.
     */
    events(secret: string): { type: string; data: any }[] {
      const hook = new Webhook(secret);
      return received
        .filter((r) => r.headers['webhook-id'] !== undefined)
        .map(
          (r) =>
            hook.verify(r.body, {
              'webhook-id': String(r.headers['webhook-id']),
              'webhook-timestamp': String(r.headers['webhook-timestamp']),
              'webhook-signature': String(r.headers['webhook-signature']),
            }) as { type: string; data: any },
        );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A client, an angle set and a campaign with prepared copy, and a finished job of `volume`
 * creatives per angle and ratio combination, made by the real worker.
 */
export async function finishedCampaign(
  api: TestApi,
  account: { apiKey: string },
  fields: { aspect_ratio: string; volume: number; platform_target?: string[]; angles?: number },
) {
  const auth = { apiKey: account.apiKey };
  const client = (await api.call('create_client', { name: 'Northwind Bikes' }, auth)).body.client;
  const angles = (
    await api.call(
      'generate_angles',
      {
        client_id: client.id,
        research_summary:
          'Northwind Bikes builds folding e-bikes for city commuters with small flats. Pains: no room for a full-size bike; sweaty rides to work. 40 km range, folds in 10 seconds, weighs 16 kg. Rated 4.7 stars by 2,000 riders. Offer: free delivery this month.',
      },
      auth,
    )
  ).body.angles as { id: string; name: string }[];
  const created = await api.call(
    'create_campaign',
    {
      client_id: client.id,
      name: 'Autumn commute',
      offer_text: 'Free delivery this month',
      cta_text: 'Shop now',
      landing_url: 'https://northwind.example/bikes',
      selected_angle_ids: angles.slice(0, fields.angles ?? 2).map((a) => a.id),
      aspect_ratio: fields.aspect_ratio,
      volume: fields.volume,
      ...(fields.platform_target ? { platform_target: fields.platform_target } : {}),
    },
    auth,
  );
  expect(created.status, created.text).toBe(200);
  const campaign = created.body.campaign as { id: string };
  const prepared = await api.call('prepare_campaign', { campaign_id: campaign.id }, auth);
  expect(prepared.status, prepared.text).toBe(200);
  const started = await api.call('generate_creatives', { campaign_id: campaign.id }, auth);
  expect(started.status, started.text).toBe(200);
  const job = await finalJobOf(api, account, started.body.job_id);
  expect(job.status).toBe('completed');
  const creatives = (await api.call('list_creatives', { campaign_id: campaign.id, limit: 100 }, auth)).body
    .creatives as any[];
  return { client, angles, campaign, creatives, prepared: prepared.body };
}

/**
 * The local API with webhooks allowed to 127.0.0.1, the real worker, the webhook delivery loop
 * and a verifying receiver: what the review and export tests run against. `stop` ends them all.
 */
export async function startLiveApi() {
  const api = await startTestApi({ webhooks: true, env: { ADGEN_ALLOW_LOCAL_WEBHOOKS: '1' } });
  const receiver = await startVerifyingReceiver();
  const workers = runWorkers(api);
  const deliveries = startWebhookLoop({
    deps: api.deps,
    queueUrl: api.webhookQueueUrl as string,
    logger: silent,
  });
  return {
    api,
    receiver,
    stop: async () => {
      await deliveries.stop();
      await workers.stop();
      await receiver.close();
      await api.close();
    },
  };
}
