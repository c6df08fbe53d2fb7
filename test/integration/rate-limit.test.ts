import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsOf, startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { TEXT_ACTIONS_PER_HOUR: '3' } });
});
afterAll(() => api?.close());

const SUMMARY =
  'Acme roasts small-batch coffee beans for people who work from home. Pains: stale supermarket beans; coffee that tastes burnt. Every bag ships within 48 hours of roasting. Subscribers choose their grind and can pause or skip a delivery any time. Rated 4.8 stars by 12,000 subscribers.';

describe('per-account limit on the text-model actions', () => {
  it('answers 429 rate_limited with Retry-After past the limit, per account', async () => {
    const a = await api.newAccount();
    const client = (await api.call('create_client', { name: 'Acme' }, a)).body.client;
    const campaign = (await api.call('create_campaign', { client_id: client.id }, a)).body.campaign;
    const statuses: number[] = [];
    statuses.push(
      (await api.call('generate_angles', { client_id: client.id, research_summary: SUMMARY }, a)).status,
    );
    statuses.push((await api.call('prepare_campaign', { campaign_id: campaign.id }, a)).status);
    statuses.push(
      (await api.call('generate_angles', { client_id: client.id, research_summary: SUMMARY }, a)).status,
    );
    expect(statuses).toEqual([200, 200, 200]);
    const over = await api.call('prepare_campaign', { campaign_id: campaign.id }, a);
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    console.log(`4th text-model call within the hour: 429, Retry-After ${retryAfter} s`);
    // Another account has its own allowance.
    const b = await api.newAccount();
    const other = (await api.call('create_client', { name: 'Other' }, b)).body.client;
    const res = await api.call('generate_angles', { client_id: other.id, research_summary: SUMMARY }, b);
    expect(res.status).toBe(200);
  });

  it('generate_creatives and regenerate_creative count when they write the copy with the text model', async () => {
    const a = await api.newAccount(50);
    const client = (await api.call('create_client', { name: 'Acme' }, a)).body.client;
    const campaignOf = async () =>
      (await api.call('create_campaign', { client_id: client.id }, a)).body.campaign.id as string;
    const first = await campaignOf();
    // 1: the campaign was never prepared, so ordering writes its copy.
    const order = await api.call('generate_creatives', { campaign_id: first }, a);
    expect(order.status, order.text).toBe(200);
    expect((await api.call('cancel_job', { job_id: order.body.job_id }, a)).status).toBe(200);
    // update_campaign drops the prepared copy: regenerating writes it again (2).
    const renamed = await api.call('update_campaign', { campaign_id: first, name: 'Renamed' }, a);
    expect(renamed.status, renamed.text).toBe(200);
    const slot = (await api.items()).find((i) => i.entity === 'slot' && i.job_id === order.body.job_id);
    const again = await api.call('regenerate_creative', { creative_id: slot?.id }, a);
    expect(again.status, again.text).toBe(200);
    // 3: another unprepared campaign.
    expect((await api.call('generate_creatives', { campaign_id: await campaignOf() }, a)).status).toBe(200);
    const over = await api.call('generate_creatives', { campaign_id: await campaignOf() }, a);
    expect(over.status, over.text).toBe(429);
    expect(over.body.error.code).toBe('rate_limited');
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // Nothing was reserved for the refused order: 3 images ordered, 1 cancelled.
    const credits = await creditsOf(api, a);
    expect(credits.reserved + credits.used).toBe(2);
  });

  it('answers 429 rate_limited with Retry-After: 1 past the per-account request rate; other accounts are not held back', async () => {
    const limited = await startTestApi({ env: { ACCOUNT_REQUESTS_PER_SECOND: '3' } });
    try {
      await requestRateHolds(limited);
    } finally {
      await limited.close();
    }
  });
});

async function requestRateHolds(api: TestApi) {
  const busy = await api.newAccount();
  const answers = await Promise.all(Array.from({ length: 20 }, () => api.call('get_credits', {}, busy)));
  const refused = answers.filter((a) => a.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(answers.filter((a) => a.status !== 429).every((a) => a.status === 200)).toBe(true);
  for (const res of refused) {
    expect(res.body.error.code).toBe('rate_limited');
    expect(res.body.error.message).toMatch(/limited to 3 calls per 1 s per account/);
    expect(res.headers.get('retry-after')).toBe('1');
  }
  console.log(`20 parallel requests of one account at 3 per second: ${refused.length} answered 429`);
  const other = await api.newAccount();
  expect((await api.call('get_credits', {}, other)).status).toBe(200);
}
