import * as z from 'zod';
import { getReviewLink, revokeReviewLink } from '#core/entities/review-link.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';
import { reviewLinkView } from './review-link-view.ts';

/** Ends a review link at once: its page answers "revoked" from the next request on (ADR 0040). */
export const revokeReviewLinkAction = defineAction({
  name: 'revoke_review_link',
  credential: 'api_key',
  input: z.strictObject({ review_link_id: id('review_link_id') }),
  run: async (input, { principal, deps }) => {
    if (!(await revokeReviewLink(deps, principal.accountId, input.review_link_id))) {
      throw new NotFoundError('review link', input.review_link_id);
    }
    const link = await getReviewLink(deps, principal.accountId, input.review_link_id);
    if (!link) throw new NotFoundError('review link', input.review_link_id);
    return { review_link: reviewLinkView(link) };
  },
});
