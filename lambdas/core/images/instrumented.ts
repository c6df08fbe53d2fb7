import { METRIC, type Telemetry } from '../telemetry.ts';
import { type ImageModel, TransientImageError, type VisualRequest } from './types.ts';

/**
 * The image model, measured: every call counted, the latency of each answer, and the calls
 * the model refused for rate or quota (their share is the throttling rate the alarm watches).
 */
export function instrumentImageModel(model: ImageModel, telemetry: Telemetry): ImageModel {
  const removeBackground = model.removeBackground?.bind(model);
  const draw = model.draw?.bind(model);
  return {
    id: model.id,
    family: model.family,
    ...(model.nativeSize ? { nativeSize: model.nativeSize.bind(model) } : {}),
    // Drawn in code, and still the configured image model: one call per visual, as on the paid
    // path, so the dashboard's calls per image read the same whichever model is set.
    ...(draw
      ? {
          draw: (request: VisualRequest) => {
            telemetry.count(METRIC.modelCalls);
            const started = performance.now();
            const drawn = draw(request);
            telemetry.timing(METRIC.modelLatency, Math.round(performance.now() - started));
            return drawn;
          },
        }
      : {}),
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
