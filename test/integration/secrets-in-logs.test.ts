import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalStack } from '#local/stack.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('logs of a full flow', () => {
  it('carry no API key, no user token and no research summary', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-logs-'));
    dirs.push(dataDir);
    const captured: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    const writeErr = process.stderr.write.bind(process.stderr);
    process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
      captured.push(String(chunk));
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stdout.write;
    process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => {
      captured.push(String(chunk));
      return (writeErr as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof process.stderr.write;

    const summary =
      'Secret launch research: Ember & Oak roasts small-batch coffee for remote workers tired of stale beans.';
    let newKey = '';
    let token = '';
    const stack = await startLocalStack({ dataDir, port: 0, logLevel: 'DEBUG', workers: 1 });
    try {
      const { cognito } = stack.localJson;
      const auth = await new CognitoIdentityProviderClient({
        region: cognito.region,
        endpoint: cognito.endpoint,
      }).send(
        new InitiateAuthCommand({
          ClientId: cognito.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: cognito.username, PASSWORD: cognito.password },
        }),
      );
      token = auth.AuthenticationResult?.AccessToken ?? '';
      expect(token).not.toBe('');
      const post = async (body: object, headers: Record<string, string>) =>
        (
          await fetch(stack.baseUrl, { method: 'POST', headers, body: JSON.stringify(body) })
        ).json() as Promise<any>;
      const created = await post(
        { action: 'create_api_key', name: 'log test' },
        { authorization: `Bearer ${token}` },
      );
      newKey = created.api_key.key;
      const key = { 'x-api-key': newKey };
      const client = await post({ action: 'create_client', name: 'Ember & Oak' }, key);
      await post({ action: 'generate_angles', client_id: client.client.id, research_summary: summary }, key);
      const campaign = await post({ action: 'create_campaign', client_id: client.client.id }, key);
      await post({ action: 'generate_creatives', campaign_id: campaign.campaign.id }, key);
      await post({ action: 'list_clients' }, { 'x-api-key': `${newKey.slice(0, -1)}x` });
      await post(
        { action: 'revoke_api_key', api_key_id: created.api_key.id },
        { authorization: `Bearer ${token}` },
      );
      await post({ action: 'list_clients' }, key);
      await new Promise((r) => setTimeout(r, 1500));
    } finally {
      await stack.stop();
      process.stdout.write = write;
      process.stderr.write = writeErr;
    }
    const logs = captured.join('');
    expect(logs).toMatch(/"action":"create_api_key"/);
    expect(logs).toMatch(/"action":"generate_angles"/);
    for (const secret of [
      newKey,
      newKey.slice(-38, -6),
      stack.apiKey,
      token,
      token.split('.')[2] ?? 'x',
      summary,
      'Secret launch research',
    ]) {
      expect(logs.includes(secret), `log leaks ${secret.slice(0, 12)}…`).toBe(false);
    }
  }, 120_000);
});
