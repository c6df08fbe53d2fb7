import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { invokeJson } from './bedrock-invoke.ts';
import { coverToPng } from './decode.ts';
import { NOVA_SIZES, nearestRatio } from './native-sizes.ts';
import { type ImageModel, PermanentImageError, type VisualRequest } from './types.ts';

const novaResponse = z.object({ images: z.array(z.string()).default([]), error: z.string().nullish() });

/**
 * Amazon Nova Canvas (Legacy on Bedrock; kept for accounts that still have it, never the
 * default). COLOR_GUIDED_GENERATION steers the visual to the brand palette. A blocked output is
 * a 200 with no image and an `error`: a permanent failure, charged nothing. With background
 * removal configured, the BACKGROUND_REMOVAL task `{taskType, backgroundRemovalParams: {image}}`
 * cuts the product out. Shapes recorded from the AWS page "Request and response structure for
 * image generation" (https://docs.aws.amazon.com/nova/latest/userguide/image-gen-req-resp-structure.html).
 */
export function createNovaCanvasImageModel(
  client: BedrockRuntimeClient,
  modelId: string,
  options: { removeBackground?: boolean } = {},
): ImageModel {
  return {
    id: modelId,
    family: 'nova-canvas',
    nativeSize: (ratio) =>
      NOVA_SIZES[nearestRatio(ratio, Object.keys(NOVA_SIZES))] as { width: number; height: number },
    ...(options.removeBackground
      ? {
          async removeBackground(image: Buffer) {
            const body = {
              taskType: 'BACKGROUND_REMOVAL',
              backgroundRemovalParams: { image: image.toString('base64') },
            };
            const parsed = await invokeJson(client, modelId, body, novaResponse);
            const out = parsed.images[0];
            if (!out)
              throw new PermanentImageError(
                'content_filtered',
                `${modelId}: ${parsed.error ?? 'no image returned'}`,
              );
            return Buffer.from(out, 'base64');
          },
        }
      : {}),
    async generate(request: VisualRequest) {
      const shape = nearestRatio(request.aspectRatio, Object.keys(NOVA_SIZES));
      const size = NOVA_SIZES[shape] as { width: number; height: number };
      const colors = [...new Set(Object.values(request.brand.colors).map((c) => c.toUpperCase()))].slice(
        0,
        10,
      );
      const body = {
        taskType: 'COLOR_GUIDED_GENERATION',
        colorGuidedGenerationParams: {
          text: request.prompt.slice(0, 1024),
          negativeText: request.negativePrompt.slice(0, 1024),
          colors,
        },
        imageGenerationConfig: {
          numberOfImages: 1,
          width: size.width,
          height: size.height,
          cfgScale: 6.5,
          seed: request.seed % 858_993_460,
          quality: 'standard',
        },
      };
      const parsed = await invokeJson(client, modelId, body, novaResponse);
      const image = parsed.images[0];
      if (!image) {
        throw new PermanentImageError(
          'content_filtered',
          `${modelId}: ${parsed.error ?? 'no image returned'}`,
        );
      }
      const png = await coverToPng(Buffer.from(image, 'base64'), request.width, request.height);
      return { png, width: request.width, height: request.height, model: modelId, seed: request.seed };
    },
  };
}
