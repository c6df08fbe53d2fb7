/**
 * The client's own photography (ADR 0059): a `photo` asset named by a campaign is the picture of
 * every creative, cut around its subject for each ratio, offline and on Bedrock (where no model
 * is called for it). And the asset sizes per kind: a wide wordmark is a logo.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putAngles } from '#core/entities/angle.ts';
import { getCampaign } from '#core/entities/campaign.ts';
import { estimateGeneration } from '#core/generation/estimate.ts';
import { deliverySize, parseRatio } from '#core/images/sizes.ts';
import { type BedrockStandIn, startBedrockStandIn } from '#local/bedrock-stand-in.ts';
import { creditsOf, startTestApi, type TestApi } from './harness.ts';
import { CYAN, download, hex, MAGENTA, pixelsNear, type Rgb, uploadAsset } from './images.ts';
import { orderAndWait, runWorkers, standInWorkerDeps } from './worker-harness.ts';

let api: TestApi;
let standIn: BedrockStandIn;
beforeAll(async () => {
  api = await startTestApi();
  standIn = await startBedrockStandIn();
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

type Account = { accountId: string; apiKey: string };

const RATIOS = ['1:1', '4:5', '9:16', '16:9'];

/**
 * A landscape "photo": a soft sky-to-ground gradient with one high-contrast subject (a disc)
 * far off centre, right and low, where a centred 9:16 cut would miss it entirely.
 */
