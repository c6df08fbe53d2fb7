import { createPrivateKey, createSign, generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keys } from '#core/db/keys.ts';
import { createTestPool, type TestPool } from './cognito.ts';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
let pool: TestPool;
beforeAll(async () => {
  pool = await createTestPool();
  api = await startTestApi({ verifyUserToken: pool.verifier });
});
afterAll(() => api?.close());

function decode(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [h, p] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h ?? '', 'base64url').toString('utf8')),
    payload: JSON.parse(Buffer.from(p ?? '', 'base64url').toString('utf8')),
  };
}

function sign(header: object, payload: object, key: KeyObject) {
  const body = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  const signature = createSign('RSA-SHA256').update(body).sign(key).toString('base64url');
  return `${body}.${signature}`;
}

/** cognito-local signs with a key that ships in its package: tests can mint tokens it would. */
function cognitoLocalKey() {
  const require = createRequire(import.meta.url);
  const path = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  return createPrivateKey({ key: JSON.parse(readFileSync(path, 'utf8')).jwk, format: 'jwk' });
}

describe('key actions with a real Cognito access token', () => {
  it('creates a key shown once, uses it, lists it without secrets, revokes it: 0 of 50 calls accepted after', async () => {
    const user = await pool.signUpAndLogIn();
    const created = await api.call('create_api_key', { name: 'ci pipeline' }, { token: user.accessToken });
    expect(created.status).toBe(200);
    const key = created.body.api_key;
    expect(key).toMatchObject({ name: 'ci pipeline', status: 'active', expires_at: null, revoked_at: null });
    expect(key.key).toMatch(/^adg_test_[0-9A-Za-z]{12}_[0-9A-Za-z]{38}$/);
    expect(key.prefix).toBe(`adg_test_${key.id}`);
    expect(key.last4).toBe(key.key.slice(-4));
    expect(key).not.toHaveProperty('hash');

    const used = await api.call('create_client', { name: 'Via new key' }, { apiKey: key.key });
    expect(used.status).toBe(200);

    const listed = await api.call('list_api_keys', {}, { token: user.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.body.api_keys).toHaveLength(1);
    expect(listed.body.api_keys[0]).toMatchObject({
      id: key.id,
      prefix: key.prefix,
      last4: key.last4,
      status: 'active',
    });
    expect(listed.body.api_keys[0].last_used_at).toEqual(expect.any(String));
    expect(listed.text).not.toContain(key.key);
    expect(listed.text).not.toMatch(/"hash"|"key":/);

    const revoked = await api.call('revoke_api_key', { api_key_id: key.id }, { token: user.accessToken });
    expect(revoked.status).toBe(200);
    expect(revoked.body.api_key).toMatchObject({
      id: key.id,
      status: 'revoked',
      revoked_at: expect.any(String),
    });

    const after = await Promise.all(
      Array.from({ length: 50 }, () => api.call('list_clients', {}, { apiKey: key.key })),
    );
    const accepted = after.filter((r) => r.status !== 401).length;
    expect(accepted).toBe(0);
  });

  it('keeps the plaintext key out of the table: only its hash is stored', async () => {
    const user = await pool.signUpAndLogIn();
    const created = await api.call('create_api_key', { name: 'scan me' }, { token: user.accessToken });
    const plaintext: string = created.body.api_key.key;
    const everything = JSON.stringify(await api.items());
    expect(everything).toContain(created.body.api_key.id);
    expect(everything).not.toContain(plaintext);
    expect(everything).not.toContain(plaintext.slice(-38, -6));
  });

  it('refuses an expired key on the very next request', async () => {
    const user = await pool.signUpAndLogIn();
    const created = await api.call(
      'create_api_key',
      { name: 'short', expires_in_days: 1 },
      { token: user.accessToken },
    );
    expect(created.body.api_key.expires_at).toEqual(expect.any(String));
    expect((await api.call('list_clients', {}, { apiKey: created.body.api_key.key })).status).toBe(200);
    await api.deps.ddb.send(
      new UpdateCommand({
        TableName: api.deps.config.tableName,
        Key: keys.apiKeyById(created.body.api_key.id),
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1000).toISOString() },
      }),
    );
    expect((await api.call('list_clients', {}, { apiKey: created.body.api_key.key })).status).toBe(401);
  });

  it('validates create_api_key input', async () => {
    const user = await pool.signUpAndLogIn();
    for (const fields of [
      {},
      { name: '' },
      { name: 'x', expires_in_days: 367 },
      { name: 'x', expires_in_days: 0 },
    ]) {
      const res = await api.call('create_api_key', fields, { token: user.accessToken });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
  });

  it('holds at most 25 active keys per account; revoking one frees a place', async () => {
    const user = await pool.signUpAndLogIn();
    const results = await Promise.all(
      Array.from({ length: 27 }, (_, i) =>
        api.call('create_api_key', { name: `k${i}` }, { token: user.accessToken }),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(25);
    expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'conflict')).toBe(true);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    await api.call('revoke_api_key', { api_key_id: ok[0]?.body.api_key.id }, { token: user.accessToken });
    expect((await api.call('create_api_key', { name: 'again' }, { token: user.accessToken })).status).toBe(
      200,
    );
  });
});

