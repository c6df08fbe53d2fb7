import { createHash, randomUUID } from 'node:crypto';
import type { APIGatewayProxyResult } from 'aws-lambda';
import type { Deps } from '#core/deps.ts';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotencyScope,
  releaseIdempotencyKey,
} from '#core/entities/idempotency-record.ts';
import {
  AppError,
  IdempotencyInProgressError,
  IdempotencyKeyReusedError,
  ValidationError,
} from '#core/errors.ts';
import { errorResponse, jsonResponse } from './http.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from './idempotency-key.ts';

/** Stripe's window: a key answers the same for 24 h. */
export const IDEMPOTENCY_RETENTION_SECONDS = 24 * 60 * 60;
/**
 * How long an in-progress claim holds before a retry may take it over: longer than the router
 * can run (API Gateway's 29 s), so only a request that died loses its claim.
 */
export const IDEMPOTENCY_LEASE_SECONDS = 30;
/** Stored answers stay well under DynamoDB's 400 KB item limit; a larger one is not stored. */
const MAX_STORED_BODY_BYTES = 300 * 1024;
/** 1–255 printable ASCII characters (Stripe's limit). */
const KEY_FORMAT = /^[\x20-\x7e]{1,255}$/;

/** A body as a stable string: keys sorted at every level, so field order does not matter. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Answers worth keeping: successes and the caller's own mistakes, not what a retry may fix. */
function isStored(status: number): boolean {
  return status < 500 && status !== 429;
}

function replay(status: number, body: string, requestId: string): APIGatewayProxyResult {
  const fresh = jsonResponse(status, null, requestId);
  return { statusCode: status, headers: { ...fresh.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' }, body };
}

/**
 * Runs a writing action under an `Idempotency-Key` with Stripe's semantics (ADR 0017):
 * 1. the key must be 1–255 printable characters (else 400);
 * 2. claim (account, key) with the action and a fingerprint of the body;
 * 3. if another request holds it: a different action or body is 409 `idempotency_key_reused`,
 *    one still running is 409 `idempotency_in_progress` with Retry-After, a finished one is
 *    replayed (status and body byte for byte, `Idempotent-Replayed: true`) and nothing runs;
 * 4. otherwise run (with the key's binding, which a request taking over a dead one's lease
 *    inherits), then store the answer if it is a success or a 4xx (not 429), or free the key
 *    after a 5xx, a 429 or a crash so that a retry runs again.
 */
export async function runIdempotently(
  deps: Deps,
  request: {
    accountId: string;
    key: string;
    action: string;
    fields: Record<string, unknown>;
    requestId: string;
  },
  /** Runs the action; `boundId` is the key's binding (what a job it creates is called, ADR 0031). */
  execute: (boundId: string) => Promise<APIGatewayProxyResult>,
): Promise<APIGatewayProxyResult> {
  if (!KEY_FORMAT.test(request.key)) {
    throw new ValidationError('Invalid Idempotency-Key header.', [
      { path: IDEMPOTENCY_KEY_HEADER, message: 'must be 1 to 255 printable ASCII characters' },
    ]);
  }
  const scope: IdempotencyScope = { accountId: request.accountId, keyHash: sha256(request.key) };
  const fingerprint = sha256(`${request.action}\n${canonical(request.fields)}`);
  const token = randomUUID();
  const claim = {
    action: request.action,
    fingerprint,
    token,
    leaseSeconds: IDEMPOTENCY_LEASE_SECONDS,
    retentionSeconds: IDEMPOTENCY_RETENTION_SECONDS,
  };
  // A record can vanish between the failed claim and the read (its holder freed it): claim again.
  let boundId: string | undefined;
  for (let attempt = 0; boundId === undefined; attempt++) {
    const outcome = await claimIdempotencyKey(deps, scope, claim);
    if (outcome.claimed) {
      boundId = outcome.boundId;
      break;
    }
    const { record } = outcome;
    if (!record) {
      if (attempt < 2) continue;
      throw new IdempotencyInProgressError(1);
    }
    if (record.action !== request.action || record.fingerprint !== fingerprint) {
      throw new IdempotencyKeyReusedError();
    }
    if (record.state === 'completed') return replay(record.status, record.body, request.requestId);
    // The first request may finish any moment: come back soon rather than at the lease's end.
    throw new IdempotencyInProgressError(1);
  }

  let response: APIGatewayProxyResult;
  try {
    response = await execute(boundId);
    await deps.checkpoint('idempotency.executed', 0);
  } catch (error) {
    const status = error instanceof AppError ? error.status : 500;
    if (isStored(status)) {
      // The same bytes the error middleware will answer with (no request id in the body).
      await storeOrRelease(deps, scope, token, status, errorResponse(error).body);
    } else {
      await releaseIdempotencyKey(deps, scope, token);
    }
    throw error;
  }
  if (isStored(response.statusCode)) {
    await storeOrRelease(deps, scope, token, response.statusCode, response.body);
  } else {
    await releaseIdempotencyKey(deps, scope, token);
  }
  return response;
}

async function storeOrRelease(
  deps: Deps,
  scope: IdempotencyScope,
  token: string,
  status: number,
  body: string,
): Promise<void> {
  if (Buffer.byteLength(body, 'utf8') > MAX_STORED_BODY_BYTES) {
    await releaseIdempotencyKey(deps, scope, token);
    return;
  }
  await completeIdempotencyKey(deps, scope, token, { status, body });
}
