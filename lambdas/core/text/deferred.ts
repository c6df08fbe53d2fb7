import type { Config } from '../config.ts';
import { HEURISTIC_TEXT_MODEL_ID } from './deferred-model-id.ts';
import type { TextModel } from './types.ts';

export { HEURISTIC_TEXT_MODEL_ID };

/**
 * The text model of the configuration, with its engine (the offline planner's NLP library, or the
 * Bedrock runtime client) imported on the first call: only the text actions pay for it, not every
 * cold start (ADR 0011).
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
  const bedrock = config.textProvider === 'bedrock';
  return {
    id: bedrock ? config.textModelId : HEURISTIC_TEXT_MODEL_ID,
    ...(bedrock
      ? {
          extractBrief: async (input) => {
            const m = await load();
            if (!m.extractBrief) throw new Error(`${m.id} cannot read a brief`);
            return m.extractBrief(input);
          },
        }
      : {}),
    generateAngles: async (input) => (await load()).generateAngles(input),
    draftCopy: async (input) => (await load()).draftCopy(input),
  };
}
