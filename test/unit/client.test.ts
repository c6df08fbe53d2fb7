import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import {
  AdgenClient,
  AdgenError,
  cognitoTokenRefresher,
  type Inputs,
  WaitTimeoutError,
} from '../../client/index.ts';

type Scripted = { status: number; body: unknown; headers?: Record<string, string> };
let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A local HTTP server answering the scripted responses in order (the last one repeats). */
async function scripted(responses: Scripted[] | ((body: any, n: number) => Scripted)) {
  const seen: { body: any; headers: Record<string, unknown> }[] = [];
  server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = JSON.parse(raw);
    seen.push({ body, headers: req.headers });
    const n = seen.length - 1;
    const next = typeof responses === 'function' ? responses(body, n) : (responses[n] ?? responses.at(-1));
    res.writeHead(next?.status ?? 500, { 'content-type': 'application/json', ...next?.headers });
    res.end(JSON.stringify(next?.body ?? {}));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, seen };
}

const envelope = (code: string, message = code) => ({ error: { code, message } });
const fast = { attempts: 4, baseDelayMs: 1, maxDelayMs: 5 };

describe('AdgenClient retries', () => {
  it.each([429, 500, 502, 503])('retries %i and answers the result that follows', async (status) => {
    const { url, seen } = await scripted([
      { status, body: envelope(status === 429 ? 'rate_limited' : 'internal_error') },
      { status: 200, body: { clients: [], next_token: null } },
    ]);
    const client = new AdgenClient({ baseUrl: url, apiKey: 'adg_test_x', retry: fast });
    await expect(client.listClients()).resolves.toEqual({ clients: [], next_token: null });
    expect(seen).toHaveLength(2);
    expect(seen[0]?.headers['x-api-key']).toBe('adg_test_x');
    expect(seen[0]?.body).toEqual({ action: 'list_clients' });
  });

  it.each([
    [400, 'validation_error'],
    [401, 'unauthorized'],
    [402, 'insufficient_credits'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
  ])('does not retry %i: one request, an AdgenError with the envelope code', async (status, code) => {
    const { url, seen } = await scripted([
      { status, body: { error: { code, message: 'no', details: { x: 1 } } } },
    ]);
    const client = new AdgenClient({ baseUrl: url, apiKey: 'k', retry: fast });
    const error = await client.createClient({ name: 'Acme' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdgenError);
    expect(error).toMatchObject({ code, status, message: 'no', details: { x: 1 } });
    expect(seen).toHaveLength(1);
  });

  it('gives up after the bounded number of attempts', async () => {
    const { url, seen } = await scripted([{ status: 503, body: envelope('internal_error') }]);
    const client = new AdgenClient({ baseUrl: url, apiKey: 'k', retry: { ...fast, attempts: 3 } });
    await expect(client.getCredits()).rejects.toMatchObject({ code: 'internal_error', status: 503 });
    expect(seen).toHaveLength(3);
  });

  it('retries network errors, then fails with network_error', async () => {
    const client = new AdgenClient({
      baseUrl: 'http://127.0.0.1:1',
      apiKey: 'k',
      retry: { ...fast, attempts: 2 },
    });
    await expect(client.getCredits()).rejects.toMatchObject({ code: 'network_error', status: 0 });
  });

  it('sends the bearer token, not the key, on key actions', async () => {
    const { url, seen } = await scripted([{ status: 200, body: { api_keys: [], next_token: null } }]);
    const client = new AdgenClient({ baseUrl: url, apiKey: 'k', token: 'jwt', retry: fast });
    await client.listApiKeys();
    expect(seen[0]?.headers.authorization).toBe('Bearer jwt');
    expect(seen[0]?.headers['x-api-key']).toBeUndefined();
  });
});

describe('AdgenClient idempotency keys', () => {
  it('sends a fresh Idempotency-Key on each writing call and repeats it on every retry', async () => {
    const { url, seen } = await scripted((body, n) =>
      n % 2 === 0
        ? { status: 503, body: envelope('internal_error') }
        : { status: 200, body: { client: { id: `c${n}`, name: body.name } } },
    );
    const client = new AdgenClient({ baseUrl: url, apiKey: 'k', retry: fast });
    await client.createClient({ name: 'One' });
    await client.createClient({ name: 'Two' });
    const keys = seen.map((s) => s.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[3]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('sends no key on reads', async () => {
    const { url, seen } = await scripted([{ status: 200, body: { clients: [], next_token: null } }]);
    await new AdgenClient({ baseUrl: url, apiKey: 'k', retry: fast }).listClients();
    expect(seen[0]?.headers['idempotency-key']).toBeUndefined();
  });

  it('takes the caller key, and waits out idempotency_in_progress for the Retry-After', async () => {
    const { url, seen } = await scripted([
      { status: 409, body: envelope('idempotency_in_progress'), headers: { 'retry-after': '0' } },
      { status: 200, body: { job_id: 'j', campaign_id: 'c', status: 'pending', jobs: 1 } },
    ]);
    const client = new AdgenClient({ baseUrl: url, apiKey: 'k', retry: fast });
    const job = await client.call('generate_creatives', { campaign_id: 'c' }, { idempotencyKey: 'order-42' });
    expect(job.jobs).toBe(1);
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(['order-42', 'order-42']);
  });

  it('does not retry idempotency_key_reused', async () => {
    const { url, seen } = await scripted([{ status: 409, body: envelope('idempotency_key_reused') }]);
    const client = new AdgenClient({ baseUrl: url, apiKey: 'k', retry: fast });
    await expect(client.createClient({ name: 'x' })).rejects.toMatchObject({
      code: 'idempotency_key_reused',
    });
    expect(seen).toHaveLength(1);
  });
});

describe('request types (client/schema.d.ts, from the OpenAPI document)', () => {
  it('makes defaulted fields optional and keeps required ones required', () => {
    expectTypeOf<Inputs['create_campaign']['client_id']>().toEqualTypeOf<string>();
    expectTypeOf<Inputs['create_campaign']['volume']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Inputs['create_campaign']['name']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Inputs['list_creatives']['status']>().toEqualTypeOf<
      'pending' | 'succeeded' | 'failed' | 'all' | undefined
    >();
    expectTypeOf<Inputs['generate_creatives']>().toEqualTypeOf<{ campaign_id: string }>();
    // A body the schema refuses does not compile.
    // @ts-expect-error volume is a number
    const wrong: Inputs['create_campaign'] = { client_id: 'c', volume: '3' };
    expect(wrong.client_id).toBe('c');
  });
});

describe('AdgenClient paginators', () => {
  it('walks every page of a list action with for await', async () => {
    const { url, seen } = await scripted((body) => {
      const page = Number(body.next_token ?? 0);
      return {
        status: 200,
        body: {
          clients: [{ id: `a${page}` }, { id: `b${page}` }],
          next_token: page < 2 ? String(page + 1) : null,
        },
      };
    });
    const client = new AdgenClient({ baseUrl: url, apiKey: 'k', retry: fast });
    const ids: string[] = [];
    for await (const c of client.paginate('list_clients', { limit: 2 })) ids.push(c.id);
    expect(ids).toEqual(['a0', 'b0', 'a1', 'b1', 'a2', 'b2']);
    expect(seen.map((s) => s.body.next_token ?? null)).toEqual([null, '1', '2']);
    expect(seen.every((s) => s.body.limit === 2)).toBe(true);
    let pages = 0;
    for await (const page of client.pages('list_clients', {})) pages += page.clients.length > 0 ? 1 : 0;
    expect(pages).toBe(3);
  });
});

describe('AdgenClient token refresh', () => {
  const jwt = (expInSeconds: number) =>
    `h.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + expInSeconds })).toString('base64url')}.s`;

  it('refreshes an expiring token before a key action, and tells the caller', async () => {
    const { url, seen } = await scripted([{ status: 200, body: { api_keys: [], next_token: null } }]);
    const fresh = jwt(3600);
    const told: string[] = [];
    const client = new AdgenClient({
      baseUrl: url,
      token: jwt(5),
      refreshToken: async () => ({ accessToken: fresh, expiresIn: 3600 }),
      onTokenRefreshed: (t) => {
        told.push(t.accessToken);
      },
      retry: fast,
    });
    await client.listApiKeys();
    expect(seen[0]?.headers.authorization).toBe(`Bearer ${fresh}`);
    expect(told).toEqual([fresh]);
  });

  it('refreshes once after a 401 and repeats the write with the same key', async () => {
    const { url, seen } = await scripted([
      { status: 401, body: envelope('unauthorized') },
      { status: 200, body: { api_key: { id: 'k1' } } },
    ]);
    let refreshes = 0;
    const client = new AdgenClient({
      baseUrl: url,
      token: jwt(3600),
      refreshToken: async () => ({ accessToken: `new${++refreshes}`, expiresIn: 3600 }),
      retry: fast,
    });
    await client.createApiKey({ name: 'ci' });
    expect(refreshes).toBe(1);
    expect(seen.map((s) => s.headers.authorization)).toEqual([
      expect.stringMatching(/^Bearer h\./),
      'Bearer new1',
    ]);
    expect(seen[1]?.headers['idempotency-key']).toBe(seen[0]?.headers['idempotency-key']);
  });

  it('does not loop on a second 401', async () => {
    const { url, seen } = await scripted([{ status: 401, body: envelope('unauthorized') }]);
    const client = new AdgenClient({
      baseUrl: url,
      token: jwt(3600),
      refreshToken: async () => ({ accessToken: 'still-bad', expiresIn: 3600 }),
      retry: fast,
    });
    await expect(client.listApiKeys()).rejects.toMatchObject({ status: 401 });
    expect(seen).toHaveLength(2);
  });

  it('cognitoTokenRefresher calls InitiateAuth REFRESH_TOKEN_AUTH', async () => {
    const { url, seen } = await scripted([
      { status: 200, body: { AuthenticationResult: { AccessToken: 'at', ExpiresIn: 60 } } },
    ]);
    const refresh = cognitoTokenRefresher({
      region: 'eu-west-1',
      clientId: 'app',
      refreshToken: 'rt',
      endpoint: url,
    });
    await expect(refresh()).resolves.toEqual({ accessToken: 'at', expiresIn: 60 });
    expect(seen[0]?.headers['x-amz-target']).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(seen[0]?.body).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'app',
      AuthParameters: { REFRESH_TOKEN: 'rt' },
    });
  });
});

const job = (status: string, succeeded: number) => ({
  job: {
    job_id: 'j1',
    campaign_id: 'c1',
    status,
    jobs: 2,
    succeeded,
    failed: 0,
    pending: 2 - succeeded,
    failure_reasons: {},
    created_at: 'now',
    updated_at: 'now',
  },
});

describe('waitForCreatives', () => {
  it('polls get_job until final, then lists every page of creatives of the job', async () => {
    const creative = (id: string, job_id = 'j1') => ({ id, job_id, campaign_id: 'c1', status: 'succeeded' });
    const { url, seen } = await scripted((body, n) => {
      if (body.action === 'get_job')
        return { status: 200, body: job(n < 2 ? 'running' : 'completed', n < 2 ? n : 2) };
      if (!body.next_token)
        return {
          status: 200,
          body: { creatives: [creative('a'), creative('x', 'other')], next_token: 'p2' },
        };
      return { status: 200, body: { creatives: [creative('b')], next_token: null } };
    });
    const client = new AdgenClient({ baseUrl: url, apiKey: 'k', retry: fast });
    const progress: number[] = [];
    const done = await client.waitForCreatives(
      { job_id: 'j1', campaign_id: 'c1', jobs: 2 },
      { intervalMs: 5, onProgress: (p) => progress.push(p.job.succeeded) },
    );
    expect(done.job.status).toBe('completed');
    expect(done.creatives.map((c) => c.id)).toEqual(['a', 'b']);
    expect(progress).toEqual([0, 1, 2]);
    expect(seen.filter((s) => s.body.action === 'list_creatives')).toHaveLength(2);
  });

  it('times out with a WaitTimeoutError', async () => {
    const { url } = await scripted(() => ({ status: 200, body: job('running', 0) }));
    const client = new AdgenClient({ baseUrl: url, apiKey: 'k', retry: fast });
    await expect(
      client.waitForCreatives({ job_id: 'j1', campaign_id: 'c1' }, { intervalMs: 10, timeoutMs: 80 }),
    ).rejects.toBeInstanceOf(WaitTimeoutError);
  });

  it('stops when its signal aborts, with the signal reason', async () => {
    const { url } = await scripted(() => ({ status: 200, body: job('pending', 0) }));
    const client = new AdgenClient({ baseUrl: url, apiKey: 'k', retry: fast });
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('stopped by caller')), 50);
    await expect(
      client.waitForCreatives(
        { job_id: 'j1', campaign_id: 'c1' },
        { intervalMs: 10, signal: controller.signal },
      ),
    ).rejects.toThrow('stopped by caller');
  });
});
