import * as z from 'zod';
import { getCampaign } from '#core/entities/campaign.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

export const getCampaignAction = defineAction({
  name: 'get_campaign',
  credential: 'api_key',
  input: z.strictObject({ campaign_id: id('campaign_id') }),
  run: async (input, { principal, deps }) => {
    const campaign = await getCampaign(deps, principal.accountId, input.campaign_id);
    if (!campaign) throw new NotFoundError('campaign', input.campaign_id);
    return { campaign };
  },
});
