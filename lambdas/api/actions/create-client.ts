import * as z from 'zod';
import { createClient } from '#core/entities/client.ts';
import { defineAction } from '../action.ts';
import { trimmed } from '../schemas.ts';

export const createClientAction = defineAction({
  name: 'create_client',
  credential: 'api_key',
  input: z.strictObject({ name: trimmed(1, 200) }),
  run: async (input, { principal, deps }) => ({
    client: await createClient(deps, principal.accountId, input.name),
  }),
});
