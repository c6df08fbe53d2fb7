import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from './harness.ts';
import { finishedCampaign, startLiveApi, type startVerifyingReceiver } from './live-harness.ts';
import { eventually } from './worker-harness.ts';

/**
 * review_creatives and the review filter of list_creatives through the local HTTP API, the real
 * worker and the webhook delivery loop (ADR 0040).
 */
let live: Awaited<ReturnType<typeof startLiveApi>>;
let api: TestApi;
let receiver: Awaited<ReturnType<typeof startVerifyingReceiver>>;

beforeAll(async () => {
  live = await startLiveApi();
  ({ api, receiver } = live);
});
afterAll(async () => {
  await live?.stop();
});

describe('review_creatives', () => {
  it('approves and rejects in one call, filters by review state, and sends creative.reviewed', async () => {
    const account = await api.newAccount(20);
    const endpoint = (
      await api.call(
        'create_webhook_endpoint',
        { url: receiver.url, events: ['creative.reviewed'] },
        { apiKey: account.apiKey },
      )
    ).body.webhook_endpoint;
    const { campaign, creatives } = await finishedCampaign(api, account, {
      aspect_ratio: '1:1,9:16',
      volume: 4,
    });
    expect(creatives).toHaveLength(4);
    for (const c of creatives)
      expect(c.review).toEqual({ state: 'unreviewed', note: null, reviewed_by: null, reviewed_at: null });
    const [a, b, c, d] = creatives.map((x) => x.id as string) as [string, string, string, string];

    const res = await api.call(
      'review_creatives',
      {
        reviews: [
          { creative_id: a, state: 'approved' },
          { creative_id: b, state: 'approved', note: 'Lead with this one.' },
          { creative_id: c, state: 'rejected', note: 'The offer is hard to read on a phone.' },
        ],
      },
      account,
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.creatives.map((x: any) => [x.id, x.review.state])).toEqual([
      [a, 'approved'],
      [b, 'approved'],
      [c, 'rejected'],
    ]);
    expect(res.body.creatives[2].review.note).toBe('The offer is hard to read on a phone.');
    expect(res.body.creatives[0].review.reviewed_by).toMatch(/^api_key:/);
    expect(res.body.creatives[0].image_url).toMatch(/^http/);

    const byState = async (review: string) =>
      (await api.call('list_creatives', { campaign_id: campaign.id, review }, account)).body.creatives
        .map((x: any) => x.id)
        .sort();
    expect(await byState('approved')).toEqual([a, b].sort());
    expect(await byState('rejected')).toEqual([c]);
    expect(await byState('unreviewed')).toEqual([d]);

    // Repeating a decision changes nothing and sends nothing.
    const again = await api.call(
      'review_creatives',
      { reviews: [{ creative_id: a, state: 'approved' }] },
      account,
    );
    expect(again.status).toBe(200);

    const events = await eventually(async () => {
      const got = receiver.events(endpoint.secret).filter((e) => e.type === 'creative.reviewed');
      return got.length >= 3 ? got : undefined;
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.events(endpoint.secret).filter((e) => e.type === 'creative.reviewed')).toHaveLength(3);
    const states = Object.fromEntries(events.map((e) => [e.data.creative.id, e.data.creative.review.state]));
    expect(states).toEqual({ [a]: 'approved', [b]: 'approved', [c]: 'rejected' });
    console.log(`review_creatives: 3 decisions → ${events.length} verified creative.reviewed deliveries`);
  });

  it('refuses a bad list whole: unknown, repeated, another account’s, too many, a bad state', async () => {
    const account = await api.newAccount(20);
    const other = await api.newAccount(20);
    const { creatives } = await finishedCampaign(api, account, { aspect_ratio: '1:1', volume: 2 });
    const [a, b] = creatives.map((x) => x.id as string) as [string, string];
    const decide = (reviews: unknown[], who = account) => api.call('review_creatives', { reviews }, who);

    const unknown = await decide([
      { creative_id: a, state: 'approved' },
      { creative_id: '0197a1b2-0000-7000-8000-00000000dead', state: 'approved' },
    ]);
    expect(unknown.status).toBe(404);
    const repeated = await decide([
      { creative_id: a, state: 'approved' },
      { creative_id: a, state: 'rejected' },
    ]);
    expect(repeated.status).toBe(400);
    expect(repeated.body.error.details.issues[0].path).toBe('reviews.1.creative_id');
    const tooMany = await decide(Array.from({ length: 101 }, () => ({ creative_id: a, state: 'approved' })));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details.issues[0].path).toBe('reviews');
    const badState = await decide([{ creative_id: b, state: 'maybe' }]);
    expect(badState.status).toBe(400);
    expect(badState.body.error.details.issues[0].path).toBe('reviews.0.state');
    // Another account cannot decide on (or learn of) this account's creative.
    const foreign = await decide([{ creative_id: a, state: 'rejected' }], other);
    expect(foreign.status).toBe(404);

    // Nothing of the refused calls was recorded.
    const listed = (await api.call('list_creatives', { campaign_id: creatives[0].campaign_id }, account)).body
      .creatives;
    expect(listed.map((x: any) => x.review.state)).toEqual(['unreviewed', 'unreviewed']);
  });
});
