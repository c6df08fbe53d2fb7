import * as z from 'zod';
import { getCampaign } from '#core/entities/campaign.ts';
import { listCreativesOfCampaign } from '#core/entities/creative.ts';
import { REVIEW_STATES } from '#core/entities/slot.ts';
import { NotFoundError } from '#core/errors.ts';
import { creativesWithLinks } from '#core/s3/creative-links.ts';
import { defineAction } from '../action.ts';
import { id, pageResult, pagination } from '../schemas.ts';

/**
 * A campaign's creatives, newest first. By default only the finished images, so that polling
 * until the expected count works as the spec describes; `status` shows the rest, `review` keeps
 * those in one review state (ADR 0040).
 */
export const listCreativesAction = defineAction({
  name: 'list_creatives',
  credential: 'api_key',
  input: z.strictObject({
    campaign_id: id('campaign_id'),
    status: z.enum(['succeeded', 'pending', 'failed', 'all']).default('succeeded'),
    review: z.enum(REVIEW_STATES).optional(),
    ...pagination,
  }),
  run: async (input, { principal, deps }) => {
    if (!(await getCampaign(deps, principal.accountId, input.campaign_id))) {
      throw new NotFoundError('campaign', input.campaign_id);
    }
    const page = await listCreativesOfCampaign(
      deps,
      principal.accountId,
      input.campaign_id,
      input.status,
      { limit: input.limit, nextToken: input.next_token },
      input.review,
    );
    return pageResult('creatives', {
      items: await creativesWithLinks(deps, page.items),
      nextToken: page.nextToken,
    });
  },
});
