import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { invokeJson } from './bedrock-invoke.ts';
import { coverToPng } from './decode.ts';
import { type ImageModel, PermanentImageError, TransientImageError, type VisualRequest } from './types.ts';

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

const stabilityResponse = z.object({
  images: z.array(z.string()).default([]),
  seeds: z.array(z.number()).optional(),
  finish_reasons: z.array(z.string().nullable()).default([]),
});

function failOnFinishReason(modelId: string, reason: string | null | undefined) {
  if (!reason) return;
  if (/filter/i.test(reason)) throw new PermanentImageError('content_filtered', `${modelId}: ${reason}`);
  throw new TransientImageError(`${modelId}: ${reason}`);
}

/** The Bedrock model id of Stability's Remove Background image service (a `us.` profile). */
export const STABILITY_REMOVE_BACKGROUND_ID = 'us.stability.stable-image-remove-background-v1:0';

/**
 * Stable Image Core / Ultra and SD3.5 Large over InvokeModel:
 * request `{prompt, negative_prompt, aspect_ratio, seed, output_format}`, response
 * `{images, seeds, finish_reasons}` where a non-null finish reason is a failed image.
 * Shapes recorded from the AWS page "Stability AI models"
 * (https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-stability-diffusion.html)
 * and, for background removal `{image, output_format}` → the same response, "Stability AI Image
 * Services" (https://docs.aws.amazon.com/bedrock/latest/userguide/stable-image-services.html).
 */
export function createStabilityImageModel(
  client: BedrockRuntimeClient,
  modelId: string,
  options: { removeBackgroundModelId?: string | undefined } = {},
): ImageModel {
  const removeId = options.removeBackgroundModelId;
  return {
    id: modelId,
    family: 'stability',
    nativeSize: (ratio) => STABILITY_SIZES[nearestRatio(ratio, STABILITY_RATIOS)],
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
      failOnFinishReason(modelId, parsed.finish_reasons[0]);
      const image = parsed.images[0];
      if (!image) throw new TransientImageError(`${modelId} answered no image`);
      const png = await coverToPng(Buffer.from(image, 'base64'), request.width, request.height);
      return {
        png,
        width: request.width,
        height: request.height,
        model: modelId,
        seed: parsed.seeds?.[0] ?? request.seed,
      };
    },
    ...(removeId
      ? {
          async removeBackground(image: Buffer) {
            const body = { image: image.toString('base64'), output_format: 'png' };
            const parsed = await invokeJson(client, removeId, body, stabilityResponse);
            failOnFinishReason(removeId, parsed.finish_reasons[0]);
            const out = parsed.images[0];
            if (!out) throw new TransientImageError(`${removeId} answered no image`);
            return Buffer.from(out, 'base64');
          },
        }
      : {}),
  };
}
