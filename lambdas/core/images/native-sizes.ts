/**
 * The sizes each image model paints at, by shape: pure data, shared by the models (what they
 * ask for) and the router's estimate (how many visuals a batch needs).
 */

/** The ratios Stability's Bedrock models accept (bedrock.md); anything else is generated at the nearest and cropped. */
export const STABILITY_RATIOS = ['16:9', '1:1', '21:9', '2:3', '3:2', '4:5', '5:4', '9:16', '9:21'] as const;
export type StabilityRatio = (typeof STABILITY_RATIOS)[number];

/** What each `aspect_ratio` comes back as: about one megapixel (SD3.5 Large, Stable Image Core/Ultra). */
export const STABILITY_SIZES: Record<StabilityRatio, { width: number; height: number }> = {
  '1:1': { width: 1024, height: 1024 },
  '16:9': { width: 1344, height: 768 },
  '21:9': { width: 1536, height: 640 },
  '2:3': { width: 832, height: 1248 },
  '3:2': { width: 1248, height: 832 },
  '4:5': { width: 896, height: 1120 },
  '5:4': { width: 1120, height: 896 },
  '9:16': { width: 768, height: 1344 },
  '9:21': { width: 640, height: 1536 },
};

export function nearestRatio<T extends string>(target: { w: number; h: number }, choices: readonly T[]): T {
  const want = Math.log(target.w / target.h);
  let best = choices[0] as T;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const choice of choices) {
    const [w, h] = choice.split(':').map(Number) as [number, number];
    const distance = Math.abs(Math.log(w / h) - want);
    if (distance < bestDistance) {
      best = choice;
      bestDistance = distance;
    }
  }
  return best;
}

/** The configured provider's native size per shape; undefined for the offline template model. */
export function nativeSizeOf(
  provider: 'template' | 'bedrock-stability',
): ((ratio: { w: number; h: number }) => { width: number; height: number }) | undefined {
  if (provider === 'bedrock-stability')
    return (ratio) => STABILITY_SIZES[nearestRatio(ratio, STABILITY_RATIOS)];
  return undefined;
}
