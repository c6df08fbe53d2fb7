import * as z from 'zod';
import { ASSET_KINDS, listAssetsOfClient } from '#core/entities/asset.ts';
import { getClient } from '#core/entities/client.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id, pageResult, pagination } from '../schemas.ts';

export const listAssetsAction = defineAction({
  name: 'list_assets',
  credential: 'api_key',
  input: z.strictObject({
    client_id: id('client_id'),
    kind: z.enum(ASSET_KINDS, { error: `must be one of ${ASSET_KINDS.join(', ')}` }).optional(),
    ...pagination,
  }),
  run: async (input, { principal, deps }) => {
    if (!(await getClient(deps, principal.accountId, input.client_id))) {
      throw new NotFoundError('client', input.client_id);
    }
    const page = await listAssetsOfClient(deps, principal.accountId, input.client_id, input.kind, {
      limit: input.limit,
      nextToken: input.next_token,
    });
    return pageResult('assets', page);
  },
});
