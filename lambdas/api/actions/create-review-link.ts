import * as z from 'zod';
import { getCampaign } from '#core/entities/campaign.ts';
import { createReviewLink } from '#core/entities/review-link.ts';
import { NotFoundError, ValidationError } from '#core/errors.ts';
import { reviewerOf } from '#core/review/apply.ts';
import { DEFAULT_REVIEW_LINK_DAYS, MAX_REVIEW_LINK_DAYS, reviewLinkUrl } from '#core/review/links.ts';
import { defineAction } from '../action.ts';
import { id, trimmed } from '../schemas.ts';
import { reviewLinkView } from './review-link-view.ts';

const DAY_MS = 86_400_000;

/**
 * A link that lets the client approve or reject one campaign's creatives without an account
 * (ADR 0040): a signed token in the URL of the review page, good until `expires_at` (at most 30
 * days, 7 by default) or until revoke_review_link.
 */
export const createReviewLinkAction = defineAction({
  name: 'create_review_link',
  credential: 'api_key',
  input: z.strictObject({
    campaign_id: id('campaign_id'),
    expires_at: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).optional(),
    note: trimmed(1, 1000).optional().describe('Shown to the reviewer at the top of the page.'),
  }),
  run: async (input, { principal, deps, origin }) => {
    const now = deps.now().getTime();
    const expiresAt = new Date(input.expires_at ?? now + DEFAULT_REVIEW_LINK_DAYS * DAY_MS);
    if (expiresAt.getTime() <= now || expiresAt.getTime() > now + MAX_REVIEW_LINK_DAYS * DAY_MS) {
      throw new ValidationError('Invalid input for create_review_link.', [
        {
          path: 'expires_at',
          message: `must be in the future and at most ${MAX_REVIEW_LINK_DAYS} days away`,
        },
      ]);
    }
    if (!(await getCampaign(deps, principal.accountId, input.campaign_id))) {
      throw new NotFoundError('campaign', input.campaign_id);
    }
    const link = await createReviewLink(deps, {
      accountId: principal.accountId,
      campaignId: input.campaign_id,
      note: input.note ?? null,
      expiresAt,
      createdBy: reviewerOf(principal),
    });
    return { review_link: { ...reviewLinkView(link), url: await reviewLinkUrl(deps, origin ?? '', link) } };
  },
});
