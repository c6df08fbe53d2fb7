import { randomUUID } from 'node:crypto';
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIdempotently } from '#api/idempotent.ts';
import { AdgenClient } from '../../client/index.ts';
import { type CallResult, creditsOf, startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

type Account = { accountId: string; apiKey: string };

/** A fresh account (100 credits) with a campaign of 10 images: one generate_creatives = 1 job of 10. */
async function tenImageCampaign(): Promise<Account & { campaignId: string; clientId: string }> {
  const account = await api.newAccount(100);
  const client = await api.call('create_client', { name: 'Acme Coffee' }, { apiKey: account.apiKey });
  expect(client.status).toBe(200);
  const campaign = await api.call(
    'create_campaign',
    { client_id: client.body.client.id, volume: 10 },
    { apiKey: account.apiKey },
  );
  expect(campaign.status).toBe(200);
  return { ...account, clientId: client.body.client.id, campaignId: campaign.body.campaign.id };
}

function send(account: Account, key: string | undefined, body: Record<string, unknown>): Promise<CallResult> {
  const headers: Record<string, string> = { 'x-api-key': account.apiKey };
  if (key !== undefined) headers['idempotency-key'] = key;
  return api.post(JSON.stringify(body), headers);
}

/** Sends until the answer is not `idempotency_in_progress`, waiting Retry-After between tries. */
async function sendUntilSettled(account: Account, key: string, body: Record<string, unknown>) {
  let inProgress = 0;
  for (;;) {
    const res = await send(account, key, body);
    if (res.status !== 409 || res.body?.error?.code !== 'idempotency_in_progress') return { res, inProgress };
    inProgress++;
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000));
  }
}

async function jobsOf(accountId: string) {
  return (await api.items()).filter((i) => i.entity === 'job' && String(i.pk) === `ACCOUNT#${accountId}`);
}

const credits = (account: Account) => creditsOf(api, account);

