import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCampaignWithCreatives, seedClients } from '../../bench/lib/seed.ts';
import { startTestApi, type TestApi } from './harness.ts';

// The bench writes its large campaigns straight through the entities; when the entities' rules
// change (slots only under a live job, ADR 0029), the bench must still seed what the API lists.
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('the bench seed', () => {
  it('writes a campaign of succeeded creatives that list_creatives pages through', async () => {
    const [clientId] = await seedClients(api.deps, api.accountId, 1);
    const { campaignId } = await seedCampaignWithCreatives(api.deps, api.accountId, clientId ?? '', 120);
    let seen = 0;
    let next: string | undefined;
    do {
      const page = await api.call('list_creatives', {
        campaign_id: campaignId,
        ...(next ? { next_token: next } : {}),
      });
      expect(page.status, page.text).toBe(200);
      seen += page.body.creatives.length;
      next = page.body.next_token ?? undefined;
    } while (next);
    expect(seen).toBe(120);
  });
});
