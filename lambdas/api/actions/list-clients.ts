import * as z from 'zod';
import { listClients } from '#core/entities/client.ts';
import { defineAction } from '../action.ts';
import { pageResult, pagination } from '../schemas.ts';

export const listClientsAction = defineAction({
  name: 'list_clients',
  credential: 'api_key',
  input: z.strictObject({ ...pagination }),
  run: async (input, { principal, deps }) =>
    pageResult(
      'clients',
      await listClients(deps, principal.accountId, { limit: input.limit, nextToken: input.next_token }),
    ),
});
