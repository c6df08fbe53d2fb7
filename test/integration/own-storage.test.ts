/**
 * Issue 22, item 7: tenant B composited tenant A's creative by passing an unsigned URL of the
 * local S3 emulator as product_image_url. URLs of the stack's own storage are refused (400 naming
 * the field) in every image URL field, whatever the host form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

function forms(): string[] {
  const endpoint = new URL(api.deps.config.endpoints.s3 ?? '');
  const bucket = api.deps.config.bucketName;
  const key = `creatives/${crypto.randomUUID()}/0.png`;
  return [
    `${endpoint.origin}/${bucket}/${key}`,
    `http://localhost:${endpoint.port}/${bucket}/${key}`,
    `http://[::1]:${endpoint.port}/${bucket}/${key}`,
    `http://2130706433:${endpoint.port}/${bucket}/${key}`,
    `http://${bucket}.localhost:${endpoint.port}/${key}`,
    `https://${bucket}.s3.us-east-1.amazonaws.com/${key}`,
    `https://s3.amazonaws.com/${bucket.toUpperCase()}/${key}`,
  ];
}

describe("image URLs of the stack's own storage", () => {
  it('are refused in create_campaign, update_campaign and update_brand_kit with 400 naming the field', async () => {
    const b = await api.newAccount(10);
    const client = (await api.call('create_client', { name: 'Tenant B' }, b)).body.client;
    const campaign = (await api.call('create_campaign', { client_id: client.id }, b)).body.campaign;
    for (const url of forms()) {
      for (const [action, body, path] of [
        ['create_campaign', { client_id: client.id, product_image_url: url }, 'product_image_url'],
        ['create_campaign', { client_id: client.id, reference_image_url: url }, 'reference_image_url'],
        ['update_campaign', { campaign_id: campaign.id, product_image_url: url }, 'product_image_url'],
        ['update_brand_kit', { client_id: client.id, logo_url: url }, 'logo_url'],
      ] as const) {
        // logo_url takes https only: an http form is refused by its scheme before its host.
        if (path === 'logo_url' && url.startsWith('http:')) continue;
        const res = await api.call(action, body, b);
        expect(res.status, `${action} ${url}`).toBe(400);
        expect(res.body.error.details.issues).toContainEqual({
          path,
          message: expect.stringMatching(/own storage; upload the image with create_asset_upload/),
        });
      }
    }
    const stored = (await api.items()).filter(
      (i) => (i.entity === 'campaign' || i.entity === 'brand_kit') && i.account_id === b.accountId,
    );
    expect(JSON.stringify(stored)).not.toMatch(/amazonaws|localhost|\[::1\]|2130706433/);
  });
});
