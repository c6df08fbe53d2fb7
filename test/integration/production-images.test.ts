import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putAngles } from '#core/entities/angle.ts';
import { deliverySize, parseRatio } from '#core/images/sizes.ts';
import { processSlot, type WorkerDeps } from '#generate/process-slot.ts';
import { type BedrockStandIn, startBedrockStandIn } from '#local/bedrock-stand-in.ts';
import { creditsOf, startTestApi, type TestApi } from './harness.ts';
import { CYAN, download, hex, LIME, MAGENTA, pixelsNear, uploadAsset } from './images.ts';
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

const PRODUCT_MAGENTA = MAGENTA;
const PRODUCT_CYAN = CYAN;
const LOGO_LIME = LIME;

/** A product bottle on a transparent background (PNG with alpha). */
function productWithAlpha(): Promise<Buffer> {
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="420" height="640"><rect x="150" y="20" width="120" height="90" rx="18" fill="#222222"/><rect x="70" y="100" width="280" height="520" rx="60" fill="${hex(PRODUCT_MAGENTA)}"/></svg>`,
    ),
  )
    .png()
    .toBuffer();
}

/** A product photo on a white backdrop (JPEG, so no alpha at all). */
function productOnWhite(): Promise<Buffer> {
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640"><rect width="640" height="640" fill="#FFFFFF"/><circle cx="320" cy="340" r="220" fill="${hex(PRODUCT_CYAN)}"/></svg>`,
    ),
  )
    .jpeg({ quality: 95 })
    .toBuffer();
}

