import { createHash } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import type { Deps } from '#core/deps.ts';
import { readAssetObject } from '#core/entities/asset.ts';
import type { BrandKit } from '#core/entities/brand-kit.ts';
import type { Campaign } from '#core/entities/campaign.ts';
import { normalizeToPng, UnusableImageError } from '#core/images/decode.ts';
import { type ImageModel, PermanentImageError } from '#core/images/types.ts';

type Source = { assetId: string | null; url: string | null; clientId: string };
type InputDeps = Deps & { fetchImage: (url: string) => Promise<Buffer>; imageModel: ImageModel };

/**
 * The bytes of a product, logo or photo, from its asset (preferred) or its URL (through the SSRF-safe
 * fetch), decoded through sharp (WebP included) into a PNG the renderer can draw. Anything that
 * cannot be read fails the slot with a reason naming the image: never left out silently.
 */
async function loadImage(
  deps: InputDeps,
  accountId: string,
  what: 'product' | 'logo' | 'photo',
  source: Source,
  maxSide?: number,
): Promise<Buffer | undefined> {
  let bytes: Buffer | undefined;
  if (source.assetId) {
    bytes = await readAssetObject(deps, accountId, { client_id: source.clientId, id: source.assetId });
    if (!bytes)
      throw new PermanentImageError(`${what}_unavailable`, `the ${what} asset ${source.assetId} has no file`);
  } else if (source.url) {
    try {
      bytes = await deps.fetchImage(source.url);
    } catch (error) {
      if (error instanceof PermanentImageError)
        throw new PermanentImageError(
          error.reason,
          `the ${what} image could not be fetched: ${error.message}`,
        );
      throw error;
    }
  }
  if (!bytes) return undefined;
  try {
    return await normalizeToPng(bytes, maxSide);
  } catch (error) {
    if (error instanceof UnusableImageError)
      throw new PermanentImageError(
        `${what}_unreadable`,
        `the ${what} image cannot be used: ${error.message}`,
      );
    throw error;
  }
}

export function loadLogo(deps: InputDeps, accountId: string, brand: BrandKit) {
  return loadImage(deps, accountId, 'logo', {
    assetId: brand.logo_asset_id,
    url: brand.logo_url,
    clientId: brand.client_id,
  });
}

/**
 * The long side a photo is kept at: twice a 1080 px canvas, so the window of any ratio (the
 * 1920 px story included) is cut from real pixels, not from an enlargement.
 */
const PHOTO_MAX_SIDE = 2160;

/**
 * The campaign photo a slot shows, or undefined when the campaign names none (ADR 0059). One
 * photo per concept (angle and repeat), the same in every ratio so a set reads as one ad; the
 * concepts take the photos in turn (angle first, then repeat), so every photo is used once
 * before any is used twice.
 */
export async function loadPhoto(
  deps: InputDeps,
  accountId: string,
  campaign: Campaign,
  concept: { angleIndex: number; variant: number },
): Promise<{ assetId: string; png: Buffer } | undefined> {
  const photos = campaign.photo_asset_ids;
  if (photos.length === 0) return undefined;
  const angles = Math.max(1, campaign.selected_angle_ids.length);
  const turn = concept.variant * angles + concept.angleIndex;
  const assetId = photos[turn % photos.length] as string;
  const png = await loadImage(
    deps,
    accountId,
    'photo',
    { assetId, url: null, clientId: campaign.client_id },
    PHOTO_MAX_SIDE,
  );
  return png ? { assetId, png } : undefined;
}

/** The campaign's product, cut out of its backdrop, or undefined when the campaign has none. */
export async function loadProduct(
  deps: InputDeps,
  accountId: string,
  campaign: Campaign,
): Promise<Buffer | undefined> {
  const png = await loadImage(deps, accountId, 'product', {
    assetId: campaign.product_asset_id,
    url: campaign.product_image_url,
    clientId: campaign.client_id,
  });
  return png ? cutOut(deps, accountId, png) : undefined;
}

/**
 * Cuts the product out of its backdrop: an image that already has transparency keeps it; with
 * background removal configured the model family's task does it (once per image: the result is
 * kept in S3 by content hash); otherwise a flat backdrop (white or any even colour) touching
 * the edges is made transparent. A busy photo with neither is used as it is.
 */
