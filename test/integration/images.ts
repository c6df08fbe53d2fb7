/** Images in and out of the local stack: uploading an asset, and pixel checks on delivered creatives. */
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestApi } from './harness.ts';

export type Rgb = [number, number, number];

/** Marker colours no brand kit, template scene or stand-in visual uses: found only where a test put them. */
export const MAGENTA: Rgb = [255, 0, 212];
export const CYAN: Rgb = [0, 208, 255];
export const LIME: Rgb = [124, 255, 0];

export const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/** How many pixels of an image lie within `tolerance` of a colour. */
export async function pixelsNear(png: Buffer, color: Rgb, tolerance = 40): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const d = Math.hypot(
      (data[i] ?? 0) - color[0],
      (data[i + 1] ?? 0) - color[1],
      (data[i + 2] ?? 0) - color[2],
    );
    if (d < tolerance) n++;
  }
  return n;
}

/** The PNG of a succeeded creative, through its presigned URL. */
export async function download(creative: { image_url: string }): Promise<Buffer> {
  const res = await fetch(creative.image_url);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** create_asset_upload, then the PUT to its presigned URL; answers the asset's id (still pending until read). */
export async function uploadAsset(
  api: TestApi,
  account: { apiKey: string },
  clientId: string,
  kind: 'logo' | 'product' | 'photo',
  bytes: Buffer,
  contentType: 'image/png' | 'image/jpeg' | 'image/webp',
): Promise<string> {
  const created = await api.call(
    'create_asset_upload',
    { client_id: clientId, kind, content_type: contentType, content_length: bytes.byteLength },
    account,
  );
  expect(created.status, created.text).toBe(200);
  expect(created.body.asset).toMatchObject({ client_id: clientId, kind, status: 'pending_upload' });
  const { url, method, headers } = created.body.upload;
  const put = await fetch(url, { method, headers, body: bytes });
  expect(put.status, await put.text()).toBe(200);
  return created.body.asset.id as string;
}
