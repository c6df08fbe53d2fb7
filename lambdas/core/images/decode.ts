import type { Metadata } from 'sharp';

/**
 * sharp (and libvips behind it) is imported on the first image checked: the router bundles this
 * module for asset checks, and a static import of an external package would load it at every
 * cold start (esbuild hoists external imports to the top of the bundle).
 */
const loadSharp = () => import('sharp').then((m) => m.default);

/** The image formats the service takes from callers (uploads and URLs). */
export const ALLOWED_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type AllowedFormat = (typeof ALLOWED_FORMATS)[number];

export type InspectedImage = { format: AllowedFormat; width: number; height: number; hasAlpha: boolean };

/**
 * The most pixels an image taken from a caller may have (40 MP: 7,746 px square, or 8,000 ×
 * 5,000). Decoding cost grows with the pixel count: a legal 16,000 × 16,000 product made each
 * render about 8.6× slower, for nothing a 1,080 px creative can show. Checked on the header,
 * before a pixel is decoded; sharp's own limit backs it up during the decode.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** Why an image was turned down, in words a caller can act on. */
export class UnusableImageError extends Error {
  override name = 'UnusableImageError';
}

/**
 * Decodes an image fully through sharp (so a truncated or corrupt file is caught here, not in
 * the renderer) and answers its format and size; anything that is not a PNG, JPEG or WebP of at
 * least `minSide` px on each side is refused with the reason.
 */
export async function inspectImage(bytes: Buffer, minSide = 1): Promise<InspectedImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // metadata() reads headers only; decoding the pixels proves the file is whole.
    meta = await sharp(bytes, { failOn: 'error' }).metadata();
    refuseOverBudget(meta.width ?? 0, meta.height ?? 0);
    await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(8, 8, { fit: 'fill' })
      .raw()
      .toBuffer();
  } catch (error) {
    if (error instanceof UnusableImageError) throw error;
    throw new UnusableImageError(
      `the file does not decode as an image (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const format = meta.format as string | undefined;
  if (!format || !(ALLOWED_FORMATS as readonly string[]).includes(format))
    throw new UnusableImageError(`the file is ${format ?? 'of an unknown format'}, not PNG, JPEG or WebP`);
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width < minSide || height < minSide)
    throw new UnusableImageError(
      `the image is ${width}×${height} px; each side must be at least ${minSide} px`,
    );
  return { format: format as AllowedFormat, width, height, hasAlpha: meta.hasAlpha ?? false };
}

function refuseOverBudget(width: number, height: number): void {
  if (width * height <= MAX_IMAGE_PIXELS) return;
  const mp = (n: number) => `${Math.round(n / 100_000) / 10} MP`;
  throw new UnusableImageError(
    `the image is ${width}×${height} px (${mp(width * height)}); images over ${mp(MAX_IMAGE_PIXELS)} (${MAX_IMAGE_PIXELS.toLocaleString('en')} pixels) are refused`,
  );
}

/**
 * Any allowed image (WebP included) as a PNG the renderer can draw: EXIF orientation applied,
 * no larger than `maxSide` on its long side (never enlarged), alpha kept when it has one.
 */
export async function normalizeToPng(bytes: Buffer, maxSide = 1600): Promise<Buffer> {
  await inspectImage(bytes);
  const sharp = await loadSharp();
  return sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/**
 * Scales an image to cover exactly width × height, cropping the overflow around the centre
 * (CSS `object-fit: cover`), as a PNG. A model's answer at its own size becomes the size asked.
 */
export async function coverToPng(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(bytes, { failOn: 'error' });
  const meta = await image.metadata();
  if (meta.width === width && meta.height === height && meta.format === 'png') return bytes;
  return image.resize(width, height, { fit: 'cover', position: 'centre' }).png().toBuffer();
}
