import * as z from 'zod';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { keys } from '../db/keys.ts';
import { getItem, putIfAbsent, updateIf } from '../db/table.ts';
import { nullableString } from '../db/zod-fields.ts';

/** A link that lets a client review one campaign without an account (ADR 0040). */
export type ReviewLink = {
  id: string;
  account_id: string;
  campaign_id: string;
  note: string | null;
  expires_at: string;
  revoked_at: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
};

export const reviewLinkEntity = defineEntity({
  name: 'review_link',
  module: 'lambdas/core/entities/review-link.ts',
  schema: z.object({
    id: z.string(),
    account_id: z.string(),
    campaign_id: z.string(),
    note: nullableString,
    expires_at: z.string(),
    revoked_at: nullableString,
    created_by: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }) satisfies z.ZodType<ReviewLink>,
  keys: ['reviewLinkById'],
  patterns: [
    {
      does: 'create a review link',
      operation: 'PutItem `attribute_not_exists(pk)` (TTL a day after it expires)',
      consistency: '–',
      functions: ['createReviewLink'],
    },
    {
      does: 'read a review link (every page view and decision checks it)',
      operation: 'GetItem `pk = ACCOUNT#<a>, sk = REVIEWLINK#<id>`',
      consistency: 'strong',
      functions: ['getReviewLink'],
    },
    {
      does: 'revoke a review link',
      operation: 'UpdateItem `SET revoked_at` `attribute_exists(pk)`',
      consistency: '–',
      functions: ['revokeReviewLink'],
    },
  ],
});

export async function createReviewLink(
  deps: DbDeps,
  input: { accountId: string; campaignId: string; note: string | null; expiresAt: Date; createdBy: string },
): Promise<ReviewLink> {
  const now = deps.now().toISOString();
  const link: ReviewLink = {
    id: deps.newId(),
    account_id: input.accountId,
    campaign_id: input.campaignId,
    note: input.note,
    expires_at: input.expiresAt.toISOString(),
    revoked_at: null,
    created_by: input.createdBy,
    created_at: now,
    updated_at: now,
  };
  // Stored without `revoked_at`: revoking sets it with if_not_exists (a stored NULL would count as set).
  const { revoked_at: _unset, ...stored } = link;
  await putIfAbsent(deps, {
    ...keys.reviewLinkById(input.accountId, link.id),
    entity: 'review_link',
    ...stored,
    // The record outlives its link by a day, so a late visitor still reads "expired".
    ttl: Math.floor(input.expiresAt.getTime() / 1000) + 86_400,
  });
  return link;
}

export function getReviewLink(deps: DbDeps, accountId: string, linkId: string) {
  return getItem(deps, keys.reviewLinkById(accountId, linkId), reviewLinkEntity.fromItem);
}

/** Ends a link at once; answers false for an unknown id. Revoking twice keeps the first time. */
export function revokeReviewLink(deps: DbDeps, accountId: string, linkId: string): Promise<boolean> {
  const now = deps.now().toISOString();
  return updateIf(deps, {
    Key: keys.reviewLinkById(accountId, linkId),
    UpdateExpression: 'SET revoked_at = if_not_exists(revoked_at, :now), updated_at = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':now': now },
  });
}