function logo(format: 'png' | 'webp'): Promise<Buffer> {
  const image = sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="240"><rect width="360" height="240" rx="40" fill="${hex(LOGO_LIME)}"/></svg>`,
    ),
  );
  return format === 'png' ? image.png().toBuffer() : image.webp({ lossless: true }).toBuffer();
}

const upload = (
  account: Account,
  clientId: string,
  kind: 'logo' | 'product',
  bytes: Buffer,
  contentType: 'image/png' | 'image/jpeg' | 'image/webp',
) => uploadAsset(api, account, clientId, kind, bytes, contentType);

async function setupClient(account: Account, angles: number) {
  const client = (await api.call('create_client', { name: 'Acme Coffee' }, account)).body.client;
  const stored =
    (await putAngles(
      api.deps,
      account.accountId,
      client.id,
      Array.from({ length: angles }, (_, i) => ({
        name: `Angle ${i}`,
        hook: `Fresh roasted coffee beans delivered ${i === 0 ? 'every Monday' : 'to your desk'}.`,
        awareness_level: 'problem_aware' as const,
        visual_style: i === 0 ? 'dark editorial photo, tense mood' : 'bright airy photo of "the morning" cup',
        copy_direction: 'Say "4.8 stars" from 2,000 customers of Acme Coffee.',
      })),
      'en',
    )) ?? [];
  return { client, angles: stored };
}

const credits = (account: Account) => creditsOf(api, account);

const runCampaign = (account: Account, campaignId: string, expected: number) =>
  orderAndWait(api, account, campaignId, expected);

const bedrockWorkerDeps = () => standInWorkerDeps(api, standIn.endpoint);

describe('assets', () => {
  it('uploads through a presigned PUT and becomes ready once it decodes at 200 px a side or more', async () => {
    const account = await api.newAccount(10);
    const { client } = await setupClient(account, 0);
    const id = await upload(account, client.id, 'product', await productWithAlpha(), 'image/png');
    const got = await api.call('get_asset', { asset_id: id }, account);
    expect(got.body.asset).toMatchObject({ id, status: 'ready', width: 420, height: 640, reason: null });

    const tiny = await sharp({ create: { width: 120, height: 400, channels: 3, background: '#888888' } })
      .png()
      .toBuffer();
    const small = await upload(account, client.id, 'product', tiny, 'image/png');
    const rejected = (await api.call('get_asset', { asset_id: small }, account)).body.asset;
    expect(rejected.status).toBe('rejected');
    expect(rejected.reason).toMatch(/120×400 px; each side must be at least 200 px/);

    const listed = await api.call(
      'list_assets',
      { client_id: client.id, kind: 'product', limit: 1 },
      account,
    );
    expect(listed.body.assets).toHaveLength(1);
    expect(listed.body.next_token).toEqual(expect.any(String));
    const logos = await api.call('list_assets', { client_id: client.id, kind: 'logo' }, account);
    expect(logos.body).toEqual({ assets: [], next_token: null });
  });

  it('refuses an unfinished upload with 400 and the reason, and a rejected one likewise', async () => {
    const account = await api.newAccount(10);
    const { client } = await setupClient(account, 0);
    const pending = await api.call(
      'create_asset_upload',
      { client_id: client.id, kind: 'product', content_type: 'image/png', content_length: 5000 },
      account,
    );
    const res = await api.call(
      'create_campaign',
      { client_id: client.id, product_asset_id: pending.body.asset.id },
      account,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/not uploaded yet \(status pending_upload\)/);
    const kit = await api.call(
      'update_brand_kit',
      { client_id: client.id, logo_asset_id: pending.body.asset.id },
      account,
    );
    expect(kit.status).toBe(400);
    expect(kit.body.error.message).toMatch(/is a product, not a logo/);
  });

  it("answers 404 for another tenant's or another client's asset, as for an unknown id", async () => {
    const owner = await api.newAccount(10);
    const { client } = await setupClient(owner, 0);
    const id = await upload(owner, client.id, 'logo', await logo('png'), 'image/png');
    const stranger = await api.newAccount(10);
    const { client: strangerClient } = await setupClient(stranger, 0);
    expect((await api.call('get_asset', { asset_id: id }, stranger)).status).toBe(404);
    const kit = await api.call(
      'update_brand_kit',
      { client_id: strangerClient.id, logo_asset_id: id },
      stranger,
    );
    expect(kit.status).toBe(404);
    // Same account, other client: still unknown to that client.
    const { client: sibling } = await setupClient(owner, 0);
    const other = await api.call('update_brand_kit', { client_id: sibling.id, logo_asset_id: id }, owner);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('not_found');
  });

  it('signs the content type and length into the upload URL, so S3 holds the caller to them', async () => {
    const account = await api.newAccount(10);
    const { client } = await setupClient(account, 0);
    const res = await api.call(
      'create_asset_upload',
      { client_id: client.id, kind: 'logo', content_type: 'image/webp', content_length: 4321 },
      account,
    );
    const url = new URL(res.body.upload.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    expect(res.body.upload.headers).toEqual({ 'content-type': 'image/webp', 'content-length': '4321' });
    const tooBig = await api.call(
      'create_asset_upload',
      { client_id: client.id, kind: 'logo', content_type: 'image/png', content_length: 10 * 1024 * 1024 + 1 },
      account,
    );
    expect(tooBig.status).toBe(400);
    const gif = await api.call(
      'create_asset_upload',
      { client_id: client.id, kind: 'logo', content_type: 'image/gif', content_length: 100 },
      account,
    );
    expect(gif.status).toBe(400);
  });
});

describe('the product and logo in every creative', { timeout: 300_000 }, () => {
  it('template path: a PNG-with-alpha product and a PNG logo on all 8 creatives of 2 angles × 4 ratios', async () => {
    const workers = runWorkers(api);
    try {
      const account = await api.newAccount(20);
      const { client, angles } = await setupClient(account, 2);
      const product = await upload(account, client.id, 'product', await productWithAlpha(), 'image/png');
      const logoId = await upload(account, client.id, 'logo', await logo('png'), 'image/png');
      expect(
        (await api.call('update_brand_kit', { client_id: client.id, logo_asset_id: logoId }, account)).body
          .brand_kit.logo_asset_id,
      ).toBe(logoId);
      const campaign = (
        await api.call(
          'create_campaign',
          {
            client_id: client.id,
            product_asset_id: product,
            aspect_ratio: '1:1,4:5,9:16,16:9',
            volume: 8,
            selected_angle_ids: angles.map((a) => a.id),
            cta_text: 'Shop now',
          },
          account,
        )
      ).body.campaign;
      expect(campaign.product_asset_id).toBe(product);
      const prepared = await api.call('prepare_campaign', { campaign_id: campaign.id }, account);
      expect(prepared.status).toBe(200);
      expect(prepared.body.warnings.join(' ')).not.toMatch(/No product image/);
      const { job, creatives } = await runCampaign(account, campaign.id, 8);
      expect(job).toMatchObject({ succeeded: 8, failed: 0 });
      for (const creative of creatives) {
        const png = await download(creative);
        const area = creative.width * creative.height;
        expect(await pixelsNear(png, PRODUCT_MAGENTA), `product in ${creative.aspect_ratio}`).toBeGreaterThan(
          area * 0.01,
        );
        expect(await pixelsNear(png, LOGO_LIME), `logo in ${creative.aspect_ratio}`).toBeGreaterThan(400);
      }
    } finally {
      await workers.stop();
    }
  });

  it('Bedrock path: ≤ 4 model calls for 2 angles × 4 ratios at volume 8, cuts ≤ 1.5×, product on white and WebP logo everywhere, clean prompts', async () => {
    const workers = runWorkers(api, bedrockWorkerDeps());
    try {
      const account = await api.newAccount(20);
      const { client, angles } = await setupClient(account, 2);
      const product = await upload(account, client.id, 'product', await productOnWhite(), 'image/jpeg');
      const logoId = await upload(account, client.id, 'logo', await logo('webp'), 'image/webp');
      await api.call('update_brand_kit', { client_id: client.id, logo_asset_id: logoId }, account);
      const campaign = (
        await api.call(
          'create_campaign',
          {
            client_id: client.id,
            name: 'Spring 2026 launch',
            product_asset_id: product,
            aspect_ratio: '1:1,4:5,9:16,16:9',
            volume: 8,
            offer_text: '20% off',
            selected_angle_ids: angles.map((a) => a.id),
          },
          account,
        )
      ).body.campaign;
      const before = standIn.imageCalls().length;
      const before_credits = await credits(account);
      const { job, creatives } = await runCampaign(account, campaign.id, 8);
      expect(job).toMatchObject({ succeeded: 8, failed: 0 });
      const calls = standIn.imageCalls().slice(before);
      console.log(
        `Bedrock path: ${calls.length} model calls for ${creatives.length} creatives`,
        calls.map((c) => `${c.body.aspect_ratio}/${c.body.seed}`),
      );
      expect(calls.length).toBeLessThanOrEqual(4);
      expect(calls.map((c) => c.body.aspect_ratio).sort()).toEqual(['16:9', '16:9', '9:16', '9:16']);
      for (const call of calls) {
        const prompt = String(call.body.prompt);
        expect(prompt).not.toMatch(/["'“”‘’]/);
        expect(prompt).not.toMatch(/\d/);
        expect(prompt).not.toMatch(/#[0-9a-f]{3,6}/i);
        expect(prompt.toLowerCase()).not.toContain('acme');
        expect(prompt.toLowerCase()).not.toContain('spring');
        // The picture is the stored brief's subject (ADR 0037); this campaign's client has no
        // brief, so the prompt names no business guessed from the copy.
        expect(prompt).not.toMatch(/coffee|roast/i);
        expect(String(call.body.negative_prompt)).toMatch(/text, letters/);
      }
      for (const creative of creatives) {
        expect(creative.upscale).toBeGreaterThan(0);
        expect(creative.upscale).toBeLessThanOrEqual(1.5);
        const png = await download(creative);
        expect(await sharp(png).metadata()).toMatchObject(deliverySize(parseRatio(creative.aspect_ratio)));
        const area = creative.width * creative.height;
        expect(await pixelsNear(png, PRODUCT_CYAN), `product in ${creative.aspect_ratio}`).toBeGreaterThan(
          area * 0.01,
        );
        expect(await pixelsNear(png, LOGO_LIME), `logo in ${creative.aspect_ratio}`).toBeGreaterThan(400);
      }
      const after = await credits(account);
      expect(after.used - before_credits.used).toBe(8);
      expect(after.reserved).toBe(0);
    } finally {
      await workers.stop();
    }
  });

  it('a redelivered slot reuses the stored visual: 0 extra model calls', async () => {
    const account = await api.newAccount(10);
    const { client, angles } = await setupClient(account, 1);
    const campaign = (
      await api.call(
        'create_campaign',
        { client_id: client.id, aspect_ratio: '9:16,4:5', volume: 2, selected_angle_ids: [angles[0]?.id] },
        account,
      )
    ).body.campaign;
    const res = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
    const base = bedrockWorkerDeps();
    let composeFails = true;
    // The first delivery makes the visual, then dies in compose (transient): the slot goes back.
    const deps: WorkerDeps = {
      ...base,
      compose: async (input) => {
        if (composeFails) throw new Error('worker lost mid-compose');
        return base.compose(input);
      },
    };
    const message = (index: number) => ({
      v: 1 as const,
      account_id: account.accountId,
      job_id: res.body.job_id,
      slot_index: index,
    });
    const before = standIn.imageCalls().length;
    expect((await processSlot(deps, message(0), 1)).result).toBe('retry');
    expect(standIn.imageCalls().length - before).toBe(1);
    composeFails = false;
    expect((await processSlot(deps, message(0), 2)).result).toBe('succeeded');
    expect((await processSlot(deps, message(1), 1)).result).toBe('succeeded');
    expect((await processSlot(deps, message(0), 3)).result).toBe('skipped');
    expect(standIn.imageCalls().length - before).toBe(1);
  });

  it('fails every slot sharing a visual the model refuses, with the reason, and releases each credit', async () => {
    const account = await api.newAccount(10);
    const { client, angles } = await setupClient(account, 1);
    const campaign = (
      await api.call(
        'create_campaign',
        {
          client_id: client.id,
          aspect_ratio: '9:16,4:5,1:1',
          volume: 3,
          selected_angle_ids: [angles[0]?.id],
        },
        account,
      )
    ).body.campaign;
    const start = await credits(account);
    const before = standIn.imageCalls().length;
    standIn.fail({ kind: 'filtered' });
    const workers = runWorkers(api, bedrockWorkerDeps());
    try {
      const { job, creatives } = await runCampaign(account, campaign.id, 3);
      expect(job).toMatchObject({
        status: 'failed',
        failed: 3,
        succeeded: 0,
        failure_reasons: { content_filtered: 3 },
      });
      for (const creative of creatives) expect(creative.failure_reason).toMatch(/^content_filtered/);
      expect(standIn.imageCalls().length - before).toBe(1);
      expect(await credits(account)).toEqual(start);
    } finally {
      standIn.fail(undefined);
      await workers.stop();
    }
  });

  it('fails the slot with a clear reason when the logo URL cannot be fetched, never dropping it', async () => {
    const account = await api.newAccount(10);
    const { client } = await setupClient(account, 0);
    await api.call(
      'update_brand_kit',
      { client_id: client.id, logo_url: 'https://127.0.0.1/logo.png' },
      account,
    );
    const campaign = (await api.call('create_campaign', { client_id: client.id, volume: 1 }, account)).body
      .campaign;
    const workers = runWorkers(api);
    try {
      const { creatives } = await runCampaign(account, campaign.id, 1);
      expect(creatives[0].status).toBe('failed');
      expect(creatives[0].failure_reason).toMatch(/^input_refused: the logo image could not be fetched/);
      expect((await credits(account)).available).toBe(10);
    } finally {
      await workers.stop();
    }
  });
});

describe('the brief decides the picture', { timeout: 300_000 }, () => {
  const SUMMARY =
    'Brookfold Trail Co. sells folding electric bikes to city commuters in Bristol. Riders fold the bike in ten seconds and take it on the train. Rated 4.8/5 by 900 riders.';

  it('the corrected subject of the stored brief is the scene of every production prompt; offline, its library picture', async () => {
    const account = await api.newAccount(20);
    const as = { apiKey: account.apiKey };
    const client = (await api.call('create_client', { name: 'Brookfold Trail Co.' }, as)).body.client;
    const generated = await api.call(
      'generate_angles',
      { client_id: client.id, research_summary: SUMMARY },
      as,
    );
    expect(generated.status).toBe(200);
    const corrected = await api.call(
      'update_brief',
      {
        brief_id: generated.body.brief.id,
        category: 'mobility > folding electric bikes',
        subject: 'a folding electric bike leaning on a railing by a canal at dawn',
      },
      as,
    );
    expect(corrected.status).toBe(200);
    const angles = (
      await api.call('generate_angles', { client_id: client.id, brief_id: corrected.body.brief.id }, as)
    ).body.angles as Array<{ id: string; brief_id?: string }>;
    expect(angles[0]?.brief_id).toBe(corrected.body.brief.id);
    const campaignWith = async () =>
      (
        await api.call(
          'create_campaign',
          {
            client_id: client.id,
            aspect_ratio: '1:1,9:16',
            volume: 2,
            selected_angle_ids: [angles[0]?.id],
          },
          as,
        )
      ).body.campaign;

    const bedrock = runWorkers(api, bedrockWorkerDeps());
    try {
      const before = standIn.imageCalls().length;
      const { job } = await runCampaign(account, (await campaignWith()).id, 2);
      expect(job).toMatchObject({ succeeded: 2, failed: 0 });
      const prompts = standIn
        .imageCalls()
        .slice(before)
        .map((c) => String(c.body.prompt));
      expect(prompts.length).toBeGreaterThan(0);
      for (const prompt of prompts) {
        expect(prompt).toContain('a folding electric bike leaning on a railing by a canal at dawn');
        expect(prompt).not.toMatch(/["'\d]|#[0-9a-f]{6}|brookfold/i);
      }
    } finally {
      await bedrock.stop();
    }

    const offline = runWorkers(api);
    try {
      const { job, creatives } = await runCampaign(account, (await campaignWith()).id, 2);
      expect(job).toMatchObject({ succeeded: 2, failed: 0 });
      // The library's bicycle, on the brand field, in the brand-block card of every ratio.
      for (const creative of creatives) expect(creative.quality.layout).toBe('brand-block');
    } finally {
      await offline.stop();
    }
  });
});
