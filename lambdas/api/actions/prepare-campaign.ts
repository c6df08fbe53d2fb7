import * as z from 'zod';
import { getCampaign } from '#core/entities/campaign.ts';
import { NotFoundError } from '#core/errors.ts';
import { prepareCampaign } from '#core/generation/prepare.ts';
import { consumeTextModelCall } from '#core/rate-limit.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

/** Copy per angle and platform within the platforms' limits, recommendations and warnings. */
export const prepareCampaignAction = defineAction({
  name: 'prepare_campaign',
  credential: 'api_key',
  input: z.strictObject({ campaign_id: id('campaign_id') }),
  run: async (input, { principal, deps }) => {
    const campaign = await getCampaign(deps, principal.accountId, input.campaign_id);
    if (!campaign) throw new NotFoundError('campaign', input.campaign_id);
    await consumeTextModelCall(deps, principal.accountId);
    const { prepared_at: _at, ...prepared } = await prepareCampaign(deps, principal.accountId, campaign);
    return prepared;
  },
});
