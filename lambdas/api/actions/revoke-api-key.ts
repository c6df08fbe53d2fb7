import * as z from 'zod';
import { revokeApiKey, toApiKeyView } from '#core/entities/api-key.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';

export const revokeApiKeyAction = defineAction({
  name: 'revoke_api_key',
  credential: 'user_token',
  input: z.strictObject({
    api_key_id: z.string().regex(/^[0-9A-Za-z]{12}$/, 'must be the id of an API key (12 letters and digits)'),
  }),
  run: async (input, { principal, deps }) => {
    const revoked = await revokeApiKey(deps, principal.accountId, input.api_key_id);
    if (!revoked) throw new NotFoundError('api key', input.api_key_id);
    return { api_key: toApiKeyView(revoked, deps.now()) };
  },
});
