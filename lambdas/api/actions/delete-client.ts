import * as z from 'zod';
import { NotFoundError } from '#core/errors.ts';
import { deleteClient } from '#core/lifecycle/delete.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

/**
 * Deletes a client with its angles, brand kit, assets, campaigns and creatives, cancelling what
 * is running and returning its credits (ADR 0028). A second delete answers 404.
 */
export const deleteClientAction = defineAction({
  name: 'delete_client',
  credential: 'api_key',
  input: z.strictObject({ client_id: id('client_id') }),
  run: async (input, { principal, deps }) => {
    const report = await deleteClient(deps, principal.accountId, input.client_id);
    if (!report) throw new NotFoundError('client', input.client_id);
    return report;
  },
});
