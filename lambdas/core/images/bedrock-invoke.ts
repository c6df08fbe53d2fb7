import { type BedrockRuntimeClient, InvokeModelCommand } from '@aws-sdk/client-bedrock-runtime';
import type * as z from 'zod';
import { PermanentImageError, TransientImageError } from './types.ts';

const TRANSIENT = new Set([
  'ThrottlingException',
  'ServiceUnavailableException',
  'InternalServerException',
  'ModelNotReadyException',
  'ModelTimeoutException',
  'ServiceQuotaExceededException',
  'TimeoutError',
  'RequestTimeout',
]);
/** The transient errors that mean "too many requests" (counted as model throttles). */
const THROTTLED = new Set(['ThrottlingException', 'ServiceQuotaExceededException']);

/**
 * Bedrock's errors sorted the way the worker must treat them (bedrock.md): transient ones go
 * back to the queue for a later delivery; validation and content problems fail the image at
 * once; access and missing-model errors are setup faults that no retry can mend.
 */
export function classifyBedrockError(error: unknown, modelId: string): Error {
  const name = (error as { name?: string }).name ?? 'Error';
  const message = error instanceof Error ? error.message : String(error);
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if (TRANSIENT.has(name) || (status !== undefined && status >= 500)) {
    return new TransientImageError(`${name}: ${message}`, { throttled: THROTTLED.has(name) });
  }
  if (name === 'ValidationException') {
    const blocked = /blocked|filter|content|policy|responsible ai/i.test(message);
    return new PermanentImageError(blocked ? 'content_filtered' : 'invalid_request', message);
  }
  if (name === 'AccessDeniedException' || name === 'ResourceNotFoundException') {
    return new PermanentImageError('model_setup', `${modelId}: ${message}`);
  }
  return new TransientImageError(`${name}: ${message}`);
}

/**
 * One InvokeModel call with a JSON body, its errors classified, and the answer parsed with the
 * model family's response schema (a body that does not match is treated as transient).
 */
export async function invokeJson<S extends z.ZodType>(
  client: BedrockRuntimeClient,
  modelId: string,
  body: unknown,
  response: S,
): Promise<z.output<S>> {
  let raw: Uint8Array;
  try {
    const out = await client.send(
      new InvokeModelCommand({
        modelId,
        contentType: 'application/json',
        accept: 'application/json',
        body: JSON.stringify(body),
      }),
    );
    raw = out.body;
  } catch (error) {
    throw classifyBedrockError(error, modelId);
  }
  try {
    return response.parse(JSON.parse(Buffer.from(raw).toString('utf8')));
  } catch {
    throw new TransientImageError(`${modelId} answered a body that is not the documented JSON`);
  }
}