function photoOf(subject: Rgb): Promise<Buffer> {
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1800" height="1200"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9d6df"/><stop offset="0.6" stop-color="#a7b59a"/><stop offset="1" stop-color="#6b7a5c"/></linearGradient></defs><rect width="1800" height="1200" fill="url(#g)"/><circle cx="1480" cy="780" r="170" fill="${hex(subject)}"/></svg>`,
    ),
  )
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Uploads an asset and reads it once, which checks it: the asset as it then stands. */
async function upload(
  account: Account,
  clientId: string,
  kind: 'logo' | 'product' | 'photo',
  bytes: Buffer,
  contentType: 'image/png' | 'image/jpeg' = 'image/jpeg',
) {
  const id = await uploadAsset(api, account, clientId, kind, bytes, contentType);
  return (await api.call('get_asset', { asset_id: id }, account)).body.asset;
}

async function clientWithAngles(account: Account, angles: number) {
  const client = (await api.call('create_client', { name: 'Harbour Bakery' }, account)).body.client;
  const stored =
    (await putAngles(
      api.deps,
      account.accountId,
      client.id,
      Array.from({ length: angles }, (_, i) => ({
        name: `Angle ${i}`,
        hook:
          i === 0 ? 'Bread baked before sunrise every morning.' : 'Sourdough from a starter kept for years.',
        awareness_level: 'problem_aware' as const,
        visual_style: 'warm natural light, candid',
        copy_direction: 'Short and warm.',
      })),
      'en',
    )) ?? [];
  return { client, angles: stored };
}

const runCampaign = (account: Account, campaignId: string, expected: number) =>
  orderAndWait(api, account, campaignId, expected);

describe('photo assets', () => {
  it('takes a photo of 720 px or more a side, refuses a small one with the reason; a 400×100 wordmark is a logo', async () => {
    const account = await api.newAccount(10);
    const { client } = await clientWithAngles(account, 0);
    const photo = await upload(account, client.id, 'photo', await photoOf(MAGENTA));
    expect(photo).toMatchObject({ kind: 'photo', status: 'ready', width: 1800, height: 1200 });

    const small = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#777777' } })
      .jpeg()
      .toBuffer();
    const refused = await upload(account, client.id, 'photo', small);
    expect(refused.status).toBe('rejected');
    expect(refused.reason).toBe('the image is 1000×600 px; each side must be at least 720 px for a photo');

    const wordmark = await sharp({ create: { width: 400, height: 100, channels: 4, background: '#1d2b53' } })
      .png()
      .toBuffer();
    expect(await upload(account, client.id, 'logo', wordmark, 'image/png')).toMatchObject({
      status: 'ready',
      width: 400,
      height: 100,
    });
    const listed = await api.call('list_assets', { client_id: client.id, kind: 'photo' }, account);
    expect(listed.body.assets.map((a: { id: string }) => a.id).sort()).toEqual([photo.id, refused.id].sort());

    const badKind = await api.call(
      'create_asset_upload',
      { client_id: client.id, kind: 'video', content_type: 'image/png', content_length: 100 },
      account,
    );
    expect(badKind.status).toBe(400);
    expect(badKind.body.error.details.issues[0]).toMatchObject({
      path: 'kind',
      message: 'must be one of logo, product, photo',
    });
  });

  it('a campaign names ready photos of its client: another kind, a rejected one or a foreign one is refused, naming the field', async () => {
    const account = await api.newAccount(10);
    const { client } = await clientWithAngles(account, 0);
    const photo = await upload(account, client.id, 'photo', await photoOf(MAGENTA));
    const product = await upload(account, client.id, 'product', await photoOf(CYAN));
    const rejected = await upload(
      account,
      client.id,
      'photo',
      await sharp({ create: { width: 800, height: 500, channels: 3, background: '#777777' } })
        .jpeg()
        .toBuffer(),
    );
    const create = (photo_asset_ids: string[]) =>
      api.call('create_campaign', { client_id: client.id, photo_asset_ids }, account);

    const wrongKind = await create([photo.id, product.id]);
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error.details.issues[0].path).toBe('photo_asset_ids.1');
    expect(wrongKind.body.error.message).toMatch(/is a product, not a photo/);

    const bad = await create([rejected.id]);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.issues[0].path).toBe('photo_asset_ids.0');
    expect(bad.body.error.message).toMatch(/was rejected: the image is 800×500 px/);

    const repeated = await create([photo.id, photo.id]);
    expect(repeated.status).toBe(400);
    expect(repeated.body.error.details.issues[0]).toMatchObject({ path: 'photo_asset_ids' });

    const { client: sibling } = await clientWithAngles(account, 0);
    const foreign = await api.call(
      'create_campaign',
      { client_id: sibling.id, photo_asset_ids: [photo.id] },
      account,
    );
    expect(foreign.status).toBe(404);

    const made = await create([photo.id]);
    expect(made.status, made.text).toBe(200);
    expect(made.body.campaign.photo_asset_ids).toEqual([photo.id]);
    const campaignId = made.body.campaign.id;
    const cleared = await api.call(
      'update_campaign',
      { campaign_id: campaignId, photo_asset_ids: [] },
      account,
    );
    expect(cleared.body.campaign.photo_asset_ids).toEqual([]);
    const refusedUpdate = await api.call(
      'update_campaign',
      { campaign_id: campaignId, photo_asset_ids: [product.id] },
      account,
    );
    expect(refusedUpdate.status).toBe(400);
    expect(refusedUpdate.body.error.details.issues[0].path).toBe('photo_asset_ids.0');
    expect(
      (await api.call('get_campaign', { campaign_id: campaignId }, account)).body.campaign.photo_asset_ids,
    ).toEqual([]);
  });
});

describe('the photo in every ratio', { timeout: 300_000 }, () => {
  it('offline: two photos, one per angle, each in all four ratios of its angle; absent without photos', async () => {
    const workers = runWorkers(api);
    try {
      const account = await api.newAccount(20);
      const { client, angles } = await clientWithAngles(account, 2);
      const first = await upload(account, client.id, 'photo', await photoOf(MAGENTA));
      const second = await upload(account, client.id, 'photo', await photoOf(CYAN));
      const fields = {
        client_id: client.id,
        aspect_ratio: RATIOS.join(','),
        volume: 8,
        selected_angle_ids: angles.map((a) => a.id),
        cta_text: 'Order today',
      };
      const withPhotos = (
        await api.call('create_campaign', { ...fields, photo_asset_ids: [first.id, second.id] }, account)
      ).body.campaign;
      const { job, creatives } = await runCampaign(account, withPhotos.id, 8);
      expect(job).toMatchObject({ succeeded: 8, failed: 0 });
      const shown = new Map<string, Set<string>>();
      for (const creative of creatives) {
        const png = await download(creative);
        const area = creative.width * creative.height;
        const magenta = await pixelsNear(png, MAGENTA);
        const cyan = await pixelsNear(png, CYAN);
        const which = magenta > area * 0.01 ? 'first' : cyan > area * 0.01 ? 'second' : 'none';
        console.log(
          `photo ${creative.aspect_ratio} angle ${angles.findIndex((a) => a.id === creative.angle_id)}: ${creative.quality.layout}, magenta ${((magenta / area) * 100).toFixed(1)} %, cyan ${((cyan / area) * 100).toFixed(1)} %, upscale ${creative.upscale}`,
        );
        expect(which, `the photo's subject in ${creative.aspect_ratio}`).not.toBe('none');
        // One photo per creative, never both.
        expect(Math.min(magenta, cyan), `one photo in ${creative.aspect_ratio}`).toBeLessThan(area * 0.002);
        const seen = shown.get(creative.angle_id) ?? new Set<string>();
        seen.add(which);
        shown.set(creative.angle_id, seen);
      }
      // Each angle shows one photo in all its ratios; the two angles show the two photos.
      expect([...shown.values()].map((s) => [...s])).toEqual(expect.arrayContaining([['first'], ['second']]));
      expect(shown.get(angles[0]?.id ?? '')).toEqual(new Set(['first']));

      const without = (await api.call('create_campaign', fields, account)).body.campaign;
      const plain = await runCampaign(account, without.id, 8);
      expect(plain.job).toMatchObject({ succeeded: 8, failed: 0 });
      for (const creative of plain.creatives) {
        const png = await download(creative);
        expect(await pixelsNear(png, MAGENTA)).toBeLessThan(creative.width * creative.height * 0.001);
        expect(await pixelsNear(png, CYAN)).toBeLessThan(creative.width * creative.height * 0.001);
      }
    } finally {
      await workers.stop();
    }
  });

  it('Bedrock: the photo in all four ratios, no model call and none estimated, one credit per image', async () => {
    const workers = runWorkers(api, standInWorkerDeps(api, standIn.endpoint));
    try {
      const account = await api.newAccount(20);
      const { client, angles } = await clientWithAngles(account, 1);
      const photo = await upload(account, client.id, 'photo', await photoOf(MAGENTA));
      const campaign = (
        await api.call(
          'create_campaign',
          {
            client_id: client.id,
            aspect_ratio: RATIOS.join(','),
            volume: 4,
            selected_angle_ids: angles.map((a) => a.id),
            photo_asset_ids: [photo.id],
            offer_text: 'Free coffee with any loaf',
          },
          account,
        )
      ).body.campaign;
      const stored = await getCampaign(api.deps, account.accountId, campaign.id);
      if (!stored) throw new Error('campaign not stored');
      const bedrockConfig = { ...api.deps.config, imageProvider: 'bedrock-stability' as const };
      const estimate = await estimateGeneration(
        { ...api.deps, config: bedrockConfig },
        account.accountId,
        stored,
      );
      expect(estimate).toMatchObject({ jobs: 4, credits: 4, model_calls: 0 });
      const without = await estimateGeneration({ ...api.deps, config: bedrockConfig }, account.accountId, {
        ...stored,
        photo_asset_ids: [],
      });
      expect(without.model_calls).toBe(2);

      const before = standIn.imageCalls().length;
      const credits = await creditsOf(api, account);
      const { job, creatives } = await runCampaign(account, campaign.id, 4);
      expect(job).toMatchObject({ succeeded: 4, failed: 0 });
      expect(standIn.imageCalls().length - before).toBe(0);
      expect(creatives.map((c) => c.aspect_ratio).sort()).toEqual([...RATIOS].sort());
      for (const creative of creatives) {
        const png = await download(creative);
        expect(await sharp(png).metadata()).toMatchObject(deliverySize(parseRatio(creative.aspect_ratio)));
        const area = creative.width * creative.height;
        const magenta = await pixelsNear(png, MAGENTA);
        console.log(
          `photo on Bedrock ${creative.aspect_ratio}: ${creative.quality.layout}, magenta ${((magenta / area) * 100).toFixed(1)} %, contrast ${creative.quality.min_contrast}`,
        );
        expect(magenta, `the photo's subject in ${creative.aspect_ratio}`).toBeGreaterThan(area * 0.01);
        expect(creative.quality.min_contrast).toBeGreaterThanOrEqual(4.5);
        expect(creative.provenance).toMatchObject({
          ai_generated: false,
          digital_source_type: expect.stringMatching(/\/compositeSynthetic$/),
        });
      }
      const after = await creditsOf(api, account);
      expect(after.used - credits.used).toBe(4);
      expect(after.reserved).toBe(0);
    } finally {
      await workers.stop();
    }
  });
});
