import type { Logger } from '@aws-lambda-powertools/logger';
import { createBedrockRuntime } from '#core/bedrock-clients.ts';
import type { Config } from '#core/config.ts';
import { composeCreative } from '#core/creative/compose.ts';
import { createTemplateImageModel } from '#core/creative/scenes/index.ts';
import type { Deps } from '#core/deps.ts';
import { createNovaCanvasImageModel } from '#core/images/bedrock-nova-canvas.ts';
import { createStabilityImageModel } from '#core/images/bedrock-stability.ts';
import { instrumentImageModel } from '#core/images/instrumented.ts';
import { checkModelLifecycle, createBedrockControl } from '#core/images/lifecycle.ts';
import { type ImageModel, PermanentImageError } from '#core/images/types.ts';
import { OWN_STORAGE_REFUSAL, pointsAtOwnStorage } from '#core/net/own-storage.ts';
import { RefusedUrlError, redactUrl, safeFetchImage } from '#core/net/safe-fetch.ts';
import { METRIC, noTelemetry, type Telemetry } from '#core/telemetry.ts';
import type { WorkerDeps } from './process-slot.ts';

/** The image model of the deployment's configuration: one adapter per model family. */
export function createImageModel(config: Config): ImageModel {
  switch (config.imageProvider) {
    case 'template':
      return createTemplateImageModel();
    case 'bedrock-stability':
      return createStabilityImageModel(createBedrockRuntime(config), config.imageModelId, {
        removeBackgroundModelId: config.backgroundRemovalModelId,
      });
    case 'bedrock-nova-canvas':
      return createNovaCanvasImageModel(createBedrockRuntime(config), config.imageModelId, {
        removeBackground: config.backgroundRemovalModelId !== undefined,
      });
  }
}

/**
 * A model past its end of life fails every image with a clear reason instead of being retried;
 * a Legacy one still works for accounts that have it, so it is reported and used. Either way
 * `ModelNotActive` is 1 (0 for an Active model), which the Legacy/EOL alarm watches.
 */
export async function guardModelLifecycle(
  config: Config,
  model: ImageModel,
  logger: Logger,
  telemetry: Telemetry = noTelemetry,
): Promise<ImageModel> {
  if (config.imageProvider === 'template') return model;
  const lifecycle = await checkModelLifecycle(createBedrockControl(config), config.imageModelId);
  if (lifecycle.status === 'UNKNOWN') {
    logger.warn('image model lifecycle unknown', { model_id: config.imageModelId, reason: lifecycle.reason });
    return model;
  }
  telemetry.count(METRIC.modelNotActive, lifecycle.status === 'ACTIVE' ? 0 : 1);
  if (lifecycle.status === 'ACTIVE') return model;
  logger.error('image model is not Active', { model_id: config.imageModelId, ...lifecycle });
  if (lifecycle.status === 'LEGACY') return model;
  return {
    ...model,
    removeBackground: undefined,
    generate: async () => {
      throw new PermanentImageError(
        'model_end_of_life',
        `${config.imageModelId} reached its end of life on ${lifecycle.endOfLife}; configure an Active model.`,
      );
    },
  };
}

/**
 * Caller-supplied image URLs go through the SSRF rules, and never reach this stack's own storage
 * (another tenant's objects, issue 22 item 7). Only a test's image server may be trusted.
 */
export function imageFetcher(config: Config) {
  const storage = { bucket: config.bucketName, endpoint: config.endpoints.s3 };
  const trustedOrigins = config.trustedImageOrigins;
  return async (url: string) => {
    try {
      if (pointsAtOwnStorage(url, storage)) throw new RefusedUrlError(OWN_STORAGE_REFUSAL);
      return await safeFetchImage(url, { trustedOrigins });
    } catch (error) {
      if (error instanceof RefusedUrlError)
        throw new PermanentImageError('input_refused', `${redactUrl(url)}: ${error.message}`);
      throw error;
    }
  };
}

export function createWorkerDeps(deps: Deps, imageModel: ImageModel): WorkerDeps {
  return {
    ...deps,
    imageModel: instrumentImageModel(imageModel, deps.telemetry),
    compose: composeCreative,
    fetchImage: imageFetcher(deps.config),
    leaseMs: deps.config.slotLeaseSeconds * 1000,
    maxReceiveCount: deps.config.maxReceiveCount,
    // Well inside the worker's run time, leaving room for this slot's own compose and put.
    visualWaitMs: 90_000,
  };
}
