import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTemplateImageModel } from '#core/creative/scenes/index.ts';
import { putAngles } from '#core/entities/angle.ts';
import { nativeSizeOf } from '#core/images/native-sizes.ts';
import type { ImageModel } from '#core/images/types.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { eventually, runWorkers, workerDepsFor } from './worker-harness.ts';

let api: TestApi;
let priced: TestApi;
beforeAll(async () => {
  api = await startTestApi();
  // The Bedrock Stability provider with a price the operator stated: the router only plans, it calls no model.
  priced = await startTestApi({
    env: { IMAGE_PROVIDER: 'bedrock-stability', IMAGE_MODEL_USD_PER_CALL: '0.04' },
  });
});
afterAll(async () => {
  await api?.close();
  await priced?.close();
});

type Account = { accountId: string; apiKey: string };

async function campaignWith(on: TestApi, account: Account, angles: number, fields: Record<string, unknown>) {
  const client = (await on.call('create_client', { name: 'Acme Coffee' }, account)).body.client;
  const drafts = Array.from({ length: angles }, (_, i) => ({
    name: `Angle ${i}`,
    hook: `Hook number ${i} for better mornings`,
    awareness_level: 'problem_aware' as const,
    visual_style: 'minimal luxury',
    copy_direction: 'Short and direct.',
  }));
  const stored =
    angles > 0 ? ((await putAngles(on.deps, account.accountId, client.id, drafts, 'en')) ?? []) : [];
  const res = await on.call(
    'create_campaign',
    { client_id: client.id, selected_angle_ids: stored.map((a) => a.id), ...fields },
    account,
  );
  expect(res.status).toBe(200);
  return res.body.campaign as { id: string };
}

describe('estimate_creatives', () => {
  // The spec's job rules (section 4, rules 3–6): no angle counts as one; ratios multiply; volume
  // rounds down to a multiple of the combinations; never below one per combination.
  it.each([
    ['no angle, one ratio', 0, '1:1', 1, 1],
    ['ratios multiply', 0, '1:1,9:16', 1, 2],
    ['volume rounds down', 0, '1:1,9:16', 5, 4],
    ['angles × volume rounds down', 2, '1:1', 7, 6],
    ['volume below the combinations exceeds it', 3, '1:1,4:5', 2, 6],
    ['angles × ratios × repeats', 2, '1:1,9:16,16:9', 20, 18],
  ])(
    '%s: %i angles × "%s" at volume %i → the estimate is what generate_creatives orders (%i), and writes nothing',
    async (_name, angles, ratio, volume, expected) => {
      const account = await api.newAccount(100);
      const campaign = await campaignWith(api, account, angles, { aspect_ratio: ratio, volume });
      const before = await api.items();
      const estimate = await api.call('estimate_creatives', { campaign_id: campaign.id }, account);
      expect(estimate.status).toBe(200);
      expect(await api.items()).toEqual(before);

      const generated = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
      expect(generated.status).toBe(200);
      const credits = (await api.call('get_credits', {}, account)).body.credits;
      expect(estimate.body.estimate).toEqual({
        jobs: generated.body.jobs,
        credits: credits.reserved,
        available: 100,
        affordable: true,
        model_calls: 0,
        model_cost_usd: null,
      });
      expect(generated.body.jobs).toBe(expected);
      console.log(
        `estimate ${ratio} × ${angles} angles @ ${volume}: estimate jobs ${estimate.body.estimate.jobs}, credits ${estimate.body.estimate.credits}; generate_creatives jobs ${generated.body.jobs}, reserved ${credits.reserved}`,
      );
    },
  );

  it('says not affordable when the balance is short, like the 402 generate_creatives answers', async () => {
    const account = await api.newAccount(3);
    const campaign = await campaignWith(api, account, 0, { aspect_ratio: '1:1,9:16', volume: 4 });
    const estimate = (await api.call('estimate_creatives', { campaign_id: campaign.id }, account)).body
      .estimate;
    const generated = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
    expect(estimate).toMatchObject({ jobs: 4, credits: 4, available: 3, affordable: false });
    expect(generated.status).toBe(402);
    expect(generated.body.error.details).toEqual({
      required: estimate.credits,
      available: estimate.available,
    });
  });

  it('counts one model call per shared visual and prices them at the configured rate', async () => {
    const account = await priced.newAccount(100);
    // 2 angles × 2 repeats; 1:1 and 4:5 are cut from one portrait visual, 16:9 needs a landscape one.
    const campaign = await campaignWith(priced, account, 2, { aspect_ratio: '1:1,4:5,16:9', volume: 12 });
    const res = await priced.call('estimate_creatives', { campaign_id: campaign.id }, account);
    expect(res.status).toBe(200);
    expect(res.body.estimate).toEqual({
      jobs: 12,
      credits: 12,
      available: 100,
      affordable: true,
      model_calls: 8,
      model_cost_usd: 0.32,
    });
    console.log(`estimate with Stability at $0.04 a call: ${JSON.stringify(res.body.estimate)}`);
  });

  it('model_calls is the number of calls the worker then makes to a model that shares visuals', async () => {
    const account = await priced.newAccount(100);
    const campaign = await campaignWith(priced, account, 1, { aspect_ratio: '1:1,4:5,16:9', volume: 3 });
    const estimate = (await priced.call('estimate_creatives', { campaign_id: campaign.id }, account)).body
      .estimate;
    // A stand-in for Stability: its native sizes (so visuals are shared like on Bedrock), the
    // offline renderer's pixels, and a count of the calls.
    const template = createTemplateImageModel();
    let calls = 0;
    const counting: ImageModel = {
      id: 'counting-stability',
      family: 'stability',
      nativeSize: nativeSizeOf('bedrock-stability'),
      generate: async (request) => {
        calls++;
        return template.generate(request);
      },
    };
    const workers = runWorkers(priced, workerDepsFor(priced, { imageModel: counting }));
    try {
      const job = (await priced.call('generate_creatives', { campaign_id: campaign.id }, account)).body;
      const done = await eventually(async () => {
        const j = (await priced.call('get_job', { job_id: job.job_id }, account)).body.job;
        return j.status === 'completed' ? j : undefined;
      });
      expect(done.succeeded).toBe(estimate.jobs);
    } finally {
      await workers.stop();
    }
    // 3 images: 1:1 and 4:5 are cut from one portrait visual, 16:9 from a landscape one.
    expect(estimate.jobs).toBe(3);
    expect(estimate.model_calls).toBe(2);
    expect(calls).toBe(estimate.model_calls);
    console.log(
      `estimate model_calls ${estimate.model_calls} for ${estimate.jobs} images; the worker called the model ${calls} times`,
    );
  });
});
