/**
 * An uploaded asset is pinned to the file its check read (ADR 0031): its upload URL stays valid
 * for 15 minutes, so the file can be replaced after the check. An order that would use a
 * replaced product or logo is refused with 409 before anything is reserved.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsOf, startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

/** An uncompressed PNG: two colours, the same byte length (the upload signs its length). */
const png = (background: string, side = 300) =>
  sharp({ create: { width: side, height: side, channels: 3, background } })
    .png({ compressionLevel: 0 })
    .toBuffer();

async function uploaded(
  account: { apiKey: string },
  clientId: string,
  kind: 'product' | 'logo' | 'photo',
  bytes: Buffer,
) {
  const created = await api.call(
    'create_asset_upload',
    { client_id: clientId, kind, content_type: 'image/png', content_length: bytes.byteLength },
    account,
  );
  expect(created.status, created.text).toBe(200);
  const { url, method, headers } = created.body.upload;
  const put = (body: Buffer) => fetch(url, { method, headers, body });
  expect((await put(bytes)).status).toBe(200);
  const checked = await api.call('get_asset', { asset_id: created.body.asset.id }, account);
  expect(checked.body.asset.status).toBe('ready');
  return { id: created.body.asset.id as string, put };
}

describe('an asset replaced after its check', () => {
  it.each(['product', 'logo', 'photo'] as const)(
    'a replaced %s is refused at order time with 409, nothing reserved',
    async (kind) => {
      const account = await api.newAccount(20);
      const client = (await api.call('create_client', { name: 'Acme' }, account)).body.client;
      // A photo fills the canvas, so it must be larger (ADR 0059).
      const side = kind === 'photo' ? 720 : 300;
      const first = await png('#c03030', side);
      const asset = await uploaded(account, client.id, kind, first);
      if (kind === 'logo') {
        const kit = await api.call(
          'update_brand_kit',
          { client_id: client.id, logo_asset_id: asset.id },
          account,
        );
        expect(kit.status, kit.text).toBe(200);
      }
      const campaign = (
        await api.call(
          'create_campaign',
          {
            client_id: client.id,
            volume: 2,
            ...(kind === 'product' ? { product_asset_id: asset.id } : {}),
            ...(kind === 'photo' ? { photo_asset_ids: [asset.id] } : {}),
          },
          account,
        )
      ).body.campaign;
      // The same upload URL, used again with another file of the same length.
      const other = await png('#30c030', side);
      expect(other.byteLength).toBe(first.byteLength);
      expect((await asset.put(other)).status).toBe(200);

      const order = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
      expect(order.status, order.text).toBe(409);
      const field = { product: 'product_asset_id', logo: 'logo_asset_id', photo: 'photo_asset_ids.0' }[kind];
      expect(order.body.error).toMatchObject({ code: 'conflict', details: { asset_id: asset.id, field } });
      expect(order.body.error.message).toMatch(/was replaced after it was checked/);
      expect(await creditsOf(api, account)).toMatchObject({ available: 20, reserved: 0 });
    },
  );

  it('an unchanged asset orders as before', async () => {
    const account = await api.newAccount(20);
    const client = (await api.call('create_client', { name: 'Acme' }, account)).body.client;
    const asset = await uploaded(account, client.id, 'product', await png('#3030c0'));
    const campaign = (
      await api.call(
        'create_campaign',
        { client_id: client.id, volume: 2, product_asset_id: asset.id },
        account,
      )
    ).body.campaign;
    const order = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
    expect(order.status, order.text).toBe(200);
  });
});
