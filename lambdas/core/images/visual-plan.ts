import { largestCut, MAX_UPSCALE } from './cut.ts';
import type { ImageModel } from './types.ts';

/** How a visual is framed; the prompts' `Orientation`. */
export type VisualOrientation = 'portrait' | 'landscape' | 'square';

/** Which model visual a slot's ratio is cut from. */
export type VisualPlan = {
  /** `portrait`, `landscape`, or `ratio-W-H` for a ratio that needs its own call. */
  family: string;
  orientation: VisualOrientation;
  /** What the model is asked for: its nearest shape and the size it paints it at. */
  modelRatio: { w: number; h: number };
  native: { width: number; height: number };
  /** The enlargement the cut for this ratio takes (≤ 1.5). */
  upscale: number;
};

const PORTRAIT = { w: 9, h: 16 };
const LANDSCAPE = { w: 16, h: 9 };

/**
 * One model call per orientation family, not per ratio: a portrait visual (Stability 9:16 at
 * 768×1344) serves 9:16, 4:5, 2:3 and 1:1, a landscape one (1344×768) serves 16:9 and 1.91:1.
 * A ratio whose cut would need more than 1.5× enlargement gets a visual of its own shape.
 */
export function planVisual(
  model: Required<Pick<ImageModel, 'nativeSize'>>,
  ratio: { w: number; h: number },
  size: { width: number; height: number },
): VisualPlan {
  const r = ratio.w / ratio.h;
  const modelRatio = r <= 1 ? PORTRAIT : LANDSCAPE;
  const native = model.nativeSize(modelRatio);
  const cut = largestCut(native, ratio, size);
  if (cut.upscale <= MAX_UPSCALE) {
    return {
      family: r <= 1 ? 'portrait' : 'landscape',
      orientation: r <= 1 ? 'portrait' : 'landscape',
      modelRatio,
      native,
      upscale: cut.upscale,
    };
  }
  const own = model.nativeSize(ratio);
  return {
    family: `ratio-${ratio.w}-${ratio.h}`,
    orientation: Math.abs(r - 1) < 0.15 ? 'square' : r < 1 ? 'portrait' : 'landscape',
    modelRatio: ratio,
    native: own,
    upscale: largestCut(own, ratio, size).upscale,
  };
}
