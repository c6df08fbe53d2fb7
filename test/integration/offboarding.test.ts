/**
 * Keys follow their owner: after `npm run offboard-user` (its function, against a local.json
 * that names this test's table and user pool on the emulators), the user's API keys answer 401
 * and its still-unexpired access token answers 401 on every key action. The Lambda's handler is
 * driven with CloudTrail-shaped events of Cognito against the same emulators.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@aws-lambda-powertools/logger';
import { AdminDisableUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffboardingHandler } from '../../lambdas/offboard/offboard-event.ts';
import { localTarget, type OffboardTarget, offboardUser } from '../../scripts/offboard-user.ts';
import { createTestPool, type TestPool } from './cognito.ts';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
let pool: TestPool;
let dataDir: string;
let target: OffboardTarget;
beforeAll(async () => {
  pool = await createTestPool();
  api = await startTestApi({ verifyUserToken: pool.verifier });
  // What `npm start` writes, pointed at this test's table and pool.
  dataDir = await mkdtemp(join(tmpdir(), 'adgen-offboard-'));
  const { config } = api.deps;
  await writeFile(
    join(dataDir, 'local.json'),
    JSON.stringify({
      cognito: { endpoint: config.endpoints.cognito, region: config.region, userPoolId: pool.userPoolId },
      dynamodb: { endpoint: config.endpoints.dynamodb, region: config.region, tableName: config.tableName },
    }),
  );
  target = await localTarget(dataDir);
});
afterAll(async () => {
  await api?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A signed-up user with `count` API keys it made with its token, each shown to work. */
async function userWithKeys(count: number) {
  const user = await pool.signUpAndLogIn();
  const keys: { id: string; key: string }[] = [];
  for (let i = 0; i < count; i++) {
    const created = await api.call('create_api_key', { name: `k${i}` }, { token: user.accessToken });
    expect(created.status).toBe(200);
    keys.push({ id: created.body.api_key.id, key: created.body.api_key.key });
  }
  for (const { key } of keys) expect((await api.call('list_clients', {}, { apiKey: key })).status).toBe(200);
  return { ...user, keys };
}

/** The status of every key action called with the user's token. */
async function keyActionStatuses(token: string, keyId: string) {
  return {
    create_api_key: (await api.call('create_api_key', { name: 'after' }, { token })).status,
    list_api_keys: (await api.call('list_api_keys', {}, { token })).status,
    revoke_api_key: (await api.call('revoke_api_key', { api_key_id: keyId }, { token })).status,
  };
}

describe('npm run offboard-user (local)', () => {
  it('revokes every key of the user and refuses its token on the key actions; others are untouched', async () => {
    const leaving = await userWithKeys(3);
    const staying = await userWithKeys(1);

    const report = await offboardUser(leaving.username, target, { settleMs: 0 });
    expect(report).toMatchObject({ accountId: leaving.sub, wasInactive: false });
    expect([...report.revokedKeyIds].sort()).toEqual(leaving.keys.map((k) => k.id).sort());

    const keyStatuses = await Promise.all(
      leaving.keys.map(async ({ key }) => (await api.call('list_clients', {}, { apiKey: key })).status),
    );
    const tokenStatuses = await keyActionStatuses(leaving.accessToken, leaving.keys[0]?.id ?? '');
    console.log('offboarded user: keys', keyStatuses, 'token on key actions', tokenStatuses);
    expect(keyStatuses).toEqual([401, 401, 401]);
    expect(tokenStatuses).toEqual({ create_api_key: 401, list_api_keys: 401, revoke_api_key: 401 });

    // Someone else's key and token go on working.
    expect((await api.call('list_clients', {}, { apiKey: staying.keys[0]?.key })).status).toBe(200);
    expect((await api.call('list_api_keys', {}, { token: staying.accessToken })).status).toBe(200);

    // Twice is harmless, and by sub too.
    const again = await offboardUser(leaving.sub, target, { settleMs: 0 });
    expect(again).toMatchObject({ accountId: leaving.sub, wasInactive: true, revokedKeyIds: [] });
  });

  it('offboards a user who never called the API: its token cannot create the account afterwards', async () => {
    const user = await pool.signUpAndLogIn();
    const report = await offboardUser(user.username, target, { settleMs: 0 });
    expect(report).toMatchObject({ accountId: user.sub, revokedKeyIds: [] });
    expect((await api.call('create_api_key', { name: 'late' }, { token: user.accessToken })).status).toBe(
      401,
    );
  });

  it('says which user it cannot find', async () => {
    await expect(offboardUser('nobody@agency.example', target, { settleMs: 0 })).rejects.toThrow(
      /No user nobody@agency\.example/,
    );
  });
});

describe('the Offboarding Lambda handler on Cognito CloudTrail events', () => {
  const logger = new Logger({ serviceName: 'adgen-offboarding-test', logLevel: 'SILENT' });
  // As on AWS, the function knows its pool (USER_POOL_ID).
  const handler = () =>
    createOffboardingHandler(
      { ...api.deps, config: { ...api.deps.config, userPoolId: pool.userPoolId } },
      pool.client,
      logger,
      { settleMs: 0 },
    );
  const event = (detail: Record<string, unknown>) => ({
    detail: { eventSource: 'cognito-idp.amazonaws.com', ...detail },
  });

  it('AdminDisableUser naming the username: keys 401, token 401 on the key actions', async () => {
    const user = await userWithKeys(2);
    await pool.client.send(
      new AdminDisableUserCommand({ UserPoolId: pool.userPoolId, Username: user.username }),
    );
    const outcome = await handler()(
      event({
        eventName: 'AdminDisableUser',
        requestParameters: { userPoolId: pool.userPoolId, username: user.username },
      }),
    );
    expect(outcome).toMatchObject({ accountId: user.sub });
    for (const { key } of user.keys) {
      expect((await api.call('list_clients', {}, { apiKey: key })).status).toBe(401);
    }
    expect(await keyActionStatuses(user.accessToken, user.keys[0]?.id ?? '')).toEqual({
      create_api_key: 401,
      list_api_keys: 401,
      revoke_api_key: 401,
    });
  });

  it('AdminDeleteUser / DeleteUser carrying the sub (username masked): keys 401', async () => {
    for (const eventName of ['AdminDeleteUser', 'DeleteUser']) {
      const user = await userWithKeys(1);
      const outcome = await handler()(
        event({
          eventName,
          requestParameters: { username: 'HIDDEN_DUE_TO_SECURITY_REASONS' },
          additionalEventData: { sub: user.sub },
        }),
      );
      expect(outcome).toMatchObject({ accountId: user.sub, revokedKeyIds: [user.keys[0]?.id] });
      expect((await api.call('list_clients', {}, { apiKey: user.keys[0]?.key })).status).toBe(401);
    }
  });

  it('ignores failed calls, other pools and users it cannot name; their keys keep working', async () => {
    const user = await userWithKeys(1);
    const ignored = [
      event({
        eventName: 'AdminDeleteUser',
        errorCode: 'UserNotFoundException',
        requestParameters: { userPoolId: pool.userPoolId, username: user.username },
      }),
      event({
        eventName: 'AdminDisableUser',
        requestParameters: { userPoolId: 'us-east-1_other', username: user.username },
      }),
      event({
        eventName: 'AdminDeleteUser',
        requestParameters: { userPoolId: pool.userPoolId, username: 'gone@agency.example' },
      }),
    ];
    for (const e of ignored) expect(await handler()(e)).toHaveProperty('ignored');
    expect((await api.call('list_clients', {}, { apiKey: user.keys[0]?.key })).status).toBe(200);
  });
});
