import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { CreativeQuality } from '../creative/types.ts';
import { keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import { type PageRequest, queryCollection } from '../db/query.ts';
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
  quality?: CreativeQuality;
  created_at: string;
  updated_at: string;
};

export async function toCreative(deps: Deps, slot: Slot): Promise<Creative> {
  let imageUrl: string | null = null;
  let expiresAt: string | null = null;
  if (slot.status === 'succeeded') {
    const ttl = deps.config.presignTtlSeconds;
    imageUrl = await getSignedUrl(
      deps.s3,
      new GetObjectCommand({ Bucket: deps.config.bucketName, Key: slot.s3_key }),
      {
        expiresIn: ttl,
      },
    );
    expiresAt = new Date(deps.now().getTime() + ttl * 1000).toISOString();
  }
  return {
    id: slot.id,
    campaign_id: slot.campaign_id,
    job_id: slot.job_id,
    angle_id: slot.angle_id,
    aspect_ratio: slot.aspect_ratio,
    width: slot.width,
    height: slot.height,
    status: slot.status,
    image_url: imageUrl,
    image_url_expires_at: expiresAt,
    ...(slot.status === 'failed' ? { failure_reason: slot.failure_reason ?? 'unknown' } : {}),
    ...(slot.quality ? { quality: slot.quality } : {}),
    created_at: slot.created_at,
    updated_at: slot.updated_at,
  };
}

/** One page of a campaign's creatives in a state group (or all), newest first. */
export async function listCreativesOfCampaign(
  deps: Deps,
  accountId: string,
  campaignId: string,
  filter: CreativeFilter,
  page: PageRequest,
): Promise<Page<Creative>> {
  const collection =
    filter === 'all'
      ? keys.allCreativesOfCampaign(accountId, campaignId)
      : keys.creativesOfCampaign(accountId, campaignId, filter);
  const slots = await queryCollection(deps.ddb, deps.config.tableName, collection, page, slotFromItem);
  return {
    items: await Promise.all(slots.items.map((s) => toCreative(deps, s))),
    nextToken: slots.nextToken,
  };
}
