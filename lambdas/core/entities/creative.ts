import type { CreativeQuality } from '../creative/quality.schema.ts';
import type { DbDeps } from '../db/deps.ts';
import { keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import { type PageRequest, type QueryFilter, queryAll } from '../db/query.ts';
import { queryPage } from '../db/table.ts';
import type { Provenance } from '../provenance/provenance.schema.ts';
import { type ReviewState, type Slot, slotFromItem } from './slot.ts';

export type CreativeFilter = 'succeeded' | 'pending' | 'failed' | 'all';

/** A creative as callers see it: a slot with a presigned image URL once it has an image. */
export type Creative = {
  id: string;
  campaign_id: string;
  job_id: string;
  angle_id: string | null;
  aspect_ratio: string;
  width: number | null;
  height: number | null;
  status: Slot['status'];
  image_url: string | null;
  image_url_expires_at: string | null;
  failure_reason?: string;
  /** How much the shared model visual was enlarged (only for creatives cut from one). */
  upscale?: number;
  quality?: CreativeQuality;
  regenerated_from?: string;
  review: CreativeReview;
  /** The marks in the PNG (ADR 0041), once it has an image. */
  provenance?: Provenance;
  created_at: string;
  updated_at: string;
};

/** The client's decision on a creative (ADR 0040). */
export type CreativeReview = {
  state: ReviewState;
  note: string | null;
  reviewed_by: string | null;
  reviewed_at: string | null;
};

/** Where a creative's image is, if it has one; the caller decides how to hand it out. */
export type ImageLink = { url: string; expiresAt: string };

/**
 * The creative of a slot. The entity knows only the object key; the URL (presigned by the
 * list action) comes in through `link`, called only for slots that have an image.
 */
export function toCreative(slot: Slot, link: (s3Key: string) => ImageLink): Creative {
  const image = slot.status === 'succeeded' ? link(slot.s3_key) : undefined;
  return {
    id: slot.id,
    campaign_id: slot.campaign_id,
    job_id: slot.job_id,
    angle_id: slot.angle_id,
    aspect_ratio: slot.aspect_ratio,
    width: slot.width,
    height: slot.height,
    status: slot.status,
    image_url: image?.url ?? null,
    image_url_expires_at: image?.expiresAt ?? null,
    ...(slot.status === 'failed' ? { failure_reason: slot.failure_reason ?? 'unknown' } : {}),
    ...(slot.upscale === null ? {} : { upscale: slot.upscale }),
    ...(slot.quality ? { quality: slot.quality } : {}),
    ...(slot.regenerated_from ? { regenerated_from: slot.regenerated_from } : {}),
    review: {
      state: slot.review_state,
      note: slot.review_note,
      reviewed_by: slot.reviewed_by,
      reviewed_at: slot.reviewed_at,
    },
    ...(slot.provenance ? { provenance: slot.provenance } : {}),
    created_at: slot.created_at,
    updated_at: slot.updated_at,
  };
}

/**
 * Keeps the creatives in one review state. A filter over the state group rather than an index of
 * its own: a campaign has hundreds of creatives, not millions, and a decision then moves no keys.
 * A page may so hold fewer than `limit` creatives and still have a next token (ADR 0040).
 */
function reviewFilter(review: ReviewState): QueryFilter {
  return review === 'unreviewed'
    ? {
        expression: 'attribute_not_exists(review_state) OR review_state = :review',
        values: { ':review': review },
      }
    : { expression: 'review_state = :review', values: { ':review': review } };
}

/**
 * One page of a campaign's slots (creatives without their URLs) in a state group (or all),
 * newest first, optionally only those in one review state.
 */
export function listCreativesOfCampaign(
  deps: DbDeps,
  accountId: string,
  campaignId: string,
  filter: CreativeFilter,
  page: PageRequest,
  review?: ReviewState,
): Promise<Page<Slot>> {
  const collection =
    filter === 'all'
      ? keys.allCreativesOfCampaign(accountId, campaignId)
      : keys.creativesOfCampaign(accountId, campaignId, filter);
  return queryPage(deps, collection, page, slotFromItem, review ? reviewFilter(review) : undefined);
}

/** Every finished creative of a campaign, optionally only those in one review state (an export's walk). */
export function finishedCreativesOfCampaign(
  deps: DbDeps,
  accountId: string,
  campaignId: string,
  review?: ReviewState,
): Promise<Slot[]> {
  return queryAll(
    deps.ddb,
    deps.config.tableName,
    keys.creativesOfCampaign(accountId, campaignId, 'succeeded'),
    slotFromItem,
    review ? reviewFilter(review) : undefined,
  );
}
