import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inCollection, keys } from '#core/db/keys.ts';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

async function newClient(name = 'Acme Coffee', apiKey = api.apiKey) {
  const res = await api.call('create_client', { name }, { apiKey });
  expect(res.status).toBe(200);
  return res.body.client as { id: string; name: string };
}

/** An angle item as the marketing-intelligence actions store it, written straight to the table. */
async function putAngle(accountId: string, clientId: string) {
  const id = randomUUID();
  await api.deps.ddb.send(
    new PutCommand({
      TableName: api.deps.config.tableName,
      Item: {
        ...keys.angleById(accountId, id),
        ...inCollection(keys.anglesOfClient(accountId, clientId), id),
        entity: 'angle',
        id,
        client_id: clientId,
        name: 'Pain',
      },
    }),
  );
  return id;
}

describe('create_client / list_clients', () => {
  it('creates a client with a trimmed name, an id and timestamps', async () => {
    const res = await api.call('create_client', { name: '  Acme Coffee  ' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      client: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Acme Coffee',
        created_at: isoDate,
        updated_at: isoDate,
      },
    });
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 42 }, 'name'],
  ])('refuses %j with a validation_error on %s and writes nothing', async (fields, path) => {
    const before = await api.items();
    const res = await api.call('create_client', fields);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(await api.items()).toHaveLength(before.length);
  });

  it('lists clients newest first, page by page, with next_token null on the last page', async () => {
    const account = await api.newAccount();
    const created: string[] = [];
    for (let i = 0; i < 5; i++) created.push((await newClient(`Client ${i}`, account.apiKey)).id);
    const seen: string[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const res = await api.call(
        'list_clients',
        { limit: 2, ...(token ? { next_token: token } : {}) },
        { apiKey: account.apiKey },
      );
      expect(res.status).toBe(200);
      expect(res.body.clients.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.clients.map((c: { id: string }) => c.id));
      token = res.body.next_token;
      pages++;
    } while (token);
    expect(pages).toBe(3);
    expect(seen).toEqual([...created].reverse());
  });

  it('refuses a limit outside 1..100 and a next_token from another list', async () => {
    expect((await api.call('list_clients', { limit: 0 })).status).toBe(400);
    expect((await api.call('list_clients', { limit: 101 })).status).toBe(400);
    const other = await api.newAccount();
    await newClient('A', other.apiKey);
    await newClient('B', other.apiKey);
    const page = await api.call('list_clients', { limit: 1 }, { apiKey: other.apiKey });
    expect(page.body.next_token).toEqual(expect.any(String));
    const stolen = await api.call('list_clients', { next_token: page.body.next_token });
    expect(stolen.status).toBe(400);
    expect(stolen.body.error.code).toBe('validation_error');
  });

  it("never shows another account's clients", async () => {
    const other = await api.newAccount();
    const theirs = await newClient('Their client', other.apiKey);
    const mine = await api.call('list_clients', { limit: 100 });
    expect(mine.body.clients.map((c: { id: string }) => c.id)).not.toContain(theirs.id);
  });
});

