import type { Deps } from '../deps.ts';
import {
  isSameDecision,
  type ReviewDecision,
  type Reviewer,
  reviewCreative,
} from '../entities/creative-review.ts';
import { getSlotByCreativeId, type Slot } from '../entities/slot.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { eventOutbox } from '../webhooks/emit.ts';
import type { CreativeRef } from '../webhooks/events.ts';

/** Most creatives one call decides on (review_creatives and one review page submission alike). */
export const MAX_REVIEWS_PER_CALL = 100;

export type ReviewRequest = ReviewDecision & { creativeId: string };

/** Reads the slots `concurrency` at a time, in order. */
async function mapLimited<T, R>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<R>) {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return out;
}

/**
 * Applies review decisions (ADR 0040). Every creative is checked before any is written: an
 * unknown one (or one outside `campaignId`, when the caller is scoped to a campaign) is a 404,
 * one without a finished image a 409 naming it, a creative named twice a 400; so a bad list
 * changes nothing. A decision that repeats what is recorded writes nothing and emits no event.
 * Answers the slots as they now are, in the order asked.
 */
export async function applyReviews(
  deps: Deps,
  accountId: string,
  requests: readonly ReviewRequest[],
  reviewer: Reviewer,
  scope: { campaignId?: string } = {},
): Promise<Slot[]> {
  const seen = new Map<string, number>();
  requests.forEach((r, i) => {
    const first = seen.get(r.creativeId);
    if (first !== undefined) {
      throw new ValidationError('A creative can be decided once per call.', [
        { path: `reviews.${i}.creative_id`, message: `repeats reviews.${first}.creative_id` },
      ]);
    }
    seen.set(r.creativeId, i);
  });
  const slots = await mapLimited(requests, 10, (r) => getSlotByCreativeId(deps, accountId, r.creativeId));
  slots.forEach((slot, i) => {
    const id = requests[i]?.creativeId ?? '';
    if (!slot || (scope.campaignId !== undefined && slot.campaign_id !== scope.campaignId)) {
      throw new NotFoundError('creative', id);
    }
    if (slot.status !== 'succeeded') {
      throw new ConflictError(`creative '${id}' has no finished image to review (it is ${slot.status}).`, {
        path: `reviews.${i}.creative_id`,
        status: slot.status,
      });
    }
  });
  return mapLimited(requests, 10, async (r) => {
    const slot = slots[requests.indexOf(r)] as Slot;
    if (isSameDecision(slot, r)) return slot;
    const after = await reviewCreative(
      deps,
      slot,
      { state: r.state, note: r.note },
      reviewer,
      eventOutbox<Slot>(deps, slot.account_id, (s) => ({
        type: 'creative.reviewed',
        data: { job_id: s.job_id, index: s.index } satisfies CreativeRef,
      })),
    );
    // Deleted between the check and the write: nothing was recorded for it.
    if (!after) throw new NotFoundError('creative', r.creativeId);
    return after;
  });
}

/** How a principal is named as a reviewer. */
export function reviewerOf(
  principal: { via: 'api_key'; keyId: string } | { via: 'user_token'; sub: string },
) {
  return principal.via === 'api_key' ? `api_key:${principal.keyId}` : `user:${principal.sub}`;
}
