import * as z from 'zod';
import { issueApiKey } from '#core/auth/api-key-format.ts';
import { isConditionalCheckFailed } from '#core/db/errors.ts';
import { MAX_ACTIVE_KEYS_PER_ACCOUNT, putApiKey, toApiKeyView } from '#core/entities/api-key.ts';
import { ConflictError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { trimmed } from '../schemas.ts';

const DAY_MS = 86_400_000;

export const createApiKeyAction = defineAction({
  name: 'create_api_key',
  credential: 'user_token',
  input: z.strictObject({
    name: trimmed(1, 100),
    expires_in_days: z.number().int('must be an integer').min(1).max(366).optional(),
  }),
  run: async (input, { principal, deps }) => {
    const issued = issueApiKey(deps.config.keyEnv);
    const expiresAt =
      input.expires_in_days === undefined
        ? null
        : new Date(deps.now().getTime() + input.expires_in_days * DAY_MS).toISOString();
    try {
      const record = await putApiKey(deps, {
        accountId: principal.accountId,
        name: input.name,
        issued,
        expiresAt,
      });
      // The only response that ever carries the key: it is not stored and cannot be shown again.
      return { api_key: { ...toApiKeyView(record, deps.now()), key: issued.plaintext } };
    } catch (error) {
      if (isConditionalCheckFailed(error)) {
        throw new ConflictError(
          `An account can hold at most ${MAX_ACTIVE_KEYS_PER_ACCOUNT} active keys; revoke one first.`,
          { limit: MAX_ACTIVE_KEYS_PER_ACCOUNT },
        );
      }
      throw error;
    }
  },
});