describe('Idempotency-Key on writing actions', () => {
  it('the same key 20 times in parallel on a 10-image generate_creatives makes 1 job and charges 10 credits', async () => {
    const account = await tenImageCampaign();
    const key = randomUUID();
    const body = { action: 'generate_creatives', campaign_id: account.campaignId };
    const settled = await Promise.all(Array.from({ length: 20 }, () => sendUntilSettled(account, key, body)));
    const answers = settled.map((s) => s.res);

    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const originals = answers.filter((a) => a.headers.get('idempotent-replayed') === null);
    const replays = answers.filter((a) => a.headers.get('idempotent-replayed') === 'true');
    expect(originals).toHaveLength(1);
    expect(replays).toHaveLength(19);
    const original = originals[0] as CallResult;
    for (const replay of replays) expect(replay.text).toBe(original.text);
    expect(original.body).toMatchObject({ jobs: 10, status: 'pending', campaign_id: account.campaignId });

    const jobs = await jobsOf(account.accountId);
    const after = await credits(account);
    expect(jobs).toHaveLength(1);
    expect(after.reserved + after.used).toBe(10);
    expect(after.available).toBe(90);
    const inProgress = settled.reduce((n, s) => n + s.inProgress, 0);
    console.log(
      `idempotency x20: ${answers.length} answers 200, ${originals.length} original, ${replays.length} replays byte-identical` +
        ` (${inProgress} idempotency_in_progress 409s waited out), jobs ${jobs.length},` +
        ` credits reserved ${after.reserved} + used ${after.used}, available ${after.available}`,
    );
  });

  it('the same key 5 times in parallel makes one export, one review link and one revocation', async () => {
    const account = await tenImageCampaign();
    const itemsOf = async (entity: string) =>
      (await api.items()).filter(
        (i) => i.entity === entity && String(i.pk) === `ACCOUNT#${account.accountId}`,
      );
    const five = async (body: Record<string, unknown>) => {
      const key = randomUUID();
      const answers = (
        await Promise.all(Array.from({ length: 5 }, () => sendUntilSettled(account, key, body)))
      ).map((s) => s.res);
      expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
      expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(4);
      for (const a of answers) expect(a.text).toBe(answers[0]?.text);
      return answers[0]?.body;
    };
    const exported = await five({ action: 'export_campaign', campaign_id: account.campaignId });
    const link = await five({ action: 'create_review_link', campaign_id: account.campaignId });
    const revoked = await five({ action: 'revoke_review_link', review_link_id: link.review_link.id });
    expect(revoked.review_link.revoked_at).not.toBeNull();
    const exports = await itemsOf('export');
    const links = await itemsOf('review_link');
    expect(exports.map((e) => e.id)).toEqual([exported.export.id]);
    expect(links.map((l) => l.id)).toEqual([link.review_link.id]);
    console.log(
      `idempotency x5: export_campaign ${exports.length} export, create_review_link ${links.length} link, revoke_review_link replayed`,
    );
  });

  it('refuses the same key with a different body or action with 409 idempotency_key_reused, writing nothing', async () => {
    const account = await tenImageCampaign();
    const other = await api.call(
      'create_campaign',
      { client_id: account.clientId, volume: 2 },
      { apiKey: account.apiKey },
    );
    const key = `order-${randomUUID()}`;
    const first = await send(account, key, { action: 'generate_creatives', campaign_id: account.campaignId });
    expect(first.status).toBe(200);
    const itemsBefore = (await api.items()).length;

    const otherBody = await send(account, key, {
      action: 'generate_creatives',
      campaign_id: other.body.campaign.id,
    });
    const otherAction = await send(account, key, { action: 'create_client', name: 'Other' });
    for (const res of [otherBody, otherAction]) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('idempotency_key_reused');
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    expect((await api.items()).length).toBe(itemsBefore);
    expect(await jobsOf(account.accountId)).toHaveLength(1);
    // Field order and whitespace are not a different body.
    const reordered = await api.post(
      `{ "campaign_id": "${account.campaignId}",  "action": "generate_creatives" }`,
      {
        'x-api-key': account.apiKey,
        'idempotency-key': key,
      },
    );
    expect(reordered.status).toBe(200);
    expect(reordered.text).toBe(first.text);
    console.log(
      `key reused: different body ${otherBody.status} ${otherBody.body.error.code}, different action ${otherAction.status}, items ${itemsBefore} → ${(await api.items()).length}`,
    );
  });

  it('a lost response followed by a retry with the same key charges once', async () => {
    const account = await tenImageCampaign();
    let dropped = 0;
    // The request reaches the server and is served; the answer is lost on the way back.
    const lossyFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (dropped === 0) {
        dropped++;
        await res.arrayBuffer();
        throw new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
      }
      return res;
    };
    const adgen = new AdgenClient({
      baseUrl: api.url,
      apiKey: account.apiKey,
      fetch: lossyFetch,
      retry: { baseDelayMs: 1 },
    });
    const job = await adgen.generateCreatives({ campaign_id: account.campaignId });
    const jobs = await jobsOf(account.accountId);
    const after = await credits(account);
    expect(dropped).toBe(1);
    expect(job.jobs).toBe(10);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.id).toBe(job.job_id);
    expect(after.reserved + after.used).toBe(10);
    console.log(
      `lost response: ${dropped} answer dropped, client retried with its key; jobs ${jobs.length}, credits charged ${after.reserved + after.used} of 100`,
    );
  });

  it('stores a 4xx answer and replays it; without a key every call runs', async () => {
    const account = await api.newAccount(5);
    const client = await api.call('create_client', { name: 'Small' }, { apiKey: account.apiKey });
    const campaign = await api.call(
      'create_campaign',
      { client_id: client.body.client.id, volume: 10 },
      { apiKey: account.apiKey },
    );
    const key = randomUUID();
    const body = { action: 'generate_creatives', campaign_id: campaign.body.campaign.id };
    const first = await send(account, key, body);
    expect(first.status).toBe(402);
    const again = await send(account, key, body);
    expect(again.status).toBe(402);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');

    const a = await send(account, undefined, { action: 'create_client', name: 'Twice' });
    const b = await send(account, undefined, { action: 'create_client', name: 'Twice' });
    expect(a.body.client.id).not.toBe(b.body.client.id);
  });

  it('does not store a 5xx: the key is freed and a retry runs again', async () => {
    const account = await api.newAccount(10);
    const request = {
      accountId: account.accountId,
      key: randomUUID(),
      action: 'create_client',
      fields: { name: 'Retry me' },
      requestId: 'r1',
    };
    let runs = 0;
    const failing = async () => {
      runs++;
      throw new Error('the table was unreachable');
    };
    await expect(runIdempotently(api.deps, request, failing)).rejects.toThrow('unreachable');
    const serverError = async () => {
      runs++;
      return { statusCode: 503, body: '{}' };
    };
    expect((await runIdempotently(api.deps, request, serverError)).statusCode).toBe(503);
    const ok = async () => {
      runs++;
      return { statusCode: 200, body: '{"ok":true}' };
    };
    const third = await runIdempotently(api.deps, request, ok);
    const fourth = await runIdempotently(api.deps, request, ok);
    expect(runs).toBe(3);
    expect(third.headers?.['idempotent-replayed']).toBeUndefined();
    expect(fourth).toMatchObject({ statusCode: 200, body: '{"ok":true}' });
    expect(fourth.headers?.['idempotent-replayed']).toBe('true');
  });

  it('refuses a malformed key and ignores the header on reads', async () => {
    const account = await api.newAccount(10);
    for (const key of ['x'.repeat(256), 'tab\there', 'é']) {
      const res = await send(account, key, { action: 'create_client', name: 'Bad key' });
      expect(res.status).toBe(400);
      expect(res.body.error.details.issues[0].path).toBe('idempotency-key');
    }
    const ok = await send(account, 'x'.repeat(255), { action: 'create_client', name: 'Long key' });
    expect(ok.status).toBe(200);
    const read1 = await send(account, 'read-key', { action: 'list_clients' });
    const read2 = await send(account, 'read-key', { action: 'get_credits' });
    expect([read1.status, read2.status]).toEqual([200, 200]);
    expect(read2.headers.get('idempotent-replayed')).toBeNull();
    const records = (await api.items()).filter(
      (i) => i.entity === 'idempotency_record' && String(i.pk).startsWith(`ACCOUNT#${account.accountId}#`),
    );
    expect(records).toHaveLength(1);
    expect(records[0]?.ttl).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
  });

  it("a retry that takes over a dead request's lease inherits its binding; after 24 h the key binds anew", async () => {
    const account = await api.newAccount(10);
    const request = {
      accountId: account.accountId,
      key: randomUUID(),
      action: 'generate_creatives',
      fields: { campaign_id: randomUUID() },
      requestId: 'r1',
    };
    const bound: string[] = [];
    // A request that dies: it claims, learns its binding and never answers.
    const dies = (boundId: string) => {
      bound.push(boundId);
      return new Promise<never>(() => {});
    };
    const at = (offsetMs: number) => ({ ...api.deps, now: () => new Date(Date.now() + offsetMs) });
    void runIdempotently(at(0), request, dies);
    await expect.poll(() => bound.length).toBe(1);
    // Within the lease the key is busy.
    await expect(runIdempotently(at(0), request, dies)).rejects.toMatchObject({
      code: 'idempotency_in_progress',
    });
    void runIdempotently(at(31_000), request, dies);
    await expect.poll(() => bound.length).toBe(2);
    expect(bound[1]).toBe(bound[0]);
    void runIdempotently(at(25 * 3600_000), request, dies);
    await expect.poll(() => bound.length).toBe(3);
    expect(bound[2]).not.toBe(bound[0]);
  });

  it('DynamoDB Local returns the holder of a failed claim (ReturnValuesOnConditionCheckFailure)', async () => {
    const key = { pk: `TEST#${randomUUID()}`, sk: 'HOLDER' };
    await api.deps.ddb.send(
      new PutCommand({ TableName: api.deps.config.tableName, Item: { ...key, held: 'yes' } }),
    );
    const failure = await api.deps.ddb
      .send(
        new UpdateCommand({
          TableName: api.deps.config.tableName,
          Key: key,
          UpdateExpression: 'SET held = :no',
          ConditionExpression: 'attribute_not_exists(pk)',
          ExpressionAttributeValues: { ':no': 'no' },
          ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
        }),
      )
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'ConditionalCheckFailedException', Item: { held: { S: 'yes' } } });
  });
});