describe('accounts', () => {
  it('creates the account on the first user-token call, once, with the starting credits, even under concurrent first calls', async () => {
    const user = await pool.signUpAndLogIn();
    const calls = await Promise.all(
      Array.from({ length: 8 }, () => api.call('list_api_keys', {}, { token: user.accessToken })),
    );
    expect(calls.every((r) => r.status === 200)).toBe(true);
    const accounts = (await api.items()).filter((i) => i.entity === 'account' && i.id === user.sub);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ credits_available: 100, credits_reserved: 0, credits_used: 0 });
  });
});

describe('credential rules', () => {
  it('refuses an API key on a key action with 403 saying a user token is required', async () => {
    for (const action of ['list_api_keys', 'create_api_key', 'revoke_api_key']) {
      const res = await api.call(action, { name: 'x', api_key_id: 'abcdefghijkl' }, { apiKey: api.apiKey });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
      expect(res.body.error.message).toMatch(/user token/);
    }
  });

  it('refuses a key action with no credential with 401', async () => {
    expect((await api.call('list_api_keys', {}, {})).status).toBe(401);
  });

  it('refuses a token with a forged signature, an expired token, an ID token and a token of another pool with 401', async () => {
    const user = await pool.signUpAndLogIn();
    const { header, payload } = decode(user.accessToken);
    const now = Math.floor(Date.now() / 1000);

    const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const forged = sign(header, payload, strangerKey);
    const expired = sign(header, { ...payload, iat: now - 7200, exp: now - 3600 }, cognitoLocalKey());
    const idToken = sign(header, { ...payload, token_use: 'id' }, cognitoLocalKey());
    const otherClient = sign(header, { ...payload, client_id: 'someotherclient' }, cognitoLocalKey());
    const otherPool = await createTestPool();
    const foreign = (await otherPool.signUpAndLogIn()).accessToken;
    const tampered = `${user.accessToken.split('.')[0]}.${Buffer.from(JSON.stringify({ ...payload, sub: randomUUID() })).toString('base64url')}.${user.accessToken.split('.')[2]}`;

    // The genuine token works, so each refusal below is about what was changed.
    expect((await api.call('list_api_keys', {}, { token: user.accessToken })).status).toBe(200);
    for (const token of [forged, expired, idToken, otherClient, foreign, tampered, 'not.a.jwt']) {
      const res = await api.call('list_api_keys', {}, { token });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthorized');
    }
  });

  it("answers revoking another account's key exactly like an unknown key id, and changes nothing", async () => {
    const owner = await pool.signUpAndLogIn();
    const theirs = (await api.call('create_api_key', { name: 'theirs' }, { token: owner.accessToken })).body
      .api_key;
    const intruder = await pool.signUpAndLogIn();
    const foreign = await api.call(
      'revoke_api_key',
      { api_key_id: theirs.id },
      { token: intruder.accessToken },
    );
    const unknown = await api.call(
      'revoke_api_key',
      { api_key_id: 'AAAAAAAAAAAA' },
      { token: intruder.accessToken },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.text.replace(theirs.id, '<id>')).toBe(unknown.text.replace('AAAAAAAAAAAA', '<id>'));
    expect((await api.call('list_clients', {}, { apiKey: theirs.key })).status).toBe(200);
  });
});
