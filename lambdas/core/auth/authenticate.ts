import type { Deps } from '../deps.ts';
import { getApiKeyById, touchApiKey } from '../entities/api-key.ts';
import { UnauthorizedError } from '../errors.ts';
import { apiKeyMatchesHash, parseApiKey } from './api-key-format.ts';

export type Principal =
  | { accountId: string; via: 'api_key'; keyId: string }
  | { accountId: string; via: 'user_token'; sub: string };

const INVALID_KEY = 'The API key is not valid.';

/**
 * Resolves an `X-Api-Key` header to its account. Malformed keys and bad checksums are refused
 * without touching the table; otherwise one GetItem by key id, a constant-time hash comparison,
 * and revocation/expiry checked against this very read (no cache that could outlive them).
 * Every refusal says the same thing, so a caller cannot tell a revoked key from a forged one.
 */
export async function authenticateApiKey(deps: Deps, presented: string): Promise<Principal> {
  const parsed = parseApiKey(presented.trim());
  if (!parsed || parsed.env !== deps.config.keyEnv) throw new UnauthorizedError(INVALID_KEY);
  const stored = await getApiKeyById(deps, parsed.keyId);
  if (!stored || !apiKeyMatchesHash(parsed.plaintext, stored.hash)) throw new UnauthorizedError(INVALID_KEY);
  const now = deps.now();
  if (stored.revoked_at !== null) throw new UnauthorizedError(INVALID_KEY);
  if (stored.expires_at !== null && Date.parse(stored.expires_at) <= now.getTime()) {
    throw new UnauthorizedError(INVALID_KEY);
  }
  await touchApiKey(deps, stored);
  return { accountId: stored.account_id, via: 'api_key', keyId: stored.id };
}
