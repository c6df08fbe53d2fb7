/** Arithmetic of cutting a ratio out of a visual: pure, so the router can plan without sharp. */

/** Past this enlargement the softness of a model visual shows on a phone (bedrock.md). */
export const MAX_UPSCALE = 1.5;

/** The largest window of a ratio inside a visual, and how much it must grow to reach `size`. */
export function largestCut(
  visual: { width: number; height: number },
  ratio: { w: number; h: number },
  size: { width: number; height: number },
): { width: number; height: number; upscale: number } {
  const r = ratio.w / ratio.h;
  const wide = visual.width / visual.height < r;
  const width = wide ? visual.width : Math.round(visual.height * r);
  const height = wide ? Math.round(visual.width / r) : visual.height;
  return { width, height, upscale: Math.max(size.width / width, size.height / height) };
}
