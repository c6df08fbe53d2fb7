import sharp from 'sharp';
import { measureBusyGrid, type RelBox, salientBox } from '../creative/analysis.ts';
import { largestCut } from './cut.ts';
import type { RgbPixels } from './types.ts';

export { largestCut, MAX_UPSCALE } from './cut.ts';

/** A ratio's window of a shared model visual, resampled on demand at the scale a layout shows it. */
export type SubjectCut = {
  /** The enlargement the window takes to reach the delivery size. */
  upscale: number;
  /** The subject's box: in the whole visual for a model visual's cut, in the window for a photo's. */
  subject: RelBox;
  /** The window at `scale` × the delivery size (1 = exactly that size), straight from the visual. */
  pixels(scale: number): Promise<RgbPixels>;
};

/**
 * One ratio's creative background cut from a shared model visual: the largest window of that
 * ratio, centred on the subject (the salient box of the visual's busy-ness grid, shared with
 * the text placement so there is one analysis) and kept inside the frame. The visual is decoded
 * once; the window is resampled only when asked and at the scale asked (the region analysis
 * reads a small copy, a card shows a part of the canvas), each time from the visual itself, so
 * no picture is resampled twice. The caller keeps `upscale` ≤ {@link MAX_UPSCALE}.
 */
export async function cutAroundSubjectLazily(
  visual: Buffer,
  ratio: { w: number; h: number },
  size: { width: number; height: number },
): Promise<SubjectCut> {
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
  return windowOf(data, raw, { left, top, ...cut }, size, subject);
}

/**
 * One ratio's window of a client's photo (ADR 0059): the largest window of that ratio, placed
 * by libvips' attention strategy (luminance frequency, saturation and skin tones), which keeps
 * a person or a product in frame where the busy-ness grid, made for a model's clean studio
 * visual, would take a textured wall or foliage for the subject. The photo is decoded once and
 * resampled on demand, as {@link cutAroundSubjectLazily}.
 */
export async function cutPhotoAroundSubject(
  photo: Buffer,
  ratio: { w: number; h: number },
  size: { width: number; height: number },
): Promise<SubjectCut> {
  // A photo with transparency is laid on white, as a viewer shows it (dropping the alpha would
  // show whatever colour the transparent pixels happen to hold, often black).
  const { data, info } = await sharp(photo)
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: 3 as const } };
  const cut = largestCut({ width: info.width, height: info.height }, ratio, size);
  // Covering the window's own size crops without scaling; the offsets say where it went.
  const placed = await sharp(data, raw)
    .resize(cut.width, cut.height, { fit: 'cover', position: 'attention' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const left = Math.min(Math.max(-(placed.info.cropOffsetLeft ?? 0), 0), info.width - cut.width);
  const top = Math.min(Math.max(-(placed.info.cropOffsetTop ?? 0), 0), info.height - cut.height);
  // The point libvips focused on, in the window.
  const focus = {
    x: ((placed.info.attentionX ?? left + cut.width / 2) - left) / cut.width,
    y: ((placed.info.attentionY ?? top + cut.height / 2) - top) / cut.height,
  };
  const busy = salientBox(
    await measureBusyGrid({ data: placed.data, width: cut.width, height: cut.height, channels: 3 }),
  );
  return windowOf(data, raw, { left, top, ...cut }, size, subjectAround(focus, busy));
}

/**
 * The subject's box in a photo's window: the busy-ness grid's salient box when it holds the
 * attention point and is a subject, not the whole frame (a textured scene is busy everywhere);
 * otherwise a third of the window each way around the attention point.
 */
function subjectAround(focus: { x: number; y: number }, busy: RelBox): RelBox {
  const holds =
    focus.x >= busy.x &&
    focus.x <= busy.x + busy.width &&
    focus.y >= busy.y &&
    focus.y <= busy.y + busy.height;
  if (holds && busy.width * busy.height <= 0.5) return busy;
  const side = 1 / 3;
  const clamp = (v: number) => Math.min(Math.max(v - side / 2, 0), 1 - side);
  return { x: clamp(focus.x), y: clamp(focus.y), width: side, height: side };
}

function windowOf(
  data: Buffer,
  raw: { raw: { width: number; height: number; channels: 3 } },
  window: { left: number; top: number; width: number; height: number; upscale: number },
  size: { width: number; height: number },
  subject: RelBox,
): SubjectCut {
  const { left, top, width, height } = window;
  return {
    upscale: Math.round(window.upscale * 1000) / 1000,
    subject,
    async pixels(scale: number): Promise<RgbPixels> {
      const k = Math.min(1, Math.max(0.01, scale));
      const out = await sharp(data, raw)
        .extract({ left, top, width, height })
        .resize(Math.max(1, Math.round(size.width * k)), Math.max(1, Math.round(size.height * k)), {
          fit: 'fill',
          kernel: 'lanczos3',
        })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return { data: out.data, width: out.info.width, height: out.info.height };
    },
  };
}

/** {@link cutAroundSubjectLazily} at the delivery size. */
export async function cutPixelsAroundSubject(
  visual: Buffer,
  ratio: { w: number; h: number },
  size: { width: number; height: number },
): Promise<{ pixels: RgbPixels; upscale: number; subject: RelBox }> {
  const cut = await cutAroundSubjectLazily(visual, ratio, size);
  return { pixels: await cut.pixels(1), upscale: cut.upscale, subject: cut.subject };
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
