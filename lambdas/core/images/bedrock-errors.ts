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
    return new TransientImageError(`${name}: ${message}`);
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
