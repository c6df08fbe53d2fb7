import * as z from 'zod';
import { getClient } from '#core/entities/client.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

export const getClientAction = defineAction({
  name: 'get_client',
  credential: 'api_key',
  input: z.strictObject({ client_id: id('client_id') }),
  run: async (input, { principal, deps }) => {
    const client = await getClient(deps, principal.accountId, input.client_id);
    if (!client) throw new NotFoundError('client', input.client_id);
    return { client };
  },
});
