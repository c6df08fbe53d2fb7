import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { invokeJson } from './bedrock-invoke.ts';
import { coverToPng } from './decode.ts';
import { nearestRatio, STABILITY_RATIOS, STABILITY_SIZES } from './native-sizes.ts';
import { type ImageModel, PermanentImageError, TransientImageError, type VisualRequest } from './types.ts';

// Kept importable from here, where the model that uses them lives.
export { STABILITY_RATIOS, STABILITY_SIZES, type StabilityRatio } from './native-sizes.ts';

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
