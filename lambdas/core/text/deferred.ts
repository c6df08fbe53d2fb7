import type { Config } from '../config.ts';
import type { TextModel } from './types.ts';

/** The offline model's id (`heuristic-model.ts` uses it): known before the model is loaded. */
export const HEURISTIC_TEXT_MODEL_ID = 'heuristic-v2';

/**
 * The text model of the configuration, with its engine (the heuristic's NLP library, or the
 * Bedrock runtime client) imported on the first call: only generate_angles and
 * prepare_campaign pay for it, not every cold start (ADR 0011).
 */
export function deferredTextModel(config: Config): TextModel {
  let model: Promise<TextModel> | undefined;
  const load = () => {
    model ??= import('./index.ts').then((m) => m.createTextModel(config));
    model.catch(() => {
      model = undefined;
    });
    return model;
  };
  return {
    id: config.textProvider === 'bedrock' ? config.textModelId : HEURISTIC_TEXT_MODEL_ID,
    generateAngles: async (input) => (await load()).generateAngles(input),
    draftCopy: async (input) => (await load()).draftCopy(input),
  };
}
