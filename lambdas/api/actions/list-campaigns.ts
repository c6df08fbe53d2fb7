import * as z from 'zod';
import { listCampaignsOfClient } from '#core/entities/campaign.ts';
import { getClient } from '#core/entities/client.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id, pageResult, pagination } from '../schemas.ts';

export const listCampaignsAction = defineAction({
  name: 'list_campaigns',
  credential: 'api_key',
  input: z.strictObject({ client_id: id('client_id'), ...pagination }),
  run: async (input, { principal, deps }) => {
    // An unknown client is a 404 rather than an empty list, so a typo in the id is visible.
    if (!(await getClient(deps, principal.accountId, input.client_id))) {
      throw new NotFoundError('client', input.client_id);
    }
    const page = await listCampaignsOfClient(deps, principal.accountId, input.client_id, {
      limit: input.limit,
      nextToken: input.next_token,
    });
    return pageResult('campaigns', page);
  },
});
