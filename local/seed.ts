import { issueApiKey } from '#core/auth/api-key-format.ts';
import { authenticateApiKey } from '#core/auth/authenticate.ts';
import type { Deps } from '#core/deps.ts';
import { ensureAccount } from '#core/entities/account.ts';
import { putApiKey } from '#core/entities/api-key.ts';
import { AppError } from '#core/errors.ts';

/**
 * Makes sure an account exists with a working API key, reusing `existingKey` when it still
 * authenticates for that account (so a restart of the local stack keeps the same key).
 */
export async function ensureAccountWithKey(
  deps: Deps,
  accountId: string,
  options: { existingKey?: string | undefined; keyName?: string; startingCredits?: number } = {},
): Promise<{ accountId: string; apiKey: string; reused: boolean }> {
  await ensureAccount(deps, accountId, options.startingCredits);
  if (options.existingKey) {
    try {
      const principal = await authenticateApiKey(deps, options.existingKey);
      if (principal.accountId === accountId) return { accountId, apiKey: options.existingKey, reused: true };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  const issued = issueApiKey(deps.config.keyEnv);
  await putApiKey(deps, { accountId, name: options.keyName ?? 'local default', issued, expiresAt: null });
  return { accountId, apiKey: issued.plaintext, reused: false };
}
