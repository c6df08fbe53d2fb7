import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFinalJobStatus } from '#core/job-status.ts';
import { METRIC, recordingTelemetry } from '#core/telemetry.ts';
import { type LocalStack, startLocalStack } from '#local/stack.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

type Line = Record<string, unknown>;

/**
 * One full flow through the local stack (the handlers that run on Lambda, logging JSON at
 * DEBUG): a user token creates an API key; the key creates a client, angles from a research
 * summary, a campaign and a batch that the worker generates; a forged key is refused, the key
 * is revoked and refused. Everything the process writes meanwhile is captured.
 */
const flow = {
  summary:
    'Secret launch research: Ember & Oak roasts small-batch coffee beans for people who work from home. Pains: stale supermarket beans; coffee that tastes burnt. Every bag ships within 48 hours of roasting. Subscribers choose their grind and can pause or skip a delivery any time. Rated 4.8 stars by 12,000 subscribers.',
  newKey: '',
  newKeyId: '',
  webhookSecrets: [] as string[],
  token: '',
  apiKey: '',
  accountId: '',
  jobId: '',
  images: 0,
  output: '',
  telemetry: recordingTelemetry(),
};

beforeAll(async () => {
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

  let stack: LocalStack | undefined;
  try {
    stack = await startLocalStack({
      dataDir,
      port: 0,
      logLevel: 'DEBUG',
      workers: 1,
      telemetry: flow.telemetry,
    });
    const { baseUrl } = stack;
    flow.apiKey = stack.apiKey;
    flow.accountId = stack.localJson.accountId;
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
    flow.token = auth.AuthenticationResult?.AccessToken ?? '';
    expect(flow.token).not.toBe('');
    const post = async (body: object, headers: Record<string, string>) =>
      (await fetch(baseUrl, { method: 'POST', headers, body: JSON.stringify(body) })).json() as Promise<any>;
    const bearer = { authorization: `Bearer ${flow.token}` };
    const created = await post({ action: 'create_api_key', name: 'log test' }, bearer);
    flow.newKey = created.api_key.key;
    flow.newKeyId = created.api_key.id;
    const key = { 'x-api-key': flow.newKey };
    const client = await post({ action: 'create_client', name: 'Ember & Oak' }, key);
    // A webhook endpoint's secrets (created, rotated), gone before anything would be sent to it.
    const hook = await post(
      { action: 'create_webhook_endpoint', url: 'https://1.1.1.1/log-test', events: ['job.completed'] },
      key,
    );
    const rotated = await post(
      { action: 'rotate_webhook_secret', webhook_endpoint_id: hook.webhook_endpoint.id },
      key,
    );
    flow.webhookSecrets = [hook.webhook_endpoint.secret, rotated.webhook_endpoint.secret];
    await post({ action: 'delete_webhook_endpoint', webhook_endpoint_id: hook.webhook_endpoint.id }, key);
    await post(
      { action: 'generate_angles', client_id: client.client.id, research_summary: flow.summary },
      key,
    );
    const campaign = await post(
      { action: 'create_campaign', client_id: client.client.id, aspect_ratio: '1:1,9:16', volume: 2 },
      key,
    );
    const job = await post({ action: 'generate_creatives', campaign_id: campaign.campaign.id }, key);
    flow.jobId = job.job_id;
    flow.images = job.jobs;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await post({ action: 'get_job', job_id: flow.jobId }, key);
      if (isFinalJobStatus(status.job.status)) break;
      if (Date.now() > deadline) throw new Error(`job still ${status.job.status}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    // The two refusals the log and metric tests count: a malformed key, then the revoked key.
    // The key with its last character changed (to another one: a key may end in "x").
    const other = flow.newKey.endsWith('x') ? 'y' : 'x';
    const forged = await post(
      { action: 'list_clients' },
      { 'x-api-key': `${flow.newKey.slice(0, -1)}${other}` },
    );
    expect(forged.error?.code, JSON.stringify(forged)).toBe('unauthorized');
    const revoked = await post({ action: 'revoke_api_key', api_key_id: created.api_key.id }, bearer);
    expect(revoked.api_key?.status, JSON.stringify(revoked)).toBe('revoked');
    const after = await post({ action: 'list_clients' }, key);
    expect(after.error?.code, JSON.stringify(after)).toBe('unauthorized');
  } finally {
    await stack?.stop();
    process.stdout.write = write;
    process.stderr.write = writeErr;
  }
  flow.output = captured.join('');
}, 120_000);

/** Every line the flow wrote, parsed (a line that is not JSON fails here). */
function lines(): Line[] {
  return flow.output
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l) => {
      try {
        return JSON.parse(l) as Line;
      } catch {
        throw new Error(`not a JSON log line: ${l.slice(0, 200)}`);
      }
    });
}

describe('logs of a full flow', () => {
  it('carry no API key, no user token, no webhook secret and no research summary', () => {
    expect(flow.output).toMatch(/"action":"create_api_key"/);
    expect(flow.output).toMatch(/"action":"rotate_webhook_secret"/);
    expect(flow.webhookSecrets.every((s) => s.startsWith('whsec_'))).toBe(true);
    expect(flow.output).toMatch(/"action":"generate_angles"/);
    for (const secret of [
      flow.newKey,
      flow.newKey.slice(-38, -6),
      flow.apiKey,
      flow.token,
      flow.token.split('.')[2] ?? 'x',
      flow.summary,
      'Secret launch research',
      ...flow.webhookSecrets,
      ...flow.webhookSecrets.map((s) => s.slice(6, 30)),
      'whsec_',
    ]) {
      expect(flow.output.includes(secret), `log leaks ${secret.slice(0, 12)}…`).toBe(false);
    }
  });

  it('are JSON lines, each with the correlation fields of its kind', () => {
    const all = lines();
    expect(all.length).toBeGreaterThan(0);
    for (const line of all) {
      expect(line, JSON.stringify(line)).toMatchObject({
        level: expect.any(String),
        timestamp: expect.any(String),
        service: expect.stringMatching(/^adgen-(api|worker|dlq)$/),
      });
      if (line.service === 'adgen-api') {
        expect(line, JSON.stringify(line)).toMatchObject({
          message: 'request',
          request_id: expect.any(String),
          action: expect.any(String),
          status: expect.any(Number),
          latency_ms: expect.any(Number),
        });
        // Authenticated requests name the account; refused ones cannot.
        if (line.status !== 401) expect(line.account_id, JSON.stringify(line)).toBe(flow.accountId);
      } else {
        expect(line, JSON.stringify(line)).toMatchObject({
          job_id: flow.jobId,
          slot_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          slot_index: expect.any(Number),
          account_id: flow.accountId,
          message_id: expect.any(String),
          result: expect.any(String),
          latency_ms: expect.any(Number),
        });
      }
    }
  });

  it('have one line per request and one per generated image', () => {
    const all = lines();
    const requests = all.filter((l) => l.message === 'request');
    expect(requests.map((l) => l.action)).toEqual(
      expect.arrayContaining([
        'create_api_key',
        'create_client',
        'generate_angles',
        'create_campaign',
        'generate_creatives',
        'get_job',
        'revoke_api_key',
        'list_clients',
      ]),
    );
    expect(new Set(requests.map((l) => l.request_id)).size).toBe(requests.length);
    // Requests made with the API key name it by its public id; user-token requests name none.
    for (const line of requests.filter((l) => l.status === 200)) {
      const byToken = ['create_api_key', 'revoke_api_key'].includes(String(line.action));
      expect(line.api_key_id, JSON.stringify(line)).toBe(byToken ? undefined : flow.newKeyId);
    }
    expect(requests.filter((l) => l.status === 401)).toHaveLength(2);
    const slots = all.filter((l) => l.message === 'slot');
    expect(slots).toHaveLength(flow.images);
    expect(slots.every((l) => l.result === 'succeeded')).toBe(true);
    expect(new Set(slots.map((l) => l.slot_id)).size).toBe(flow.images);
  });
});

describe('metrics of a full flow', () => {
  it('count requests by action and status, with their latency', () => {
    const t = flow.telemetry;
    const requests = lines().filter((l) => l.message === 'request').length;
    expect(t.sum(METRIC.requests)).toBe(requests);
    expect(t.sum(METRIC.requests, { action: 'generate_creatives', status: '200' })).toBe(1);
    expect(t.sum(METRIC.requests, { action: 'list_clients', status: '401' })).toBe(2);
    expect(t.sum(METRIC.serverErrors)).toBe(0);
    expect(t.records.filter((r) => r.name === METRIC.latency)).toHaveLength(requests);
  });

  it('follow the credits and images: reserved, then used for each image delivered', () => {
    const t = flow.telemetry;
    expect(flow.images).toBe(2);
    expect(t.sum(METRIC.creditsReserved)).toBe(flow.images);
    expect(t.sum(METRIC.creditsUsed)).toBe(flow.images);
    expect(t.sum(METRIC.imagesSucceeded)).toBe(flow.images);
    expect(t.sum(METRIC.creditsReleased)).toBe(0);
    expect(t.sum(METRIC.modelCalls)).toBe(flow.images);
    expect(t.records.filter((r) => r.name === METRIC.modelLatency)).toHaveLength(flow.images);
  });
});
