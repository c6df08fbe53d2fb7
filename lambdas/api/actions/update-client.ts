import * as z from 'zod';
import { renameClient } from '#core/entities/client.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id, trimmed } from '../schemas.ts';

export const updateClientAction = defineAction({
  name: 'update_client',
  credential: 'api_key',
  // The name is the one field a client has; validated as create_client validates it.
  input: z.strictObject({ client_id: id('client_id'), name: trimmed(1, 200) }),
  run: async (input, { principal, deps }) => {
    const client = await renameClient(deps, principal.accountId, input.client_id, input.name);
    if (!client) throw new NotFoundError('client', input.client_id);
    return { client };
  },
});
