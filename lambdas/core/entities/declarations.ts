import { accountEntity } from './account.ts';
import { angleEntity } from './angle.ts';
import { apiKeyEntity } from './api-key.ts';
import { assetEntity } from './asset.ts';
import { brandKitEntity } from './brand-kit.ts';
import { briefEntity } from './brief.ts';
import { campaignEntity } from './campaign.ts';
import { clientEntity } from './client.ts';
import { exportEntity } from './export.ts';
import { idempotencyRecordEntity } from './idempotency-record.ts';
import { jobEntity } from './job.ts';
import { rateWindowEntity } from './rate-window.ts';
import { reviewLinkEntity } from './review-link.ts';
import { sharedVisualEntity } from './shared-visual.ts';
import { slotEntity } from './slot.ts';
import { webhookDeliveryEntity } from './webhook-delivery.ts';
import { webhookEndpointEntity } from './webhook-endpoint.ts';
import { webhookEventEntity } from './webhook-event.ts';

/**
 * Every entity of the table, in the order docs/data-model.md lists their access patterns.
 * Only the docs script imports this list: a Lambda imports the entities it uses, no more.
 */
export const entities = [
  apiKeyEntity,
  accountEntity,
  clientEntity,
  campaignEntity,
  brandKitEntity,
  briefEntity,
  angleEntity,
  jobEntity,
  slotEntity,
  assetEntity,
  sharedVisualEntity,
  rateWindowEntity,
  idempotencyRecordEntity,
  webhookEndpointEntity,
  webhookEventEntity,
  webhookDeliveryEntity,
  exportEntity,
  reviewLinkEntity,
] as const;
