import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { invokeJson } from './bedrock-invoke.ts';
import { coverTo } from './fit.ts';
import { type ImageModel, PermanentImageError, TransientImageError, type VisualRequest } from './types.ts';

/** The ratios Stability's Bedrock models accept (bedrock.md); anything else is generated at the nearest and cropped. */
export const STABILITY_RATIOS = ['16:9', '1:1', '21:9', '2:3', '3:2', '4:5', '5:4', '9:16', '9:21'] as const;

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

const stabilityResponse = z.object({
  images: z.array(z.string()).default([]),
  seeds: z.array(z.number()).optional(),
  finish_reasons: z.array(z.string().nullable()).default([]),
});

/**
 * Stable Image Core / Ultra and SD3.5 Large over InvokeModel:
 * request `{prompt, negative_prompt, aspect_ratio, seed, output_format}`, response
 * `{images, seeds, finish_reasons}` where a non-null finish reason is a failed image.
 */
export function createStabilityImageModel(client: BedrockRuntimeClient, modelId: string): ImageModel {
  return {
    id: modelId,
    async generate(request: VisualRequest) {
      const body = {
        prompt: request.prompt.slice(0, 10_000),
        negative_prompt: request.negativePrompt,
        aspect_ratio: nearestRatio(request.aspectRatio, STABILITY_RATIOS),
        seed: request.seed,
        output_format: 'png',
        ...(modelId.startsWith('stability.sd3') ? { mode: 'text-to-image' } : {}),
      };
      const parsed = await invokeJson(client, modelId, body, stabilityResponse);
      const reason = parsed.finish_reasons[0];
      if (reason) {
        if (/filter/i.test(reason))
          throw new PermanentImageError('content_filtered', `${modelId}: ${reason}`);
        throw new TransientImageError(`${modelId}: ${reason}`);
      }
      const image = parsed.images[0];
      if (!image) throw new TransientImageError(`${modelId} answered no image`);
      const png = coverTo(Buffer.from(image, 'base64'), 'image/png', request.width, request.height);
      return {
        png,
        width: request.width,
        height: request.height,
        model: modelId,
        seed: parsed.seeds?.[0] ?? request.seed,
      };
    },
  };
}
