import { BedrockClient, GetFoundationModelCommand } from '@aws-sdk/client-bedrock';
import type { Config } from '../config.ts';
import { traced } from '../tracing.ts';

export type ModelLifecycle =
  | { status: 'ACTIVE' }
  | { status: 'LEGACY'; endOfLife: string | null }
  | { status: 'END_OF_LIFE'; endOfLife: string }
  | { status: 'UNKNOWN'; reason: string };

/**
 * Nothing in an InvokeModel answer warns that a model is Legacy or past its end of life, so
 * the worker asks GetFoundationModel at start: a Legacy model is reported (logged as an error)
 * and a model past its end-of-life date fails images with a clear reason instead of retrying.
 */
export async function checkModelLifecycle(
  client: BedrockClient,
  modelId: string,
  now = new Date(),
): Promise<ModelLifecycle> {
  try {
    const out = await client.send(new GetFoundationModelCommand({ modelIdentifier: modelId }));
    const lifecycle = out.modelDetails?.modelLifecycle;
    const endOfLife = lifecycle?.endOfLifeTime ? new Date(lifecycle.endOfLifeTime) : null;
    if (endOfLife && endOfLife.getTime() <= now.getTime())
      return { status: 'END_OF_LIFE', endOfLife: endOfLife.toISOString() };
    if (lifecycle?.status === 'LEGACY')
      return { status: 'LEGACY', endOfLife: endOfLife?.toISOString() ?? null };
    return { status: 'ACTIVE' };
  } catch (error) {
    return {
      status: 'UNKNOWN',
      reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    };
  }
}

/** The control-plane client, used only for this check (kept out of the router's bundle). */
export function createBedrockControl(config: Pick<Config, 'region' | 'endpoints'>): BedrockClient {
  return traced(
    new BedrockClient({ region: config.region, endpoint: config.endpoints.bedrock, maxAttempts: 2 }),
  );
}
