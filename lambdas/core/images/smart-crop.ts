import sharp from 'sharp';
import { measureBusyGrid, type RelBox, salientBox } from '../creative/analysis.ts';
import { largestCut } from './cut.ts';

export { largestCut, MAX_UPSCALE } from './cut.ts';

/**
 * One ratio's creative background cut from a shared model visual: the largest window of that
 * ratio, centred on the subject (the salient box of the visual's busy-ness grid, shared with
 * the text placement so there is one analysis) and kept inside the frame, then scaled to the
 * delivery size. Answers the enlargement it took, which the caller keeps ≤ {@link MAX_UPSCALE}.
 */
export async function cutAroundSubject(
  visual: Buffer,
  ratio: { w: number; h: number },
  size: { width: number; height: number },
): Promise<{ /** JPEG bytes at exactly `size`. */ png: Buffer; upscale: number; subject: RelBox }> {
  const meta = await sharp(visual).metadata();
  const vw = meta.width ?? 0;
  const vh = meta.height ?? 0;
  const cut = largestCut({ width: vw, height: vh }, ratio, size);
  const subject = salientBox(await measureBusyGrid(visual));
  const cx = (subject.x + subject.width / 2) * vw;
  const cy = (subject.y + subject.height / 2) * vh;
  const left = Math.round(Math.min(Math.max(cx - cut.width / 2, 0), vw - cut.width));
  const top = Math.round(Math.min(Math.max(cy - cut.height / 2, 0), vh - cut.height));
  // A high-quality JPEG: the compositor only draws it under the copy, and encoding a photo-like
  // picture as PNG costs several times as long for no visible gain.
  const png = await sharp(visual)
    .extract({ left, top, width: cut.width, height: cut.height })
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return { png, upscale: Math.round(cut.upscale * 1000) / 1000, subject };
}
