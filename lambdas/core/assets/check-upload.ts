import { type AssetKind, assetSizeProblem, MAX_ASSET_BYTES, type UploadVerdict } from '../entities/asset.ts';

/**
 * A fresh upload judged on its first read: decoded through sharp (PNG, JPEG or WebP, at least its
 * kind's size), ready with its size or rejected with the reason. Passed to `getAsset` and
 * `assetForUse` by their callers; sharp is loaded only here, so the router pays for it only when
 * an upload is checked.
 */
export async function checkUpload(bytes: Buffer, kind: AssetKind): Promise<UploadVerdict> {
  const { inspectImage, UnusableImageError } = await import('../images/decode.ts');
  try {
    if (bytes.byteLength > MAX_ASSET_BYTES) throw new UnusableImageError('the file is larger than 10 MB');
    const info = await inspectImage(bytes);
    const small = assetSizeProblem(kind, info.width, info.height);
    if (small) throw new UnusableImageError(small);
    return { status: 'ready', reason: null, width: info.width, height: info.height };
  } catch (error) {
    if (!(error instanceof UnusableImageError)) throw error;
    return { status: 'rejected', reason: error.message, width: null, height: null };
  }
}
