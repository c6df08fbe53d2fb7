/**
 * Signed webhooks through the local HTTP API, the real worker and the local delivery loop (the
 * delivery Lambda's handler), with a receiver on 127.0.0.1 that verifies every request with the
 * `standardwebhooks` library (ADR 0025).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWebhookSecret } from '#core/webhooks/signature.ts';
import { startWebhookLoop } from '#local/webhook-loop.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { eventually, runWorkers, silent } from './worker-harness.ts';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** The receiver: records every request; `/flaky` answers 500 to the first two of each webhook-id. */
function startReceiver(): Promise<{ server: Server; base: string; received: Received[] }> {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const id = String(req.headers['webhook-id']);
      const n = (seen.get(`${path}/${id}`) ?? 0) + 1;
      seen.set(`${path}/${id}`, n);
      const status = path === '/down' ? 500 : path === '/flaky' && n <= 2 ? 500 : 204;
      res.writeHead(status).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ server, base: `http://127.0.0.1:${port}`, received });
    }),
  );
}

/** The headers as the library wants them (string values). */
const headersOf = (r: Received) => ({
  'webhook-id': String(r.headers['webhook-id']),
  'webhook-timestamp': String(r.headers['webhook-timestamp']),
  'webhook-signature': String(r.headers['webhook-signature']),
});

let api: TestApi;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let workers: { stop(): Promise<void> };
let deliveries: { stop(): Promise<void> };

beforeAll(async () => {
  api = await startTestApi({
    webhooks: true,
    env: {
      ADGEN_ALLOW_LOCAL_WEBHOOKS: '1',
      // Seconds instead of minutes, so the retries happen within the test.
      WEBHOOK_RETRY_BASE_SECONDS: '0.5',
      WEBHOOK_RETRY_CAP_SECONDS: '2',
      WEBHOOK_RETRY_WINDOW_SECONDS: '12',
    },
  });
  receiver = await startReceiver();
  workers = runWorkers(api);
  deliveries = startWebhookLoop({ deps: api.deps, queueUrl: api.webhookQueueUrl as string, logger: silent });
});
afterAll(async () => {
  await deliveries?.stop();
  await workers?.stop();
  receiver?.server.close();
  await api?.close();
});

const ALL_EVENTS = ['job.completed', 'creative.succeeded', 'creative.failed'];

