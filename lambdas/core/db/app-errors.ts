/**
 * The error base class with the HTTP status and code every failure answers with, and the
 * failures the data layer raises itself (not found, conflict, validation). They live here so the
 * entities depend on nothing above the db layer; lambdas/core/errors.ts re-exports them beside
 * the rest, and `lambdas/api/http.ts` maps them all to the error envelope.
 */
export type ErrorCode =
  | 'invalid_json'
  | 'validation_error'
  | 'unknown_action'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'insufficient_credits'
  | 'conflict'
  | 'idempotency_key_reused'
  | 'idempotency_in_progress'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'rate_limited'
  | 'upstream_error'
  | 'unsupported_language'
  | 'internal_error';

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export type FieldIssue = { path: string; message: string };

export class ValidationError extends AppError {
  constructor(message: string, issues: FieldIssue[] = []) {
    super(400, 'validation_error', message, issues.length > 0 ? { issues } : undefined);
  }
}

export class NotFoundError extends AppError {
  constructor(resource: string, id: string) {
    super(404, 'not_found', `${resource} '${id}' was not found.`);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, details?: unknown) {
    super(409, 'conflict', message, details);
  }
}

/** An `Idempotency-Key` already used, within 24 h, for another action or another body. */
