import type { CreativeQuality } from '../creative/types.ts';
import { keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import type { PageRequest } from '../db/query.ts';
import { queryPage } from '../db/table.ts';
import type { Deps } from '../deps.ts';
import { type Slot, slotFromItem } from './slot.ts';

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
  created_at: string;
  updated_at: string;
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
    created_at: slot.created_at,
    updated_at: slot.updated_at,
  };
}

/** One page of a campaign's slots (creatives without their URLs) in a state group (or all), newest first. */
export function listCreativesOfCampaign(
  deps: Deps,
  accountId: string,
  campaignId: string,
  filter: CreativeFilter,
  page: PageRequest,
): Promise<Page<Slot>> {
  const collection =
    filter === 'all'
      ? keys.allCreativesOfCampaign(accountId, campaignId)
      : keys.creativesOfCampaign(accountId, campaignId, filter);
  return queryPage(deps, collection, page, slotFromItem);
}
