/**
 * update_campaign against concurrent orders (ADR 0031): the order's reservation and the update's
 * write are conditional on the same campaign version, so whichever comes second is refused.
 * Each race is played deterministically by running one side's read, then the other side whole,
 * then the first side's write, through the real entity functions on DynamoDB Local.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCampaign, getCampaignForUpdate, updateCampaign } from '#core/entities/campaign.ts';
import { dispatchGeneration } from '#core/generation/dispatch.ts';
import { prepareCampaign } from '#core/generation/prepare.ts';
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

  it('copy stored by prepare_campaign after an order read the campaign is not an edit: the order goes through', async () => {
    const { account, campaignId } = await campaignOf({ prepared: false });
    const read = await getCampaign(api.deps, account.accountId, campaignId);
    if (!read) throw new Error('campaign not found');
    expect((await api.call('prepare_campaign', { campaign_id: campaignId }, account)).status).toBe(200);
    const after = await getCampaign(api.deps, account.accountId, campaignId);
    expect(after?.prepared).toBeDefined();
    expect(after?.updated_at).toBe(read.updated_at);
    const job = await dispatchGeneration(api.deps, account.accountId, read);
    expect(job).toMatchObject({ status: 'pending', jobs: 4 });
  });

  it('parallel first orders of an unprepared campaign all go through and keep one copy', async () => {
    const { account, campaignId } = await campaignOf({ prepared: false });
    const read = await getCampaign(api.deps, account.accountId, campaignId);
    if (!read) throw new Error('campaign not found');
    // Each order prepares the copy from the same read; the first stored is the campaign's.
    const orders = await Promise.all(
      Array.from({ length: 5 }, () => dispatchGeneration(api.deps, account.accountId, read)),
    );
    expect(orders.map((o) => o.jobs)).toEqual([4, 4, 4, 4, 4]);
    const stored = await getCampaign(api.deps, account.accountId, campaignId);
    expect(stored?.updated_at).toBe(read.updated_at);
    expect(stored?.prepared).toBeDefined();
    // A later order's implicit preparation answers the copy already stored, not its own.
    const kept = await prepareCampaign(api.deps, account.accountId, read, undefined, { ifUnprepared: true });
    expect(kept).toEqual(stored?.prepared);
    expect(await creditsOf(api, account)).toMatchObject({ reserved: 20, available: 30 });
  });

  it('copy written from fields an update has since replaced is refused with 409', async () => {
    const { account, campaignId } = await campaignOf({ prepared: false });
    const stale = await getCampaign(api.deps, account.accountId, campaignId);
    if (!stale) throw new Error('campaign not found');
    const update = await api.call(
      'update_campaign',
      { campaign_id: campaignId, offer_text: 'Two for one' },
      account,
    );
    expect(update.status, update.text).toBe(200);
    for (const save of [{}, { ifUnprepared: true }]) {
      await expect(
        prepareCampaign(api.deps, account.accountId, stale, undefined, save),
      ).rejects.toMatchObject({
        status: 409,
        code: 'conflict',
      });
    }
    expect((await getCampaign(api.deps, account.accountId, campaignId))?.prepared).toBeUndefined();
  });
});
