import type { VisualRequest } from '#core/images/types.ts';

/**
 * A request for the offline image model in a unit test: a 540 px square of seed 1, no prompt
 * and no style, unless the test says otherwise.
 */
export function visualRequest(
  brand: VisualRequest['brand'],
  over: Partial<VisualRequest> = {},
): VisualRequest {
  return {
    prompt: '',
    negativePrompt: '',
    width: 540,
    height: 540,
    aspectRatio: { w: 1, h: 1 },
    seed: 1,
    brand,
    visualStyle: '',
    ...over,
  };
}
