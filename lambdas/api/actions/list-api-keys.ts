import * as z from 'zod';
import { listApiKeysOfAccount, toApiKeyView } from '#core/entities/api-key.ts';
import { defineAction } from '../action.ts';
import { pagination } from '../schemas.ts';

export const listApiKeysAction = defineAction({
  name: 'list_api_keys',
  credential: 'user_token',
  input: z.strictObject({ ...pagination }),
  run: async (input, { principal, deps }) => {
    const page = await listApiKeysOfAccount(deps, principal.accountId, {
      limit: input.limit,
      nextToken: input.next_token,
    });
    const now = deps.now();
    return { api_keys: page.items.map((k) => toApiKeyView(k, now)), next_token: page.nextToken };
  },
});
