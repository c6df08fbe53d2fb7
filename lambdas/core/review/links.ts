import type { Deps } from '../deps.ts';
import { getCampaign } from '../entities/campaign.ts';
import { getReviewLink, type ReviewLink } from '../entities/review-link.ts';
import { reviewLinkKey } from './secret.ts';
import { signReviewToken, verifyReviewToken } from './token.ts';

/** The longest a review link lives (ADR 0040). */
export const MAX_REVIEW_LINK_DAYS = 30;
export const DEFAULT_REVIEW_LINK_DAYS = 7;

/** The review page's path, under the API's own URL. */
export const REVIEW_PATH = '/review';

export async function reviewLinkUrl(deps: Deps, origin: string, link: ReviewLink): Promise<string> {
  const token = signReviewToken(await reviewLinkKey(deps.config), {
    accountId: link.account_id,
    linkId: link.id,
    expiresAt: Math.floor(Date.parse(link.expires_at) / 1000),
  });
  return `${origin}${REVIEW_PATH}?token=${token}`;
}

export type LinkCheck =
  | { ok: true; link: ReviewLink; campaign: NonNullable<Awaited<ReturnType<typeof getCampaign>>> }
  | { ok: false; why: 'invalid' | 'expired' | 'revoked' | 'gone' };

/**
 * What a token grants: exactly its campaign, for review only, while the link is neither expired
 * nor revoked. The signature is checked first, so an edited token reads nothing; the link record
 * is then read on every request, so a revocation holds from the next one.
 */
export async function checkReviewToken(deps: Deps, token: string | undefined): Promise<LinkCheck> {
  if (!token) return { ok: false, why: 'invalid' };
  const claims = verifyReviewToken(await reviewLinkKey(deps.config), token);
  if (!claims) return { ok: false, why: 'invalid' };
  if (claims.expiresAt * 1000 <= deps.now().getTime()) return { ok: false, why: 'expired' };
  const link = await getReviewLink(deps, claims.accountId, claims.linkId);
  if (!link) return { ok: false, why: 'gone' };
  if (link.revoked_at) return { ok: false, why: 'revoked' };
  if (Date.parse(link.expires_at) <= deps.now().getTime()) return { ok: false, why: 'expired' };
  const campaign = await getCampaign(deps, link.account_id, link.campaign_id);
  if (!campaign) return { ok: false, why: 'gone' };
  return { ok: true, link, campaign };
}
