import { z } from 'zod';
import { getCampaign } from '#core/entities/campaign.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id, pagination } from '../schemas.ts';

export const listCreativesAction = defineAction({
  name: 'list_creatives',
  credential: 'api_key',
  input: z.strictObject({ campaign_id: id('campaign_id'), ...pagination }),
  run: async (input, { principal, deps }) => {
    if (!(await getCampaign(deps, principal.accountId, input.campaign_id))) {
      throw new NotFoundError('campaign', input.campaign_id);
    }
    // Creatives are written by the generation pipeline, which has not produced any yet.
    return { creatives: [] as never[], next_token: null };
  },
});
