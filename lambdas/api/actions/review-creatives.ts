import * as z from 'zod';
import { applyReviews, MAX_REVIEWS_PER_CALL, reviewerOf } from '#core/review/apply.ts';
import { creativesWithLinks } from '#core/s3/creative-links.ts';
import { defineAction } from '../action.ts';
import { id, trimmed } from '../schemas.ts';

export const reviewNote = trimmed(1, 1000).nullish();

/**
 * Approves or rejects up to 100 creatives at once (ADR 0040): each decision with an optional
 * note, recorded with who made it and when, and a `creative.reviewed` webhook event for each
 * decision that changed something. `unreviewed` takes a decision back.
 */
export const reviewCreativesAction = defineAction({
  name: 'review_creatives',
  credential: 'api_key',
  input: z.strictObject({
    reviews: z
      .array(
        z.strictObject({
          creative_id: id('creative_id'),
          state: z.enum(['approved', 'rejected', 'unreviewed']),
          note: reviewNote,
        }),
      )
      .min(1, 'must name at least one creative')
      .max(MAX_REVIEWS_PER_CALL, `must name at most ${MAX_REVIEWS_PER_CALL} creatives`),
  }),
  run: async (input, { principal, deps }) => {
    const slots = await applyReviews(
      deps,
      principal.accountId,
      input.reviews.map((r) => ({ creativeId: r.creative_id, state: r.state, note: r.note ?? null })),
      reviewerOf(principal),
    );
    return { creatives: await creativesWithLinks(deps, slots) };
  },
});
