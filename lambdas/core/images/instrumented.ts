import { METRIC, type Telemetry } from '../telemetry.ts';
import { type ImageModel, TransientImageError } from './types.ts';

/**
 * The image model, measured: every call counted, the latency of each answer, and the calls
 * the model refused for rate or quota (their share is the throttling rate the alarm watches).
 */
export function instrumentImageModel(model: ImageModel, telemetry: Telemetry): ImageModel {
  const removeBackground = model.removeBackground?.bind(model);
  return {
    id: model.id,
    family: model.family,
    ...(model.nativeSize ? { nativeSize: model.nativeSize.bind(model) } : {}),
    // Drawn in code: no call to count or time.
    ...(model.draw ? { draw: model.draw.bind(model) } : {}),
    ...(removeBackground
      ? {
          removeBackground: (image: Buffer) => {
            telemetry.count(METRIC.modelCalls);
            return removeBackground(image);
          },
        }
      : {}),
    generate: async (request) => {
      telemetry.count(METRIC.modelCalls);
      const started = performance.now();
      try {
        const visual = await model.generate(request);
        telemetry.timing(METRIC.modelLatency, Math.round(performance.now() - started));
        return visual;
      } catch (error) {
        if (error instanceof TransientImageError && error.throttled) telemetry.count(METRIC.modelThrottles);
        throw error;
      }
    },
  };
}
