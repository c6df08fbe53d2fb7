import type { Logger } from '@aws-lambda-powertools/logger';
import { createBedrockRuntime } from '#core/bedrock-clients.ts';
import type { Config } from '#core/config.ts';
import { composeCreative } from '#core/creative/compose.ts';
import { createTemplateImageModel } from '#core/creative/scenes/index.ts';
import type { Deps } from '#core/deps.ts';
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
  }
}

/**
 * A model past its end of life fails every image with a clear reason instead of being retried;
 * a Legacy one still works for accounts that have it, so it is reported (with its end-of-life
 * date) and used. The background-removal model is checked the same way: past its end of life,
 * product images fall back to the local cut-out. `ModelNotActive` is 1 when either model is not
 * Active (0 otherwise), which the Legacy/EOL alarm watches.
 */
export async function guardModelLifecycle(
  config: Config,
  model: ImageModel,
  logger: Logger,
  telemetry: Telemetry = noTelemetry,
): Promise<ImageModel> {
  if (config.imageProvider === 'template') return model;
  const control = createBedrockControl(config);
  const report = async (modelId: string, role: string) => {
    const lifecycle = await checkModelLifecycle(control, modelId);
    if (lifecycle.status === 'UNKNOWN') {
      logger.warn(`${role} lifecycle unknown`, { model_id: modelId, reason: lifecycle.reason });
    } else if (lifecycle.status !== 'ACTIVE') {
      logger.error(`${role} is not Active`, { model_id: modelId, ...lifecycle });
    }
    return lifecycle;
  };
  const image = await report(config.imageModelId, 'image model');
  const removal = config.backgroundRemovalModelId
    ? await report(config.backgroundRemovalModelId, 'background-removal model')
    : undefined;
  const known = [image, removal].filter((l) => l !== undefined && l.status !== 'UNKNOWN');
  if (known.length > 0)
    telemetry.count(METRIC.modelNotActive, known.some((l) => l?.status !== 'ACTIVE') ? 1 : 0);
  const guarded = removal?.status === 'END_OF_LIFE' ? { ...model, removeBackground: undefined } : model;
  if (image.status !== 'END_OF_LIFE') return guarded;
  return {
    ...guarded,
    removeBackground: undefined,
    generate: async () => {
      throw new PermanentImageError(
        'model_end_of_life',
        `${config.imageModelId} reached its end of life on ${image.endOfLife}; configure an Active model.`,
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
