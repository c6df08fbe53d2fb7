import * as z from 'zod';
import { getCampaign } from '#core/entities/campaign.ts';
import { NotFoundError } from '#core/errors.ts';
import { dispatchGeneration } from '#core/generation/dispatch.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

export const generateCreativesAction = defineAction({
  name: 'generate_creatives',
  credential: 'api_key',
  input: z.strictObject({ campaign_id: id('campaign_id') }),
  run: async (input, { principal, deps, boundId }) => {
    const campaign = await getCampaign(deps, principal.accountId, input.campaign_id);
    if (!campaign) throw new NotFoundError('campaign', input.campaign_id);
    return dispatchGeneration(deps, principal.accountId, campaign, undefined, boundId);
  },
});
