import type { ReviewLink } from '#core/entities/review-link.ts';

/** A review link as the API shows it (the URL, which holds the token, only when created). */
export function reviewLinkView(link: ReviewLink) {
  return {
    id: link.id,
    campaign_id: link.campaign_id,
    note: link.note,
    expires_at: link.expires_at,
    revoked_at: link.revoked_at,
    created_at: link.created_at,
  };
}
