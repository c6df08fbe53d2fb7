/** Result schemas of the review, review-link and export actions (ADR 0040–0042), beside results.ts. */
import * as z from 'zod';
import { EXPORT_INCLUDES, EXPORT_STATUSES } from '#core/entities/export.ts';
import { timestamp, uuid } from './result-fields.ts';

/** Built from results.ts's creative record (passed in: importing it here would be a cycle). */
export const exportRecord = z.object({
  id: uuid,
  campaign_id: uuid,
  include: z
    .enum(EXPORT_INCLUDES)
    .describe('`approved` creatives only (the default), or `all` finished ones.'),
  status: z.enum(EXPORT_STATUSES),
  download_url: z
    .string()
    .nullable()
    .describe('Presigned S3 GET URL of the ZIP once `status` is `succeeded`.'),
  download_url_expires_at: timestamp.nullable(),
  bytes: z.number().int().nullable(),
  creatives: z.number().int().nullable().describe('PNGs in the ZIP.'),
  meta_rows: z
    .number()
    .int()
    .nullable()
    .describe('Rows of meta_ads_bulk.csv (one per creative and Meta placement).'),
  google_rows: z
    .number()
    .int()
    .nullable()
    .describe('Rows of google_ads_editor.csv (one per display creative).'),
  failure_reason: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  completed_at: timestamp.nullable(),
});

export const reviewLinkRecord = z.object({
  id: uuid,
  campaign_id: uuid,
  note: z.string().nullable(),
  expires_at: timestamp,
  revoked_at: timestamp.nullable(),
  created_at: timestamp,
});

export const liveResultsOf = <C extends z.ZodType>(creativeRecord: C) =>
  ({
    review_creatives: z.object({
      creatives: z.array(creativeRecord).describe('The creatives as they now are, in the order asked.'),
    }),
    create_review_link: z.object({
      review_link: reviewLinkRecord.extend({
        url: z.string().describe('The review page with its signed token: shown in this answer only.'),
      }),
    }),
    revoke_review_link: z.object({ review_link: reviewLinkRecord }),
    export_campaign: z.object({ export: exportRecord }),
    get_export: z.object({ export: exportRecord }),
  }) as const;
