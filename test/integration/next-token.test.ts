import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
let clientId: string;
let campaignId: string;
beforeAll(async () => {
  api = await startTestApi();
  const client = await api.call('create_client', { name: 'Tokens' });
  clientId = client.body.client.id;
  // Enough clients and campaigns that a real next_token exists to tamper with.
  for (let i = 0; i < 3; i++) await api.call('create_client', { name: `Tokens ${i}` });
  const campaign = await api.call('create_campaign', { client_id: clientId });
  campaignId = campaign.body.campaign.id;
});
afterAll(() => api?.close());

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');

describe('hand-made next_token values', () => {
  it('answer 400 validation_error, never 5xx, on every list action', async () => {
    const real = await api.call('list_clients', { limit: 1 });
    expect(real.status).toBe(200);
    const genuine = JSON.parse(Buffer.from(real.body.next_token, 'base64url').toString('utf8'));
    const me = `ACCOUNT#${api.accountId}`;
    const crafted: string[] = [
      b64({ pk: me }),
      b64({ pk: me, sk: '' }),
      b64({ ...genuine, extra: 'x' }),
      b64({ ...genuine, sk: '' }),
      b64({ ...genuine, pk: '' }),
      b64({ pk: me, sk: 'NOPE#1' }),
      b64({ ...genuine, gsi1sk: 'NOTAPREFIX' }),
      b64({ ...genuine, gsi1pk: `${me}#OTHER` }),
      b64({ ...genuine, sk: 'x'.repeat(1100) }),
      b64({ ...genuine, pk: `${me}${'y'.repeat(3000)}` }),
      b64({ ...genuine, sk: 1 }),
      b64({ ...genuine, sk: null }),
      b64({ ...genuine, sk: { S: 'CLIENT#1' } }),
      b64({ ...genuine, sk: ['CLIENT#1'] }),
      b64({ pk: { S: me }, sk: { S: 'CLIENT#1' } }),
      b64([genuine]),
      b64('just a string'),
      b64(null),
      b64({}),
      b64({ ...genuine, sk: 'CLIENT#\u0000' }),
      b64({ pk: 'APIKEY#x', sk: 'APIKEY' }),
      b64({ pk: 'OTHER#x', sk: 'CLIENT#1', gsi1pk: genuine.gsi1pk, gsi1sk: genuine.gsi1sk }),
      'not base64 !!!',
      '%%%',
      '',
      '=',
      'e30',
      'A'.repeat(5000),
      Buffer.from('{"pk":"ACCOUNT#x","sk":').toString('base64url'),
      b64({ ...genuine, pk: 'ACCOUNT#someone-else' }),
    ];
    expect(crafted).toHaveLength(30);
    const lists: [string, Record<string, unknown>][] = [
      ['list_clients', {}],
      ['list_campaigns', { client_id: clientId }],
      ['list_angles', { client_id: clientId }],
      ['list_creatives', { campaign_id: campaignId, status: 'all' }],
    ];
    const statuses: number[] = [];
    for (const token of crafted) {
      for (const [action, fields] of lists) {
        const res = await api.call(action, { ...fields, next_token: token });
        statuses.push(res.status);
        if (res.status !== 400)
          throw new Error(`${action} ${token.slice(0, 60)} → ${res.status} ${res.text}`);
        expect(res.body.error.code).toBe('validation_error');
      }
    }
    const fiveHundreds = statuses.filter((s) => s >= 500).length;
    console.log(
      `${crafted.length} crafted next_token values × ${lists.length} lists: ${fiveHundreds} responses of 5xx`,
    );
    expect(fiveHundreds).toBe(0);
  });

  it('still pages with the genuine token', async () => {
    const first = await api.call('list_clients', { limit: 2 });
    const second = await api.call('list_clients', { limit: 2, next_token: first.body.next_token });
    expect(second.status).toBe(200);
    expect(second.body.clients).toHaveLength(2);
  });
});
