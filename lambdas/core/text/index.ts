import { createBedrockRuntime } from '../bedrock-clients.ts';
import type { Config } from '../config.ts';
import { createBedrockTextModel } from './bedrock-model.ts';
import { createHeuristicTextModel } from './heuristic-model.ts';
import type { TextModel } from './types.ts';

/** The text model of the deployment's configuration. */
export function createTextModel(config: Config): TextModel {
  return config.textProvider === 'bedrock'
    ? createBedrockTextModel(createBedrockRuntime(config), config.textModelId)
    : createHeuristicTextModel();
}
