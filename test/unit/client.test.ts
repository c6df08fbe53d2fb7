import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AdgenClient, AdgenError, WaitTimeoutError } from '../../client/index.ts';

type Scripted = { status: number; body: unknown };
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
    res.writeHead(next?.status ?? 500, { 'content-type': 'application/json' });
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
