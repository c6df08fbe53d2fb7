/** Result schemas of jobs and creatives (what get_job, list_creatives and the review actions answer), kept beside results.ts. */
import * as z from 'zod';
import { REVIEW_STATES } from '#core/entities/slot.ts';
import { JOB_STATUSES } from '#core/job-status.ts';
import { timestamp, uuid } from './result-fields.ts';

export const jobRecord = z.object({
  job_id: uuid,
  campaign_id: uuid,
  status: z.enum(JOB_STATUSES),
  jobs: z.number().int().describe('Images ordered.'),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int().describe('Images cancelled before they started; their credits went back.'),
  pending: z.number().int(),
  failure_reasons: z.record(z.string(), z.number().int()).describe('Failed images counted by reason code.'),
  regenerated_from: uuid.nullable().describe('For a regenerate_creative job: the creative it redoes.'),
  created_at: timestamp,
  updated_at: timestamp,
});

export const creativeQuality = z
  .object({
    layout: z.enum(['side-by-side', 'calm-overlay', 'offer-led', 'typographic', 'brand-block']),
    min_contrast: z
      .number()
      .describe('Lowest WCAG contrast of any text against the rendered pixels behind it (gate: ≥ 4.5).'),
    min_text_px: z.number().describe('Smallest rendered type size in px.'),
    text_area_pct: z.number().describe('Share of the canvas covered by text boxes, in percent.'),
    safe_zone_ok: z.boolean().describe("Every text inside the ratio's safe zone."),
    banned_words: z.number().int().describe('Banned words on the image (gate: 0).'),
    product_visible: z.boolean().nullable().describe('Null when the campaign has no product.'),
    logo_visible: z
      .boolean()
      .nullable()
      .describe(
        "The logo's measured contrast against the pixels under it reaches 3:1; null when the brand kit has no logo (a wordmark is drawn).",
      ),
    logo_contrast: z
      .number()
      .nullable()
      .optional()
      .describe(
        "WCAG contrast of the logo's ink against the pixels (or the plate) under it; below 3:1 the logo is shown as a single-colour version or on a plate.",
      ),
    text_region: z
      .object({ name: z.string(), busy: z.number() })
      .optional()
      .describe('Where the text went on the visual and how busy it was.'),
    boxes: z
      .array(
        z.object({
          role: z.enum(['headline', 'body', 'offer', 'cta', 'wordmark']),
          x: z.number().int(),
          y: z.number().int(),
          width: z.number().int(),
          height: z.number().int(),
        }),
      )
      .describe('Every text box as laid out, in canvas pixels.'),
    relayouts: z.number().int().describe('Layouts tried after the first failed a gate.'),
    warnings: z.array(z.string()).optional(),
  })
  .describe('What the creative measured after composing, before it was delivered.');

export const creativeRecord = z.object({
  id: uuid,
  campaign_id: uuid,
  job_id: uuid,
  angle_id: uuid.nullable(),
  aspect_ratio: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  status: z
    .enum(['pending', 'running', 'succeeded', 'failed', 'cancelled'])
    .describe('`cancelled`: cancelled before it started (listed only with `status: all`).'),
  image_url: z.string().nullable().describe('Presigned S3 GET URL once `status` is `succeeded`.'),
  image_url_expires_at: timestamp.nullable(),
  failure_reason: z.string().optional(),
  upscale: z
    .number()
    .optional()
    .describe(
      "How much the model visual (at most 1.5) or the campaign's photo (ADR 0059) was enlarged to reach the delivery size.",
    ),
  quality: creativeQuality.optional(),
  regenerated_from: uuid.optional().describe('The creative this one redoes (regenerate_creative).'),
  review: z
    .object({
      state: z.enum(REVIEW_STATES),
      note: z.string().nullable(),
      reviewed_by: z
        .string()
        .nullable()
        .describe('Who decided: `api_key:<key id>`, `user:<sub>` or `review_link:<link id>`.'),
      reviewed_at: timestamp.nullable(),
    })
    .describe("The client's decision (review_creatives or a review link)."),
  provenance: z
    .object({
      ai_generated: z.boolean().describe('A trained image model made part of the picture.'),
      digital_source_type: z
        .string()
        .describe('The IPTC DigitalSourceType IRI written into the PNG’s XMP (ADR 0041).'),
      c2pa: z
        .enum(['embedded', 'none'])
        .describe(
          'Whether a signed C2PA manifest is embedded (the local stack and a deployed stage sign every creative; `none` where the stage has no signer).',
        ),
    })
    .optional()
    .describe('The provenance marks in the PNG, once it has an image.'),
  created_at: timestamp,
  updated_at: timestamp,
});
