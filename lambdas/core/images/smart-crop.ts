import sharp from 'sharp';
import { measureBusyGrid, type RelBox, salientBox } from '../creative/analysis.ts';
import { largestCut } from './cut.ts';
import type { RgbPixels } from './types.ts';

export { largestCut, MAX_UPSCALE } from './cut.ts';

/**
 * One ratio's creative background cut from a shared model visual: the largest window of that
 * ratio, centred on the subject (the salient box of the visual's busy-ness grid, shared with
 * the text placement so there is one analysis) and kept inside the frame, then scaled to the
 * delivery size. Answers the enlargement it took, which the caller keeps ≤ {@link MAX_UPSCALE}.
 * The visual is decoded once; the cut stays raw pixels (the compositor draws it as they are).
 */
export async function cutPixelsAroundSubject(
  visual: Buffer,
  ratio: { w: number; h: number },
  size: { width: number; height: number },
): Promise<{ pixels: RgbPixels; upscale: number; subject: RelBox }> {
  const { data, info } = await sharp(visual).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const vw = info.width;
  const vh = info.height;
  const raw = { raw: { width: vw, height: vh, channels: 3 as const } };
  const cut = largestCut({ width: vw, height: vh }, ratio, size);
  const subject = salientBox(await measureBusyGrid({ data, width: vw, height: vh, channels: 3 }));
  const cx = (subject.x + subject.width / 2) * vw;
  const cy = (subject.y + subject.height / 2) * vh;
  const left = Math.round(Math.min(Math.max(cx - cut.width / 2, 0), vw - cut.width));
  const top = Math.round(Math.min(Math.max(cy - cut.height / 2, 0), vh - cut.height));
  const out = await sharp(data, raw)
    .extract({ left, top, width: cut.width, height: cut.height })
    .resize(size.width, size.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    pixels: { data: out.data, width: out.info.width, height: out.info.height },
    upscale: Math.round(cut.upscale * 1000) / 1000,
    subject,
  };
}

/** {@link cutPixelsAroundSubject}, encoded: a high-quality JPEG (samples, tests, anything that stores it). */
export async function cutAroundSubject(
  visual: Buffer,
  ratio: { w: number; h: number },
  size: { width: number; height: number },
): Promise<{ /** JPEG bytes at exactly `size`. */ png: Buffer; upscale: number; subject: RelBox }> {
  const { pixels, upscale, subject } = await cutPixelsAroundSubject(visual, ratio, size);
  const png = await sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
  return { png, upscale, subject };
}