describe('signed webhooks', () => {
  let main: { id: string; secret: string };
  let flaky: { id: string; secret: string };
  let down: { id: string; secret: string };
  const jobIds: string[] = [];
  let campaignId: string;

  it('creates endpoints with a whsec_ secret shown once, and refuses URLs that are not public https', async () => {
    const created = await api.call('create_webhook_endpoint', {
      url: `${receiver.base}/main`,
      events: ALL_EVENTS,
    });
    expect(created.status).toBe(200);
    main = created.body.webhook_endpoint;
    expect(main.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    flaky = (
      await api.call('create_webhook_endpoint', { url: `${receiver.base}/flaky`, events: ['job.completed'] })
    ).body.webhook_endpoint;
    down = (
      await api.call('create_webhook_endpoint', { url: `${receiver.base}/down`, events: ['job.completed'] })
    ).body.webhook_endpoint;

    const listed = await api.call('list_webhook_endpoints');
    expect(listed.body.webhook_endpoints.map((e: { id: string }) => e.id).sort()).toEqual(
      [main.id, flaky.id, down.id].sort(),
    );
    expect(listed.text).not.toContain('whsec_');

    const refused = await Promise.all(
      [
        'http://example.com/hook',
        'https://10.0.0.7/hook',
        'https://169.254.169.254/latest',
        'http://127.0.0.2:8080/',
      ].map((url) => api.call('create_webhook_endpoint', { url, events: ['job.completed'] })),
    );
    console.log(`refused webhook URLs: ${refused.map((r) => r.status).join(', ')}`);
    expect(refused.map((r) => r.status)).toEqual([400, 400, 400, 400]);
  });

  it('a 3-job run gets exactly one job.completed per job, every delivery verified by standardwebhooks', async () => {
    const client = (await api.call('create_client', { name: 'Acme Coffee' })).body.client;
    campaignId = (
      await api.call('create_campaign', {
        client_id: client.id,
        selected_angle_ids: [],
        aspect_ratio: '1:1',
        volume: 2,
      })
    ).body.campaign.id;
    for (let i = 0; i < 3; i++) {
      const order = await api.call('generate_creatives', { campaign_id: campaignId });
      expect(order.status).toBe(200);
      jobIds.push(order.body.job_id);
    }
    const mainHook = new Webhook(main.secret);
    const atMain = () => receiver.received.filter((r) => r.path === '/main');
    await eventually(async () => {
      const completed = atMain().filter((r) => JSON.parse(r.body).type === 'job.completed');
      return completed.length >= 3 && atMain().length >= 3 + 6 ? true : undefined;
    }, 120_000);
    // Late duplicates would show up before every delivery is recorded final: wait for that (a
    // message arriving after it finds its delivery final and sends nothing).
    await eventually(async () => {
      const listed = (await api.call('list_webhook_deliveries', { webhook_endpoint_id: main.id })).body
        .deliveries as { status: string }[];
      return listed.length === 9 && listed.every((d) => d.status === 'delivered') ? true : undefined;
    }, 60_000);

    const verified = atMain().map(
      (r) => mainHook.verify(r.body, headersOf(r)) as { type: string; timestamp: string; data: any },
    );
    const perJob = new Map<string, number>();
    for (const event of verified.filter((e) => e.type === 'job.completed')) {
      perJob.set(event.data.job.job_id, (perJob.get(event.data.job.job_id) ?? 0) + 1);
    }
    const creativeEvents = verified.filter((e) => e.type.startsWith('creative.'));
    console.log(
      `main endpoint: ${verified.length} deliveries verified; job.completed per job ${JSON.stringify([...perJob.values()])}; creative events ${creativeEvents.length}`,
    );
    expect([...perJob.keys()].sort()).toEqual([...jobIds].sort());
    expect([...perJob.values()]).toEqual([1, 1, 1]);
    expect(creativeEvents).toHaveLength(6);

    // job.completed carries get_job's record, as it is now (final).
    for (const event of verified.filter((e) => e.type === 'job.completed')) {
      const job = (await api.call('get_job', { job_id: event.data.job.job_id })).body.job;
      expect(event.data.job).toEqual(job);
      expect(['completed', 'partially_failed', 'failed']).toContain(job.status);
    }
    // creative.succeeded carries the creative record with its image link.
    const succeeded = creativeEvents.find((e) => e.type === 'creative.succeeded');
    expect(succeeded?.data.creative).toMatchObject({ campaign_id: campaignId, status: 'succeeded' });
    expect(succeeded?.data.creative.image_url).toMatch(/^http/);
  }, 180_000);

  it('a wrong secret fails verification', () => {
    const one = receiver.received.find((r) => r.path === '/main');
    expect(one).toBeDefined();
    const wrong = new Webhook(newWebhookSecret());
    expect(() => wrong.verify((one as Received).body, headersOf(one as Received))).toThrow(
      WebhookVerificationError,
    );
    // A body changed in transit fails too.
    const tampered = (one as Received).body.replace('"type"', '"typ\\u0065"');
    expect(() => new Webhook(main.secret).verify(tampered, headersOf(one as Received))).toThrow(
      WebhookVerificationError,
    );
  });

  it('a receiver that answers 500 twice gets the third attempt, and deliveries are listed with their attempts', async () => {
    const listed = await eventually(async () => {
      const r = await api.call('list_webhook_deliveries', { webhook_endpoint_id: flaky.id });
      const all = r.body.deliveries as { status: string; attempts: number; last_status_code: number }[];
      return all.length === 3 && all.every((d) => d.status === 'delivered') ? all : undefined;
    }, 60_000);
    const flakyHook = new Webhook(flaky.secret);
    const requests = receiver.received.filter((r) => r.path === '/flaky');
    for (const r of requests) flakyHook.verify(r.body, headersOf(r));
    const ids = new Set(requests.map((r) => r.headers['webhook-id']));
    console.log(
      `flaky endpoint: ${requests.length} requests for ${ids.size} events; attempts ${listed.map((d) => d.attempts).join(',')}; last status ${listed.map((d) => d.last_status_code).join(',')}`,
    );
    expect(listed.map((d) => d.attempts)).toEqual([3, 3, 3]);
    expect(listed.map((d) => d.last_status_code)).toEqual([204, 204, 204]);
    expect(ids.size).toBe(3);
    expect(requests).toHaveLength(9);

    const mainList = (await api.call('list_webhook_deliveries', { webhook_endpoint_id: main.id, limit: 100 }))
      .body;
    const byType = (mainList.deliveries as { event_type: string; attempts: number; status: string }[]).reduce<
      Record<string, number>
    >((acc, d) => {
      acc[d.event_type] = (acc[d.event_type] ?? 0) + 1;
      return acc;
    }, {});
    console.log(`main endpoint deliveries listed: ${JSON.stringify(byType)}`);
    expect(mainList.deliveries).toHaveLength(9);
    expect(
      mainList.deliveries.every(
        (d: { attempts: number; status: string; next_attempt_at: unknown }) =>
          d.attempts === 1 && d.status === 'delivered' && d.next_attempt_at === null,
      ),
    ).toBe(true);

    // Paged: two at a time, the same nine.
    const paged: string[] = [];
    let next_token: string | null = null;
    do {
      const page: { deliveries: { id: string }[]; next_token: string | null } = (
        await api.call('list_webhook_deliveries', { webhook_endpoint_id: main.id, limit: 2, next_token })
      ).body;
      paged.push(...page.deliveries.map((d) => d.id));
      next_token = page.next_token;
    } while (next_token);
    expect(paged).toEqual(mainList.deliveries.map((d: { id: string }) => d.id));
  }, 90_000);

  it('a receiver that never answers 2xx is retried with backoff until the retry window, then marked failed', async () => {
    const listed = await eventually(async () => {
      const r = await api.call('list_webhook_deliveries', { webhook_endpoint_id: down.id });
      const all = r.body.deliveries as {
        status: string;
        attempts: number;
        last_status_code: number;
        next_attempt_at: string | null;
      }[];
      return all.length === 3 && all.every((d) => d.status === 'failed') ? all : undefined;
    }, 60_000);
    const times = receiver.received
      .filter((r) => r.path === '/down')
      .reduce<Record<string, number[]>>((acc, r) => {
        const id = String(r.headers['webhook-id']);
        acc[id] = [...(acc[id] ?? []), Number(r.headers['webhook-timestamp'])];
        return acc;
      }, {});
    const spans = Object.values(times).map((t) => Math.max(...t) - Math.min(...t));
    console.log(
      `down endpoint: attempts ${listed.map((d) => d.attempts).join(',')}; seconds from first to last attempt ${spans.join(',')}`,
    );
    for (const d of listed) {
      expect(d.attempts).toBeGreaterThanOrEqual(4);
      expect(d.last_status_code).toBe(500);
      expect(d.next_attempt_at).toBeNull();
    }
    // Retried for at least the window (12 s), each attempt's timestamp whole seconds.
    for (const span of spans) expect(span).toBeGreaterThanOrEqual(11);
  }, 90_000);

  it('after a rotation both secrets verify during the overlap; delete stops deliveries and answers 404 after', async () => {
    const rotated = await api.call('rotate_webhook_secret', { webhook_endpoint_id: main.id });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.webhook_endpoint;
    expect(fresh.secret).toMatch(/^whsec_/);
    expect(fresh.secret).not.toBe(main.secret);
    expect(Date.parse(fresh.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);

    const before = receiver.received.length;
    const order = await api.call('generate_creatives', { campaign_id: campaignId });
    const jobId = order.body.job_id as string;
    const completed = await eventually(async () =>
      receiver.received
        .slice(before)
        .find(
          (r) =>
            r.path === '/main' &&
            JSON.parse(r.body).type === 'job.completed' &&
            JSON.parse(r.body).data.job.job_id === jobId,
        ),
    );
    const signatures = String(completed.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(new Webhook(fresh.secret).verify(completed.body, headersOf(completed))).toMatchObject({
      type: 'job.completed',
    });
    expect(new Webhook(main.secret).verify(completed.body, headersOf(completed))).toMatchObject({
      type: 'job.completed',
    });
    console.log(`after rotation: ${signatures.length} v1 signatures; old and new secrets both verify`);

    for (const endpoint of [main, flaky, down]) {
      expect((await api.call('delete_webhook_endpoint', { webhook_endpoint_id: endpoint.id })).status).toBe(
        200,
      );
    }
    const again = await api.call('delete_webhook_endpoint', { webhook_endpoint_id: main.id });
    expect(again.status).toBe(404);
    expect((await api.call('list_webhook_deliveries', { webhook_endpoint_id: main.id })).status).toBe(404);
    expect((await api.call('rotate_webhook_secret', { webhook_endpoint_id: main.id })).status).toBe(404);
  }, 90_000);

  it("another account cannot see or touch an account's endpoints", async () => {
    const mine = (
      await api.call('create_webhook_endpoint', { url: `${receiver.base}/main`, events: ['job.completed'] })
    ).body.webhook_endpoint;
    const other = await api.newAccount();
    const as = { apiKey: other.apiKey };
    expect((await api.call('list_webhook_endpoints', {}, as)).body.webhook_endpoints).toEqual([]);
    for (const action of ['delete_webhook_endpoint', 'rotate_webhook_secret', 'list_webhook_deliveries']) {
      expect((await api.call(action, { webhook_endpoint_id: mine.id }, as)).status).toBe(404);
    }
  });
});

describe('emission is exactly once per job and survives a lost message', () => {
  it('ten concurrent finalisers of one job write one job.completed; an event whose message was never sent is swept, fanned out and delivered', async () => {
    const { finalizeJobIfDone } = await import('#core/entities/job.ts');
    const { jobCompletedOutbox, settlementOutbox } = await import('#core/generation/outboxes.ts');
    const { settleSlot, slotsOfJob } = await import('#core/entities/slot.ts');
    const { sweepOverdueDeliveries } = await import('#core/webhooks/sweep.ts');
    const account = await api.newAccount();
    const as = { apiKey: account.apiKey };
    const endpoint = (
      await api.call(
        'create_webhook_endpoint',
        { url: `${receiver.base}/swept`, events: ['job.completed'] },
        as,
      )
    ).body.webhook_endpoint;
    const client = (await api.call('create_client', { name: 'Sweep Co' }, as)).body.client;
    const campaign = (
      await api.call(
        'create_campaign',
        { client_id: client.id, selected_angle_ids: [], aspect_ratio: '1:1', volume: 2 },
        as,
      )
    ).body.campaign;
    // Settled as a process that dies right after its commits would leave them: no message
    // sent, because this process has no delivery queue.

    const crashed = {
      ...api.deps,
      config: { ...api.deps.config, webhooks: { ...api.deps.config.webhooks, queueUrl: undefined } },
    };
    const jobId = (await api.call('generate_creatives', { campaign_id: campaign.id }, as)).body
      .job_id as string;
    for (const slot of await slotsOfJob(crashed, account.accountId, jobId)) {
      await settleSlot(
        crashed,
        slot,
        { status: 'failed', reason: 'input_refused: test' },
        settlementOutbox(crashed, slot),
      );
    }
    const finalised = await Promise.all(
      Array.from({ length: 10 }, () =>
        finalizeJobIfDone(crashed, account.accountId, jobId, jobCompletedOutbox(crashed, account.accountId)),
      ),
    );
    // Each answers the job as it read or wrote it; the one that won wrote `failed`.
    expect(finalised.map((j) => j?.status)).toContain('failed');
    expect((await api.call('get_job', { job_id: jobId }, as)).body.job.status).toBe('failed');
    // The event waits in the outbox (ADR 0029): no delivery exists until it is fanned out.
    const pending = (await api.call('list_webhook_deliveries', { webhook_endpoint_id: endpoint.id }, as)).body
      .deliveries;
    expect(pending).toHaveLength(0);

    const resent = await sweepOverdueDeliveries(api.deps, new Date(Date.now() + 1000));
    const delivered = await eventually(async () => {
      const d = (await api.call('list_webhook_deliveries', { webhook_endpoint_id: endpoint.id }, as)).body
        .deliveries;
      return d[0]?.status === 'delivered' ? d : undefined;
    }, 30_000);
    const received = receiver.received.filter((r) => r.path === '/swept');
    const event = new Webhook(endpoint.secret).verify(
      received[0]?.body ?? '',
      headersOf(received[0] as Received),
    ) as {
      data: { job: { job_id: string; status: string } };
    };
    console.log(
      `10 concurrent finalisers: ${delivered.length} job.completed delivery after the fan-out; swept ${resent}; delivered after ${delivered[0].attempts} attempt, received ${received.length}`,
    );
    expect(resent).toBeGreaterThanOrEqual(1);
    expect(received).toHaveLength(1);
    expect(delivered).toHaveLength(1);
    expect(event.data.job).toMatchObject({ job_id: jobId, status: 'failed' });
  }, 60_000);
});

describe('a creative deleted before its event is sent', () => {
  it('ends the delivery failed without sending anything', async () => {
    const { settlementOutbox } = await import('#core/generation/outboxes.ts');
    const { settleSlot, slotsOfJob } = await import('#core/entities/slot.ts');
    const { sweepOverdueDeliveries } = await import('#core/webhooks/sweep.ts');
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { keys } = await import('#core/db/keys.ts');
    const account = await api.newAccount();
    const as = { apiKey: account.apiKey };
    const endpoint = (
      await api.call(
        'create_webhook_endpoint',
        { url: `${receiver.base}/gone`, events: ['creative.failed'] },
        as,
      )
    ).body.webhook_endpoint;
    const client = (await api.call('create_client', { name: 'Gone Co' }, as)).body.client;
    const campaign = (
      await api.call(
        'create_campaign',
        { client_id: client.id, selected_angle_ids: [], aspect_ratio: '1:1', volume: 1 },
        as,
      )
    ).body.campaign;
    const jobId = (await api.call('generate_creatives', { campaign_id: campaign.id }, as)).body
      .job_id as string;
    const noQueue = {
      ...api.deps,
      config: { ...api.deps.config, webhooks: { ...api.deps.config.webhooks, queueUrl: undefined } },
    };
    const [slot] = await slotsOfJob(noQueue, account.accountId, jobId);
    if (!slot) throw new Error('the job has no slot');
    expect(
      await settleSlot(
        noQueue,
        slot,
        { status: 'failed', reason: 'input_refused: test' },
        settlementOutbox(noQueue, slot),
      ),
    ).toBe(true);
    // What deleting the campaign does to its creatives.
    await api.deps.ddb.send(
      new DeleteCommand({
        TableName: api.deps.config.tableName,
        Key: keys.slot(account.accountId, jobId, slot.index),
      }),
    );
    await sweepOverdueDeliveries(api.deps, new Date(Date.now() + 1000));
    const [delivery] = await eventually(async () => {
      const d = (await api.call('list_webhook_deliveries', { webhook_endpoint_id: endpoint.id }, as)).body
        .deliveries;
      return d[0]?.status === 'failed' ? d : undefined;
    }, 30_000);
    console.log(
      `deleted creative: delivery ${delivery.status} after ${delivery.attempts} attempt, status code ${delivery.last_status_code}`,
    );
    expect(delivery).toMatchObject({
      event_type: 'creative.failed',
      attempts: 1,
      last_status_code: null,
      next_attempt_at: null,
    });
    expect(receiver.received.filter((r) => r.path === '/gone')).toEqual([]);
  }, 60_000);
});

describe('idempotency of the webhook writes', () => {
  it('replays create_webhook_endpoint and rotate_webhook_secret under the same key, writing once', async () => {
    const account = await api.newAccount();
    const headers = { 'x-api-key': account.apiKey, 'idempotency-key': `create-${Date.now()}` };
    const body = JSON.stringify({
      action: 'create_webhook_endpoint',
      url: `${receiver.base}/idem`,
      events: ['job.completed'],
    });
    const [first, second] = [await api.post(body, headers), await api.post(body, headers)];
    expect(first.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const listed = await api.call('list_webhook_endpoints', {}, { apiKey: account.apiKey });
    expect(listed.body.webhook_endpoints).toHaveLength(1);

    const id = first.body.webhook_endpoint.id as string;
    const rotate = JSON.stringify({ action: 'rotate_webhook_secret', webhook_endpoint_id: id });
    const rotateHeaders = { ...headers, 'idempotency-key': `rotate-${Date.now()}` };
    const [r1, r2] = [await api.post(rotate, rotateHeaders), await api.post(rotate, rotateHeaders)];
    expect(r1.status).toBe(200);
    expect(r2.text).toBe(r1.text);
    expect(r2.headers.get('idempotent-replayed')).toBe('true');
    // Rotated once: the original secret is the one still signing beside the new one.
    const rotatedAgain = await api.call(
      'rotate_webhook_secret',
      { webhook_endpoint_id: id },
      { apiKey: account.apiKey },
    );
    expect(rotatedAgain.body.webhook_endpoint.secret).not.toBe(r1.body.webhook_endpoint.secret);
    console.log(
      'idempotent webhook writes: create and rotate replayed byte for byte, one endpoint, one rotation',
    );
  });
});
