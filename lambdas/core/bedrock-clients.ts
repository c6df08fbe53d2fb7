import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { Config } from './config.ts';
import { traced } from './tracing.ts';

/**
 * Bedrock clients for InvokeModel / Converse. Image and text generation can take tens of seconds,
 * so the read timeout is minutes, not the SDK default; the SDK retries at most twice and the queue
 * is the only other retry layer (bedrock.md). HTTP/1.1, since these calls do not stream.
 */
export function createBedrockRuntime(config: Pick<Config, 'region' | 'endpoints'>, readTimeoutMs = 120_000) {
  return traced(
    new BedrockRuntimeClient({
      region: config.region,
      endpoint: config.endpoints.bedrock,
      maxAttempts: 3,
      requestHandler: new NodeHttpHandler({ connectionTimeout: 5_000, requestTimeout: readTimeoutMs }),
    }),
  );
}