describe('create_campaign', () => {
  it('fills every default of the spec when only client_id is sent', async () => {
    const client = await newClient();
    const res = await api.call('create_campaign', { client_id: client.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      campaign: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        client_id: client.id,
        name: 'Untitled Campaign',
        cta_text: '',
        offer_text: '',
        aspect_ratio: '1:1',
        volume: 1,
        selected_angle_ids: [],
        platform_target: [],
        landing_url: '',
        reference_image_url: null,
        product_image_url: null,
        product_asset_id: null,
        photo_asset_ids: [],
        use_brand_kit: true,
        created_at: isoDate,
        updated_at: isoDate,
      },
    });
  });

  it('keeps every field given, normalises the ratio list and forces use_brand_kit to true', async () => {
    const client = await newClient();
    const angle = await putAngle(api.accountId, client.id);
    const res = await api.call('create_campaign', {
      client_id: client.id,
      name: 'Spring launch',
      cta_text: 'Shop now',
      offer_text: '20% off this week',
      aspect_ratio: '1:1, 9:16',
      volume: 12,
      selected_angle_ids: [angle],
      platform_target: ['meta_feed', 'tiktok'],
      landing_url: 'https://acme.example/spring',
      reference_image_url: 'https://cdn.acme.example/ref.png',
      product_image_url: 'https://cdn.acme.example/bag.png',
      use_brand_kit: false,
    });
    expect(res.status).toBe(200);
    expect(res.body.campaign).toMatchObject({
      name: 'Spring launch',
      cta_text: 'Shop now',
      offer_text: '20% off this week',
      aspect_ratio: '1:1,9:16',
      volume: 12,
      selected_angle_ids: [angle],
      platform_target: ['meta_feed', 'tiktok'],
      landing_url: 'https://acme.example/spring',
      reference_image_url: 'https://cdn.acme.example/ref.png',
      product_image_url: 'https://cdn.acme.example/bag.png',
      use_brand_kit: true,
    });
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['a missing client_id', { client_id: undefined }, 'client_id'],
    ['a client_id that is not a UUID', { client_id: 'acme' }, 'client_id'],
    ['a zero volume', { volume: 0 }, 'volume'],
    ['a volume over 500', { volume: 501 }, 'volume'],
    ['a fractional volume', { volume: 2.5 }, 'volume'],
    ['a volume given as a string', { volume: '3' }, 'volume'],
    ['a ratio that is not w:h', { aspect_ratio: '16x9' }, 'aspect_ratio'],
    ['a ratio with a zero side', { aspect_ratio: '1:0' }, 'aspect_ratio'],
    ['duplicate ratios', { aspect_ratio: '1:1,1:1' }, 'aspect_ratio'],
    ['an empty ratio item', { aspect_ratio: '1:1,' }, 'aspect_ratio'],
    ['an unknown platform', { platform_target: ['myspace'] }, 'platform_target.0'],
    ['a repeated platform', { platform_target: ['tiktok', 'tiktok'] }, 'platform_target'],
    ['a landing_url that is not http(s)', { landing_url: 'ftp://acme.example' }, 'landing_url'],
    ['a javascript: product image', { product_image_url: 'javascript:alert(1)' }, 'product_image_url'],
    ['a file: reference image', { reference_image_url: 'file:///etc/passwd' }, 'reference_image_url'],
    ['angle ids that are not UUIDs', { selected_angle_ids: ['pain'] }, 'selected_angle_ids.0'],
    [
      'a repeated angle id',
      { selected_angle_ids: [randomUUID()].flatMap((x) => [x, x]) },
      'selected_angle_ids',
    ],
    ['a name that is too long', { name: 'n'.repeat(201) }, 'name'],
    ['a cta_text that is too long', { cta_text: 'c'.repeat(41) }, 'cta_text'],
  ];

  it.each(bad)('refuses %s with 400 validation_error and writes nothing', async (_label, fields, path) => {
    const client = await newClient();
    const before = await api.items();
    const res = await api.call('create_campaign', { client_id: client.id, ...fields });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toContain(path);
    expect(await api.items()).toHaveLength(before.length);
  });

  it('refuses angles that are unknown or belong to another client, and writes nothing', async () => {
    const client = await newClient();
    const otherClient = await newClient('Other');
    const foreignAngle = await putAngle(api.accountId, otherClient.id);
    const before = await api.items();
    const res = await api.call('create_campaign', {
      client_id: client.id,
      selected_angle_ids: [randomUUID(), foreignAngle],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details.issues.map((i: { path: string }) => i.path)).toEqual([
      'selected_angle_ids[0]',
      'selected_angle_ids[1]',
    ]);
    expect(await api.items()).toHaveLength(before.length);
  });

  it("answers another account's client exactly like an unknown one, and writes nothing", async () => {
    const other = await api.newAccount();
    const theirs = await newClient('Theirs', other.apiKey);
    const before = await api.items();
    const foreign = await api.call('create_campaign', { client_id: theirs.id });
    const unknownId = randomUUID();
    const unknown = await api.call('create_campaign', { client_id: unknownId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');
    expect(foreign.text.replace(theirs.id, '<id>')).toBe(unknown.text.replace(unknownId, '<id>'));
    expect(await api.items()).toHaveLength(before.length);
  });
});

describe('list_campaigns / list_creatives', () => {
  it("lists a client's campaigns newest first and pages through them", async () => {
    const client = await newClient();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await api.call('create_campaign', { client_id: client.id, name: `C${i}` })).body.campaign.id);
    }
    const first = await api.call('list_campaigns', { client_id: client.id, limit: 2 });
    expect(first.status).toBe(200);
    const second = await api.call('list_campaigns', {
      client_id: client.id,
      limit: 2,
      next_token: first.body.next_token,
    });
    expect([...first.body.campaigns, ...second.body.campaigns].map((c: { id: string }) => c.id)).toEqual(
      ids.reverse(),
    );
    expect(second.body.next_token).toBeNull();
  });

  it("answers list_campaigns of an unknown or another account's client with the same 404", async () => {
    const other = await api.newAccount();
    const theirs = await newClient('Theirs', other.apiKey);
    const foreign = await api.call('list_campaigns', { client_id: theirs.id });
    const unknownId = randomUUID();
    const unknown = await api.call('list_campaigns', { client_id: unknownId });
    expect(foreign.status).toBe(404);
    expect(foreign.text.replace(theirs.id, '<id>')).toBe(unknown.text.replace(unknownId, '<id>'));
  });

  it('answers list_creatives of a new campaign with an empty list, and of an unknown one with 404', async () => {
    const client = await newClient();
    const campaign = (await api.call('create_campaign', { client_id: client.id })).body.campaign;
    const res = await api.call('list_creatives', { campaign_id: campaign.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ creatives: [], next_token: null });
    const missing = await api.call('list_creatives', { campaign_id: randomUUID() });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
  });
});
