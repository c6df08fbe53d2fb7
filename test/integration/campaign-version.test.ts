/**
 * update_campaign against concurrent orders (ADR 0031): the order's reservation and the update's
 * write are conditional on the same campaign version, so whichever comes second is refused.
 * Each race is played deterministically by running one side's read, then the other side whole,
 * then the first side's write, through the real entity functions on DynamoDB Local.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCampaign, getCampaignForUpdate, updateCampaign } from '#core/entities/campaign.ts';
import { dispatchGeneration } from '#core/generation/dispatch.ts';
import { creditsOf, startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

async function campaignOf(options: { prepared: boolean }) {
  const account = await api.newAccount(50);
  const client = (await api.call('create_client', { name: 'Acme' }, account)).body.client;
  const campaign = (await api.call('create_campaign', { client_id: client.id, volume: 4 }, account)).body
    .campaign;
  if (options.prepared) {
    expect((await api.call('prepare_campaign', { campaign_id: campaign.id }, account)).status).toBe(200);
  }
  return { account, campaignId: campaign.id as string };
}

const jobsOf = async (campaignId: string) =>
  (await api.items()).filter((i) => i.entity === 'job' && i.campaign_id === campaignId);

describe('update_campaign and orders fence each other on the campaign version', () => {
  it('an order placed after update_campaign read the campaign makes the update fail with 409', async () => {
    const { account, campaignId } = await campaignOf({ prepared: true });
    const read = await getCampaignForUpdate(api.deps, account.accountId, campaignId);
    if (!read) throw new Error('campaign not found');
    // update_campaign found no open job; now an order lands before its write.
    const order = await api.call('generate_creatives', { campaign_id: campaignId }, account);
    expect(order.status, order.text).toBe(200);
    await expect(
      updateCampaign(api.deps, account.accountId, read, { name: 'Changed' }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
    });
    expect((await getCampaign(api.deps, account.accountId, campaignId))?.name).not.toBe('Changed');
    // Through the API the open job is named, read strongly from the campaign's latest order.
    const res = await api.call('update_campaign', { campaign_id: campaignId, name: 'Changed' }, account);
    expect(res.status).toBe(409);
    expect(res.body.error.details.job_ids).toContain(order.body.job_id);
  });

  it.each([{ prepared: true }, { prepared: false }])(
    'an order planned before update_campaign wrote is refused with 409 and reserves nothing (prepared: $prepared)',
    async ({ prepared }) => {
      const { account, campaignId } = await campaignOf({ prepared });
      const stale = await getCampaign(api.deps, account.accountId, campaignId);
      if (!stale) throw new Error('campaign not found');
      const update = await api.call('update_campaign', { campaign_id: campaignId, volume: 2 }, account);
      expect(update.status, update.text).toBe(200);
      await expect(dispatchGeneration(api.deps, account.accountId, stale)).rejects.toMatchObject({
        status: 409,
        code: 'conflict',
      });
      expect(await jobsOf(campaignId)).toHaveLength(0);
      expect(await creditsOf(api, account)).toMatchObject({ available: 50, reserved: 0 });
      // The order made from the campaign as it is now goes through.
      const order = await api.call('generate_creatives', { campaign_id: campaignId }, account);
      expect(order.body).toMatchObject({ jobs: 2 });
    },
  );
});