async function cutOut(deps: InputDeps, accountId: string, png: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  if (hasTransparentEdge(data, info.width, info.height)) return trim(png);
  if (deps.imageModel.removeBackground) {
    const key = `cutouts/${accountId}/${createHash('sha256').update(png).digest('hex')}.png`;
    const cached = await readObject(deps, key);
    if (cached) return cached;
    const cut = await trim(await normalizeToPng(await deps.imageModel.removeBackground(png)));
    await deps.s3.send(
      new PutObjectCommand({ Bucket: deps.config.bucketName, Key: key, Body: cut, ContentType: 'image/png' }),
    );
    return cut;
  }
  const cleared = clearFlatBackdrop(data, info.width, info.height);
  if (!cleared) return png;
  return trim(
    await sharp(cleared, { raw: { width: info.width, height: info.height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

async function readObject(deps: Deps, key: string): Promise<Buffer | undefined> {
  try {
    const out = await deps.s3.send(new GetObjectCommand({ Bucket: deps.config.bucketName, Key: key }));
    return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : undefined;
  } catch {
    return undefined;
  }
}

async function trim(png: Buffer): Promise<Buffer> {
  try {
    return await sharp(png).trim({ threshold: 1 }).png().toBuffer();
  } catch {
    return png;
  }
}

function hasTransparentEdge(data: Buffer, width: number, height: number): boolean {
  let transparent = 0;
  let total = 0;
  forEachEdgePixel(width, height, (i) => {
    total++;
    if ((data[i * 4 + 3] ?? 255) < 200) transparent++;
  });
  return transparent / total > 0.2;
}

function forEachEdgePixel(width: number, height: number, visit: (index: number) => void) {
  for (let x = 0; x < width; x++) {
    visit(x);
    visit((height - 1) * width + x);
  }
  for (let y = 1; y < height - 1; y++) {
    visit(y * width);
    visit(y * width + width - 1);
  }
}

/**
 * Flood-fills the backdrop from the edges: pixels close to the edges' dominant colour and
 * connected to an edge become transparent, with a soft falloff near the tolerance so the
 * outline does not look cut with scissors. Answers undefined when the edges are not one colour.
 */
function clearFlatBackdrop(data: Buffer, width: number, height: number): Buffer | undefined {
  const edge: [number, number, number][] = [];
  forEachEdgePixel(width, height, (i) => {
    edge.push([data[i * 4] ?? 0, data[i * 4 + 1] ?? 0, data[i * 4 + 2] ?? 0]);
  });
  const median = (c: 0 | 1 | 2) => [...edge.map((p) => p[c])].sort((a, b) => a - b)[edge.length >> 1] ?? 0;
  const bg = [median(0), median(1), median(2)] as const;
  const near = edge.filter((p) => Math.hypot(p[0] - bg[0], p[1] - bg[1], p[2] - bg[2]) < 24).length;
  if (near / edge.length < 0.8) return undefined;
  const out = Buffer.from(data);
  const tolerance = 42;
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  forEachEdgePixel(width, height, (i) => stack.push(i));
  while (stack.length > 0) {
    const i = stack.pop() as number;
    if (seen[i]) continue;
    seen[i] = 1;
    const d = Math.hypot(
      (out[i * 4] ?? 0) - bg[0],
      (out[i * 4 + 1] ?? 0) - bg[1],
      (out[i * 4 + 2] ?? 0) - bg[2],
    );
    if (d >= tolerance) continue;
    // Fully clear well inside the tolerance, fade out towards its edge (anti-aliased outline).
    const keep = d < tolerance * 0.6 ? 0 : (d - tolerance * 0.6) / (tolerance * 0.4);
    out[i * 4 + 3] = Math.round(Math.min(out[i * 4 + 3] ?? 255, 255 * keep));
    const x = i % width;
    const y = (i - x) / width;
    if (x > 0) stack.push(i - 1);
    if (x < width - 1) stack.push(i + 1);
    if (y > 0) stack.push(i - width);
    if (y < height - 1) stack.push(i + width);
  }
  return out;
}
