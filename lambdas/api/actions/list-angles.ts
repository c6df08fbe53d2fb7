import * as z from 'zod';
import { listAnglesOfClient } from '#core/entities/angle.ts';
import { getClient } from '#core/entities/client.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id, pageResult, pagination } from '../schemas.ts';

export const listAnglesAction = defineAction({
  name: 'list_angles',
  credential: 'api_key',
  input: z.strictObject({ client_id: id('client_id'), ...pagination }),
  run: async (input, { principal, deps }) => {
    if (!(await getClient(deps, principal.accountId, input.client_id))) {
      throw new NotFoundError('client', input.client_id);
    }
    const page = await listAnglesOfClient(deps, principal.accountId, input.client_id, {
      limit: input.limit,
      nextToken: input.next_token,
    });
    return pageResult('angles', page);
  },
});
