import * as z from 'zod';
import { NotFoundError } from '#core/errors.ts';
import { deleteCampaign } from '#core/lifecycle/delete.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

/**
 * Deletes a campaign with its jobs, creatives and objects, cancelling what is running and
 * returning its credits (ADR 0028). A second delete answers 404, as an unknown id does.
 */
export const deleteCampaignAction = defineAction({
  name: 'delete_campaign',
  credential: 'api_key',
  input: z.strictObject({ campaign_id: id('campaign_id') }),
  run: async (input, { principal, deps }) => {
    const report = await deleteCampaign(deps, principal.accountId, input.campaign_id);
    if (!report) throw new NotFoundError('campaign', input.campaign_id);
    return report;
  },
});
