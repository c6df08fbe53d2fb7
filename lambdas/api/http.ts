import type { APIGatewayProxyResult } from 'aws-lambda';
import { AppError, IdempotencyInProgressError, RateLimitedError } from '#core/errors.ts';

const baseHeaders = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function jsonResponse(status: number, body: unknown, requestId?: string): APIGatewayProxyResult {
  return {
    statusCode: status,
    headers: requestId ? { ...baseHeaders, 'x-request-id': requestId } : baseHeaders,
    body: JSON.stringify(body),
  };
}

/**
 * The one place where errors become responses. An `AppError` carries its status and code; any
 * other error is a 500 whose body names nothing internal (the log has the detail).
 */
export function errorResponse(error: unknown, requestId?: string): APIGatewayProxyResult {
  if (error instanceof AppError) {
    const envelope: { code: string; message: string; details?: unknown } = {
      code: error.code,
      message: error.message,
    };
    if (error.details !== undefined) envelope.details = error.details;
    const response = jsonResponse(error.status, { error: envelope }, requestId);
    // Every 429 says when to come back.
    if (error.status === 429) {
      const seconds = error instanceof RateLimitedError ? error.retryAfterSeconds : 1;
      response.headers = { ...response.headers, 'retry-after': String(seconds) };
    }
    if (error instanceof IdempotencyInProgressError) {
      response.headers = { ...response.headers, 'retry-after': String(error.retryAfterSeconds) };
    }
    return response;
  }
  // Anything else, an `InvalidItemError` (a stored item that fails its entity's schema) among
  // them, is ours to fix: the generic 500, with the detail only in the log (app.ts).
  return jsonResponse(
    500,
    { error: { code: 'internal_error', message: 'Something went wrong on our side; retry later.' } },
    requestId,
  );
}
