import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHandler } from '#api/app.ts';
import { issueApiKey } from '#core/auth/api-key-format.ts';
import { startApiServer } from '#local/api-server.ts';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const envelope = (code: string) => ({
  error: expect.objectContaining({ code, message: expect.any(String) }),
});

describe('the single endpoint', () => {
  it('answers a non-JSON body with 400 invalid_json', async () => {
    const res = await api.post('{"action": "list_clients"', { 'x-api-key': api.apiKey });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(envelope('invalid_json'));
  });

  it.each(['[]', '"list_clients"', 'null', '42'])(
    'answers a JSON body that is not an object (%s) with invalid_json',
    async (body) => {
      const res = await api.post(body, { 'x-api-key': api.apiKey });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_json');
    },
  );

  it('answers a body without action with a validation_error naming the field', async () => {
    const res = await api.post('{}', { 'x-api-key': api.apiKey });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details.issues[0].path).toBe('action');
  });

  it('answers an unknown action with 400 unknown_action listing the known ones', async () => {
    const res = await api.call('delete_everything');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unknown_action');
    expect(res.body.error.details.known_actions).toEqual(
      expect.arrayContaining(['list_clients', 'create_client', 'create_campaign', 'list_creatives']),
    );
  });

  it('refuses a body over 256 KiB with 413 and writes nothing', async () => {
    const before = await api.items();
    const res = await api.call('create_client', { name: 'x'.repeat(300 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
    expect(await api.items()).toHaveLength(before.length);
  });

  it('refuses unknown fields so a misspelt option is not silently ignored', async () => {
    const res = await api.call('create_client', { name: 'Acme', account_id: randomUUID() });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
  });

  it('answers GET / with 405 and an unknown path with 404, in the envelope', async () => {
    const get = await fetch(api.url);
    expect(get.status).toBe(405);
    expect(((await get.json()) as any).error.code).toBe('method_not_allowed');
    const other = await fetch(`${api.url}/nope`, { method: 'POST', body: '{}' });
    expect(other.status).toBe(404);
    expect(((await other.json()) as any).error.code).toBe('not_found');
  });

  it('sends JSON with no-store caching and a request id', async () => {
    const res = await api.call('list_clients');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });
});

describe('API key authentication', () => {
  it('refuses a request without a key with 401', async () => {
    const res = await api.call('list_clients', {}, {});
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('refuses a malformed key, a key with a bad checksum and an unknown well-formed key alike', async () => {
    const unknown = issueApiKey('test').plaintext;
    const typo = `${api.apiKey.slice(0, -1)}${api.apiKey.endsWith('A') ? 'B' : 'A'}`;
    const answers = await Promise.all(
      ['nonsense', typo, unknown].map((key) => api.call('list_clients', {}, { apiKey: key })),
    );
    for (const res of answers) expect(res.status).toBe(401);
    expect(new Set(answers.map((r) => r.text)).size).toBe(1);
  });

  it('refuses a valid-looking key minted for another environment', async () => {
    const res = await api.call('list_clients', {}, { apiKey: issueApiKey('live').plaintext });
    expect(res.status).toBe(401);
  });

  it('refuses a user token on an API-key action with 403 saying which credential is needed', async () => {
    const res = await api.call('list_clients', {}, { token: 'eyJhbGciOiJSUzI1NiJ9.e30.sig' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    expect(res.body.error.message).toContain('X-Api-Key');
  });

  it('authenticates before validating, so an anonymous caller learns nothing about the input', async () => {
    const res = await api.call('create_campaign', { volume: 'lots' }, {});
    expect(res.status).toBe(401);
  });
});

describe('unexpected failures', () => {
  it('answer 500 internal_error without leaking what went wrong', async () => {
    const missingTable = 'adgen-table-that-does-not-exist';
    const broken = await startApiServer({
      port: 0,
      handler: createApiHandler(
        { ...api.deps, config: { ...api.deps.config, tableName: missingTable } },
        new Logger({ logLevel: 'SILENT' }),
      ),
    });
    try {
      const res = await fetch(broken.url, {
        method: 'POST',
        headers: { 'x-api-key': api.apiKey },
        body: JSON.stringify({ action: 'list_clients' }),
      });
      const text = await res.text();
      expect(res.status).toBe(500);
      expect(JSON.parse(text)).toEqual({
        error: { code: 'internal_error', message: expect.any(String) },
      });
      expect(text).not.toMatch(/ResourceNotFound|does-not-exist|dynamo|stack|at /i);
    } finally {
      await broken.close();
    }
  });
});
