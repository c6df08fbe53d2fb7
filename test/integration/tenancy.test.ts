import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { actions } from '#api/actions/index.ts';
import { createTestPool, type TestPool } from './cognito.ts';
import { startTestApi, type TestApi } from './harness.ts';

/**
 * OWASP API1 (broken object level authorization), proven: for every action that takes an id,
 * another account's id answers byte for byte what a random id answers, and writes nothing.
 */
let api: TestApi;
let pool: TestPool;
beforeAll(async () => {
  pool = await createTestPool();
  api = await startTestApi({ verifyUserToken: pool.verifier });
});
afterAll(() => api?.close());

describe("another account's ids", () => {
  it('answer exactly like unknown ids for every action that takes one, and change nothing', async () => {
    // The owner: a user with a key, and one of everything.
    const owner = await pool.signUpAndLogIn();
    const ownerKey = (await api.call('create_api_key', { name: 'owner' }, { token: owner.accessToken })).body
      .api_key;
    const as = { apiKey: ownerKey.key as string };
    const client = (await api.call('create_client', { name: 'Owner client' }, as)).body.client;
    const angles = await api.call(
      'generate_angles',
      {
        client_id: client.id,
        research_summary:
          'Ember & Oak roasts small-batch coffee beans for people who work from home. Pains: stale supermarket beans; coffee that tastes burnt. Every bag ships within 48 hours of roasting. Subscribers choose their grind and can pause or skip a delivery any time. Rated 4.8 stars by 12,000 subscribers.',
      },
      as,
    );
    expect(angles.status).toBe(200);
    const angle = angles.body.angles[0];
    const campaign = (
      await api.call(
        'create_campaign',
        { client_id: client.id, selected_angle_ids: [angle.id], volume: 1 },
        as,
      )
    ).body.campaign;
    const job = (await api.call('generate_creatives', { campaign_id: campaign.id }, as)).body;
    expect(job.status).toBe('pending');
    const upload = { kind: 'logo', content_type: 'image/png', content_length: 2048 };
    const asset = (await api.call('create_asset_upload', { client_id: client.id, ...upload }, as)).body.asset;
    const [creative] = (await api.call('list_creatives', { campaign_id: campaign.id, status: 'all' }, as))
      .body.creatives;
    // A public IP literal: accepted without a DNS lookup, and nothing is ever sent to it here.
    const webhook = (
      await api.call(
        'create_webhook_endpoint',
        { url: 'https://1.1.1.1/adgen-hook', events: ['job.completed'] },
        as,
      )
    ).body.webhook_endpoint;
    const reviewLink = (await api.call('create_review_link', { campaign_id: campaign.id }, as)).body
      .review_link;
    const campaignExport = (await api.call('export_campaign', { campaign_id: campaign.id }, as)).body.export;

    // The intruder: another user, with their own key and client.
    const intruder = await pool.signUpAndLogIn();
    const intruderKey = (
      await api.call('create_api_key', { name: 'intruder' }, { token: intruder.accessToken })
    ).body.api_key;
    const them = { apiKey: intruderKey.key as string };
    const theirClient = (await api.call('create_client', { name: 'Intruder client' }, them)).body.client;
    const theirCampaign = (await api.call('create_campaign', { client_id: theirClient.id }, them)).body
      .campaign;

    // The walk comes from the router's action table: every id field of every API-key action is
    // probed, so an action added with an id is walked without editing this test, and one whose id
    // this test cannot supply fails it here.
    const foreignIds: Record<string, string> = {
      client_id: client.id,
      angle_id: angle.id,
      brief_id: angles.body.brief.id,
      campaign_id: campaign.id,
      job_id: job.job_id,
      asset_id: asset.id,
      logo_asset_id: asset.id,
      product_asset_id: asset.id,
      creative_id: creative.id,
      webhook_endpoint_id: webhook.id,
      review_link_id: reviewLink.id,
      export_id: campaignExport.id,
    };
    // What else an action needs to pass validation, so that only the id decides the answer.
    const extras: Record<string, Record<string, unknown>> = {
      generate_angles: { research_summary: 'A long enough research summary about coffee.' },
      // A stored brief replaces the summary.
      'generate_angles.brief_id': {},
      update_brand_kit: { colors: { primary: '#000000' } },
      create_asset_upload: upload,
      update_client: { name: 'Renamed' },
    };
    const idFields = (action: (typeof actions)[number]) =>
      Object.keys((action.input as z.ZodObject).shape).filter((field) => field.endsWith('_id'));
    const uuidProbes: [string, string, string, Record<string, unknown>][] = actions
      .filter((action) => action.credential === 'api_key')
      .flatMap((action) =>
        idFields(action).map((field): [string, string, string, Record<string, unknown>] => {
          const foreignId = foreignIds[field];
          if (!foreignId) throw new Error(`tenancy walk: no foreign ${field} to send to ${action.name}`);
          // Beside a client or campaign id, another id is sent with the intruder's own client or
          // campaign: only it is foreign.
          const ownParents: Record<string, string> = {
            client_id: theirClient.id,
            campaign_id: theirCampaign.id,
          };
          const own = Object.fromEntries(
            idFields(action)
              .filter((other) => other !== field && other in ownParents)
              .map((other) => [other, ownParents[other]]),
          );
          const extra = extras[`${action.name}.${field}`] ?? extras[action.name] ?? {};
          return [action.name, field, foreignId, { ...extra, ...own }];
        }),
      );
    expect(uuidProbes.map(([action, field]) => `${action}.${field}`)).toEqual(
      expect.arrayContaining([
        'list_campaigns.client_id',
        'create_campaign.client_id',
        'list_angles.client_id',
        'generate_angles.client_id',
        'get_brand_kit.client_id',
        'update_brand_kit.client_id',
        'get_angle.angle_id',
        'generate_angles.brief_id',
        'get_brief.brief_id',
        'get_brief.client_id',
        'update_brief.brief_id',
        'list_creatives.campaign_id',
        'prepare_campaign.campaign_id',
        'generate_creatives.campaign_id',
        'estimate_creatives.campaign_id',
        'get_job.job_id',
        'get_asset.asset_id',
        'list_assets.client_id',
        'create_asset_upload.client_id',
        'update_brand_kit.logo_asset_id',
        'create_campaign.product_asset_id',
        'list_jobs.campaign_id',
        'cancel_job.job_id',
        'regenerate_creative.creative_id',
        'get_client.client_id',
        'update_client.client_id',
        'get_campaign.campaign_id',
        'update_campaign.campaign_id',
        'update_campaign.product_asset_id',
        'delete_campaign.campaign_id',
        'delete_client.client_id',
        'delete_webhook_endpoint.webhook_endpoint_id',
        'rotate_webhook_secret.webhook_endpoint_id',
        'list_webhook_deliveries.webhook_endpoint_id',
        'create_review_link.campaign_id',
        'revoke_review_link.review_link_id',
        'export_campaign.campaign_id',
        'get_export.export_id',
      ]),
    );
    const before = JSON.stringify(await api.items());
    for (const [action, field, foreignId, extra] of uuidProbes) {
      const unknownId = randomUUID();
      const foreign = await api.call(action, { [field]: foreignId, ...extra }, them);
      const unknown = await api.call(action, { [field]: unknownId, ...extra }, them);
      expect(foreign.status, action).toBe(404);
      expect(foreign.text.replaceAll(foreignId, '<id>'), action).toBe(
        unknown.text.replaceAll(unknownId, '<id>'),
      );
    }

    // review_creatives names creatives inside a list: another account's is the same 404 as an unknown one.
    const unknownCreative = randomUUID();
    const foreignReview = await api.call(
      'review_creatives',
      { reviews: [{ creative_id: creative.id, state: 'approved' }] },
      them,
    );
    const unknownReview = await api.call(
      'review_creatives',
      { reviews: [{ creative_id: unknownCreative, state: 'approved' }] },
      them,
    );
    expect(foreignReview.status).toBe(404);
    expect(foreignReview.text.replaceAll(creative.id, '<id>')).toBe(
      unknownReview.text.replaceAll(unknownCreative, '<id>'),
    );

    // An angle of another account cannot be selected for one's own client either.
    const stolenAngle = await api.call(
      'create_campaign',
      { client_id: theirClient.id, selected_angle_ids: [angle.id] },
      them,
    );
    const randomAngleId = randomUUID();
    const randomAngle = await api.call(
      'create_campaign',
      { client_id: theirClient.id, selected_angle_ids: [randomAngleId] },
      them,
    );
    expect(stolenAngle.status).toBe(400);
    expect(stolenAngle.text.replaceAll(angle.id, '<id>')).toBe(
      randomAngle.text.replaceAll(randomAngleId, '<id>'),
    );

    // Keys: revoking another account's key id is the same 404 as an unknown key id.
    const foreignRevoke = await api.call(
      'revoke_api_key',
      { api_key_id: ownerKey.id },
      { token: intruder.accessToken },
    );
    const unknownRevoke = await api.call(
      'revoke_api_key',
      { api_key_id: 'ZZZZZZZZZZZZ' },
      { token: intruder.accessToken },
    );
    expect(foreignRevoke.status).toBe(404);
    expect(foreignRevoke.text.replaceAll(ownerKey.id, '<id>')).toBe(
      unknownRevoke.text.replaceAll('ZZZZZZZZZZZZ', '<id>'),
    );

    // Nothing the intruder did changed any item (their own last_used_at aside).
    const strip = (json: string) =>
      JSON.parse(json).map((item: Record<string, unknown>) => ({ ...item, last_used_at: undefined }));
    expect(strip(JSON.stringify(await api.items()))).toEqual(strip(before));

    // And the intruder's lists show none of the owner's data.
    const theirClients = await api.call('list_clients', { limit: 100 }, them);
    expect(theirClients.body.clients.map((c: { id: string }) => c.id)).toEqual([theirClient.id]);
    const theirKeys = await api.call('list_api_keys', {}, { token: intruder.accessToken });
    expect(theirKeys.body.api_keys.map((k: { id: string }) => k.id)).toEqual([intruderKey.id]);
  });
});
