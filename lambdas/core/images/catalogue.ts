/**
 * What the service knows about Bedrock image models without asking Bedrock: which ones are
 * retired (with their end-of-life dates, so a refusal can name it) and the list price per image
 * of the ones it offers. Data, not logic: update it when AWS changes a lifecycle or a price.
 * Sources: the Bedrock model lifecycle page and the Bedrock pricing page (late 2026); confirm a
 * price in the target account before quoting it to a customer.
 */

/** Image models past their end of life: calls to them fail, so configuring one is refused. */
export const RETIRED_IMAGE_MODELS: Readonly<Record<string, { name: string; endOfLife: string }>> = {
  'amazon.nova-canvas-v1:0': { name: 'Amazon Nova Canvas', endOfLife: '2026-09-30' },
  'amazon.titan-image-generator-v2:0': { name: 'Amazon Titan Image Generator v2', endOfLife: '2026-06-30' },
  'amazon.titan-image-generator-v1': { name: 'Amazon Titan Image Generator v1', endOfLife: '2025-12-31' },
};

/** Image providers that existed in earlier releases and were withdrawn with their model. */
export const RETIRED_IMAGE_PROVIDERS: Readonly<Record<string, string>> = {
  'bedrock-nova-canvas': 'amazon.nova-canvas-v1:0',
};

/**
 * The Stability text-to-image models on Bedrock, cheapest first, with the list price of one image
 * in USD (us-west-2). Stable Image Core is the low-cost setting; SD3.5 Large the default.
 */
export const STABILITY_IMAGE_MODELS = [
  { id: 'stability.stable-image-core-v1:1', name: 'Stable Image Core', usdPerImage: 0.04 },
  { id: 'stability.sd3-5-large-v1:0', name: 'Stable Diffusion 3.5 Large', usdPerImage: 0.08 },
  { id: 'stability.stable-image-ultra-v1:1', name: 'Stable Image Ultra', usdPerImage: 0.14 },
] as const;

/** Strips a cross-Region inference profile prefix (`us.`, `eu.`, …) to the foundation model id. */
function foundationModelOf(id: string): string {
  return id.replace(/^(us|us-gov|eu|apac|jp|au|ca|global)\.(?=[a-z0-9-]+\.)/, '');
}

/** Why a configured image model or provider cannot be used, or undefined when it can. */
export function retiredImageModelReason(setting: {
  provider?: string | undefined;
  modelId?: string | undefined;
}): string | undefined {
  const modelId =
    (setting.provider && RETIRED_IMAGE_PROVIDERS[setting.provider]) ??
    (setting.modelId ? foundationModelOf(setting.modelId) : undefined);
  const retired = modelId ? RETIRED_IMAGE_MODELS[modelId] : undefined;
  if (!retired) return undefined;
  return `${retired.name} (${modelId}) reached its end of life on ${retired.endOfLife}: Bedrock refuses calls to it. Use bedrock-stability with ${STABILITY_IMAGE_MODELS.map((m) => `${m.id} (${m.name}, about $${m.usdPerImage} per image)`).join(', ')}.`;
}

/** The list price of one image of a known model, for estimates when the operator states none. */
export function listPricePerImage(modelId: string): number | undefined {
  const id = foundationModelOf(modelId);
  return STABILITY_IMAGE_MODELS.find((m) => m.id === id)?.usdPerImage;
}
