/**
 * Every failure the API can answer, as classes carrying their HTTP status and code. They are
 * turned into the `{ error: { code, message, details } }` envelope in exactly one place
 * (`lambdas/api/http.ts`); anything that is not an `AppError` becomes a 500 that leaks nothing.
 */
import { AppError } from './db/app-errors.ts';

export {
  AppError,
  ConflictError,
  type ErrorCode,
  NotFoundError,
  ValidationError,
} from './db/app-errors.ts';

export class InvalidJsonError extends AppError {
  constructor(message = 'The request body must be a JSON object.') {
    super(400, 'invalid_json', message);
  }
}

export class UnknownActionError extends AppError {
  constructor(action: string, known: readonly string[]) {
    super(400, 'unknown_action', `Unknown action '${action}'.`, { known_actions: known });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'A valid credential is required.') {
    super(401, 'unauthorized', message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, 'forbidden', message);
  }
}

/**
 * The same answer for an id that does not exist and for one that belongs to another account,
 * so that probing ids tells an attacker nothing.
 */
export class InsufficientCreditsError extends AppError {
  constructor(required: number, available: number) {
    super(402, 'insufficient_credits', `This batch needs ${required} credits; ${available} are available.`, {
      required,
      available,
    });
  }
}

export class IdempotencyKeyReusedError extends AppError {
  constructor() {
    super(
      409,
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different action or body; send a new key for a new request.',
    );
  }
}

/** A duplicate of a request that is still running: retry after `Retry-After` to get its answer. */
export class IdempotencyInProgressError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds = 1) {
    super(
      409,
      'idempotency_in_progress',
      'A request with this Idempotency-Key is still in progress; retry after Retry-After seconds.',
    );
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(limitBytes: number) {
    super(413, 'payload_too_large', `The request body exceeds ${limitBytes} bytes.`, {
      limit_bytes: limitBytes,
    });
  }
}

export class RateLimitedError extends AppError {
  /** Whole seconds until a retry can succeed: sent as `Retry-After` (every 429 has one). */
  readonly retryAfterSeconds: number;
  constructor(message = 'Too many requests; retry later.', retryAfterSeconds = 1) {
    super(429, 'rate_limited', message);
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  }
}

export class UpstreamError extends AppError {
  constructor(message: string) {
    super(502, 'upstream_error', message);
  }
}

/** A language the configured text model cannot write; never silently English. */
export class UnsupportedLanguageError extends AppError {
  constructor(language: string, supported: readonly string[]) {
    super(
      400,
      'unsupported_language',
      `The offline text engine does not write '${language}'. Supported: ${supported.join(', ')}.`,
      { supported_languages: supported },
    );
  }
}

/**
 * A stored item that does not match its entity's schema (a bad migration, a hand edit, a bug in
 * a writer). Never an `AppError`: the caller gets the generic 500 (`lambdas/api/http.ts`) and the
 * log gets the entity, the item's key and the failing fields, never the item's values.
 */
export class InvalidItemError extends Error {
  override name = 'InvalidItemError';
  constructor(
    readonly entity: string,
    readonly key: { pk: string; sk: string },
    readonly issues: readonly { path: string; message: string }[],
  ) {
    super(
      `Stored ${entity} item ${key.pk} / ${key.sk} does not match its schema: ${issues
        .map((i) => `${i.path || '(item)'}: ${i.message}`)
        .join('; ')}`,
    );
  }
}
