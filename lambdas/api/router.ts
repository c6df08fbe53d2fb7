import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { z } from 'zod';
import { authenticateApiKey, type Principal } from '#core/auth/authenticate.ts';
import { admitTokenUser } from '#core/auth/token-owner.ts';
import type { UserTokenVerifier } from '#core/auth/user-token.ts';
import type { Deps } from '#core/deps.ts';
import {
  ForbiddenError,
  InvalidJsonError,
  PayloadTooLargeError,
  UnauthorizedError,
  UnknownActionError,
  ValidationError,
} from '#core/errors.ts';
import { consumeRequest } from '#core/rate-limit.ts';
import type { Credential } from './action.ts';
import { actionTableNames as actionNames, actionTableByName } from './actions/table.ts';
import { jsonResponse } from './http.ts';
import { IDEMPOTENCY_KEY_HEADER, isWriteAction } from './idempotency-key.ts';
import { runIdempotently } from './idempotent.ts';
import { requestOrigin } from './origin.ts';

export const MAX_BODY_BYTES = 256 * 1024;

/** The user-token verifier is injected so the router does not care how JWKS are loaded. */
export type RouterDeps = Deps & { verifyUserToken?: UserTokenVerifier };

/** Filled in as the request goes, so the request log line can say how far it got. */
export type RouteTrace = { action?: string; accountId?: string; apiKeyId?: string };

function header(event: APIGatewayProxyEvent, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(event.headers ?? {})) {
    if (key.toLowerCase() === wanted && typeof value === 'string') return value;
  }
  return undefined;
}

function readBody(event: APIGatewayProxyEvent): Record<string, unknown> & { action: string } {
  const raw = event.body ?? '';
  const bytes = event.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
  if (bytes.byteLength > MAX_BODY_BYTES) throw new PayloadTooLargeError(MAX_BODY_BYTES);
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new InvalidJsonError();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InvalidJsonError();
  const action = (parsed as { action?: unknown }).action;
  if (typeof action !== 'string' || action.length === 0) {
    throw new ValidationError('The body must name an action.', [
      { path: 'action', message: `must be one of ${actionNames.join(', ')}` },
    ]);
  }
  return parsed as Record<string, unknown> & { action: string };
}

const wrongCredential: Record<Credential, string> = {
  api_key: 'This action takes an API key in the X-Api-Key header, not a user token.',
  user_token:
    'This action requires a user token (Authorization: Bearer <Cognito access token>), not an API key.',
};

/**
 * Authenticates with the one credential the action accepts. Presenting the other kind is a
 * 403 that says which one is needed; presenting neither, or a bad one, is a 401.
 */
async function authenticate(
  event: APIGatewayProxyEvent,
  credential: Credential,
  deps: RouterDeps,
): Promise<Principal> {
  const apiKey = header(event, 'x-api-key');
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header(event, 'authorization') ?? '')?.[1];
  if (credential === 'api_key') {
    if (apiKey) return authenticateApiKey(deps, apiKey);
    if (bearer) throw new ForbiddenError(wrongCredential.api_key);
    throw new UnauthorizedError('Send your API key in the X-Api-Key header.');
  }
  if (bearer && deps.verifyUserToken) {
    let sub: string;
    try {
      ({ sub } = await deps.verifyUserToken(bearer));
    } catch {
      throw new UnauthorizedError('The user token is not valid.');
    }
    await admitTokenUser(deps, sub);
    return { accountId: sub, via: 'user_token', sub };
  }
  if (apiKey) throw new ForbiddenError(wrongCredential.user_token);
  throw new UnauthorizedError('Send a user token as Authorization: Bearer <Cognito access token>.');
}

function validationIssues(error: z.ZodError) {
  return error.issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.map(String).join('.') : '(body)',
    message: issue.message,
  }));
}

/**
 * The whole request pipeline, in order: size → JSON → known action → credential → input →
 * Idempotency-Key (writing actions that send one, ADR 0017) → run.
 * Authentication comes before input validation so that an anonymous caller learns nothing
 * about the shape of an action's input.
 */
export async function route(
  event: APIGatewayProxyEvent,
  deps: RouterDeps,
  requestId: string,
  trace: RouteTrace = {},
): Promise<APIGatewayProxyResult> {
  const body = readBody(event);
  const entry = actionTableByName.get(body.action);
  if (!entry) throw new UnknownActionError(body.action, actionNames);
  trace.action = entry.name;
  // The action's module is imported by the first request that names it (ADR 0011); the import
  // (file reads) overlaps authentication's wait on DynamoDB. A warm request finds it loaded.
  const loading = entry.loaded() ?? entry.load();
  if (loading instanceof Promise) loading.catch(() => undefined);
  const principal = await authenticate(event, entry.credential, deps);
  // Each account's share of the stage (ADR 0032), counted while the action's module loads.
  const [action] = await Promise.all([loading, consumeRequest(deps, principal.accountId)]);
  trace.accountId = principal.accountId;
  // The key id is public (it names the key in list_api_keys); the secret never leaves authenticate.
  if (principal.via === 'api_key') trace.apiKeyId = principal.keyId;
  const { action: _name, ...fields } = body;
  const parsed = action.input.safeParse(fields);
  if (!parsed.success) {
    throw new ValidationError(`Invalid input for ${action.name}.`, validationIssues(parsed.error));
  }
  const execute = async (boundId?: string) =>
    jsonResponse(
      200,
      await action.run(parsed.data, { principal, deps, requestId, boundId, origin: requestOrigin(event) }),
      requestId,
    );
  // Reads ignore the header (as Stripe does) and never touch the idempotency record. Imported
  // statically: a dynamic import here made esbuild wrap the SDK modules it shares and keep 59 KB
  // more of the DynamoDB client in the bundle (ADR 0017), for 3.5 KB of code.
  const idempotencyKey = isWriteAction(action.name) ? header(event, IDEMPOTENCY_KEY_HEADER) : undefined;
  if (idempotencyKey === undefined) return execute();
  return runIdempotently(
    deps,
    { accountId: principal.accountId, key: idempotencyKey, action: action.name, fields, requestId },
    execute,
  );
}
