/**
 * zod schemas of what every action answers, and of the error envelope. They describe the API for
 * the OpenAPI document (`scripts/openapi.ts`) and the typed client (`client/index.ts`); the
 * router does not import them (its bundle stays small), and the contract test checks real
 * responses against them.
 */
import * as z from 'zod';
import { BRIEF_SOURCES, briefFieldsSchema, FACT_ROLES } from '#core/brief/schema.ts';
import { ASSET_CONTENT_TYPES, ASSET_KINDS, ASSET_STATUSES } from '#core/entities/asset.ts';
import { REVIEW_STATES } from '#core/entities/slot.ts';
import type { ErrorCode } from '#core/errors.ts';
import { FONT_FAMILIES } from '#core/fonts.ts';
import { JOB_STATUSES } from '#core/job-status.ts';
import { PLATFORM_TARGETS } from '#core/platforms.ts';
import { AWARENESS_LEVELS } from '#core/text/types.ts';
import type { ActionName } from './actions/index.ts';
import { nextToken, timestamp, uuid } from './result-fields.ts';
import { liveResultsOf } from './results-live.ts';
import { webhookResults } from './results-webhooks.ts';

export const clientRecord = z.object({
  id: uuid,
  name: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const copyVariant = z.object({
  angle_id: z.string().nullable(),
  platform: z.string().describe('A platform target, or `general` when the campaign targets none.'),
  headline: z.string(),
  primary_text: z.string(),
  description: z.string(),
  cta: z.string(),
  cta_type: z
    .string()
    .describe(
      "The network's button enum for the CTA (Meta SHOP_NOW, BOOK_NOW, SIGN_UP, GET_QUOTE, LEARN_MORE, …).",
    ),
  language: z.string().describe('ISO 639-1 code of the copy.'),
});

export const recommendations = z.object({
  aspect_ratios: z.array(z.string()),
  suggested_volume: z.number().int(),
  angles_by_platform: z.record(z.string(), z.array(z.string())),
});

export const preparedCampaign = z.object({
  campaign_id: uuid,
  copy: z.array(copyVariant),
  recommendations,
  warnings: z.array(z.string()),
});

export const campaignRecord = z.object({
  id: uuid,
  client_id: uuid,
  name: z.string(),
  cta_text: z.string(),
  offer_text: z.string(),
  aspect_ratio: z.string().describe('Normalised comma-separated `w:h` list, e.g. `1:1,9:16`.'),
  volume: z.number().int(),
  selected_angle_ids: z.array(uuid),
  platform_target: z.array(z.enum(PLATFORM_TARGETS)),
  landing_url: z.string(),
  reference_image_url: z.string().nullable(),
  product_image_url: z.string().nullable(),
  product_asset_id: uuid.nullable().describe('An uploaded product image (a `ready` product asset).'),
  photo_asset_ids: z
    .array(uuid)
    .describe(
      "The client's own photos (`ready` photo assets), shown as each creative's picture instead of a generated one; one photo per angle and repeat, the same in every ratio (ADR 0059).",
    ),
  use_brand_kit: z.literal(true),
  prepared: preparedCampaign.extend({ prepared_at: timestamp }).optional(),
  created_at: timestamp,
  updated_at: timestamp.describe(
    "ISO-8601 UTC timestamp of the last change to the campaign's fields (create_campaign, update_campaign); preparing its copy does not move it.",
  ),
});

export const angleRecord = z.object({
  id: uuid,
  client_id: uuid,
  name: z.string(),
  hook: z.string(),
  awareness_level: z.enum(AWARENESS_LEVELS),
  visual_style: z.string(),
  copy_direction: z.string(),
  language: z.string(),
  fact_ids: z
    .array(z.string())
    .describe(
      'The ids of the brief facts the angle uses (get_brief answers their text); empty for angles made before briefs.',
    ),
  brief_id: uuid
    .nullable()
    .describe('The brief version the angle was planned from; null for angles made before briefs.'),
  created_at: timestamp,
});

export const briefFactRecord = z.object({
  id: z.string().describe('`f1`, `f2`, …; kept across corrections.'),
  role: z.enum(FACT_ROLES),
  text: z.string().describe('One claim, in the brief’s words.'),
  span: z
    .array(z.number().int().min(0))
    .length(2)
    .nullable()
    .describe('`[start, end)` in the research summary (UTF-16 units); null for a fact a caller added.'),
  numbers: z
    .array(z.string())
    .describe('Every figure of the text as the brief writes it ("4.7/5", "AUD 249").'),
});

export const briefRecord = z.object({
  ...briefFieldsSchema.shape,
  facts: z.array(briefFactRecord),
  id: uuid,
  client_id: uuid,
  version: z.number().int().describe('1 for the first analysis; each correction stores the next.'),
  source: z.enum(BRIEF_SOURCES),
  research_summary: z.string(),
  created_at: timestamp,
});

const color = z.string().describe('#RRGGBB');
const font = z.enum(FONT_FAMILIES);
export const brandKitRecord = z.object({
  client_id: uuid,
  colors: z.object({ primary: color, secondary: color, accent: color, background: color, text: color }),
  fonts: z.object({ heading: font, body: font }),
  logo_url: z.string().nullable(),
  logo_asset_id: uuid.nullable().describe('An uploaded logo (a `ready` logo asset); used before `logo_url`.'),
  tone_of_voice: z.string(),
  tagline: z.string(),
  banned_words: z.array(z.string()),
  updated_at: timestamp,
});

export const assetRecord = z.object({
  id: uuid,
  client_id: uuid,
  kind: z.enum(ASSET_KINDS),
  content_type: z.enum(ASSET_CONTENT_TYPES),
  content_length: z.number().int().describe('Bytes, as declared (and signed) for the upload.'),
  status: z
    .enum(ASSET_STATUSES)
    .describe('`ready` once the upload decodes as a PNG, JPEG or WebP of at least 200 px a side.'),
  reason: z.string().nullable().describe('Why the asset was rejected; `null` otherwise.'),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});

export const assetUpload = z.object({
  url: z.string().describe('Presigned S3 URL: PUT the file here, with exactly the headers below.'),
  method: z.literal('PUT'),
  headers: z.record(z.string(), z.string()).describe('`content-type` and `content-length`, both signed.'),
  expires_at: timestamp,
});

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

export const creditsRecord = z.object({
  granted: z.number().int(),
  available: z.number().int(),
  reserved: z.number().int(),
  used: z.number().int(),
});

export const estimateRecord = z.object({
  jobs: z.number().int().describe('Images generate_creatives would order now (the same plan).'),
  credits: z.number().int().describe('Credits it would reserve: one per image.'),
  available: z.number().int().describe('Credits available now.'),
  affordable: z.boolean().describe('Whether available covers credits.'),
  model_calls: z
    .number()
    .int()
    .describe(
      'Image-model calls: one per shared visual (angle, variant, orientation family); 0 with the offline model.',
    ),
  model_cost_usd: z
    .number()
    .nullable()
    .describe(
      "model_calls × the operator-configured price per call (IMAGE_MODEL_USD_PER_CALL), else × the configured model's list price (Stable Image Core about 0.04, SD3.5 Large 0.08, Stable Image Ultra 0.14); null when neither is known.",
    ),
});

export const apiKeyView = z.object({
  id: z.string().describe('12 letters and digits.'),
  name: z.string(),
  prefix: z.string(),
  last4: z.string(),
  status: z.enum(['active', 'revoked', 'expired']),
  created_at: timestamp,
  expires_at: timestamp.nullable(),
  revoked_at: timestamp.nullable(),
  last_used_at: timestamp.nullable(),
});

export const createdApiKey = apiKeyView.extend({
  key: z.string().describe('The API key itself: shown in this response only.'),
});

export const deletionRecord = z.object({
  deleted: z.literal(true),
  creatives_deleted: z.number().int().describe('Creatives (images and their records) deleted.'),
  credits_released: z
    .number()
    .int()
    .describe('Credits of cancelled images returned to available (running jobs are cancelled first).'),
});

const list = <K extends string, T extends z.ZodType>(key: K, item: T) =>
  z.object({ [key]: z.array(item), next_token: nextToken } as { [P in K]: z.ZodArray<T> } & {
    next_token: typeof nextToken;
  });

/** What the job-control and lifecycle actions answer (issue 14: jobs, regenerate, lifecycle). */
const lifecycleResults = {
  list_jobs: list('jobs', jobRecord),
  cancel_job: z.object({
    job: jobRecord,
    credits_released: z
      .number()
      .int()
      .describe('Credits this call returned to available (0 for a final job).'),
  }),
  regenerate_creative: z.object({
    job_id: uuid,
    campaign_id: uuid,
    status: z.literal('pending'),
    jobs: z.literal(1).describe('One image (one credit reserved).'),
    regenerated_from: uuid,
  }),
  get_client: z.object({ client: clientRecord }),
  update_client: z.object({ client: clientRecord }),
  get_campaign: z.object({ campaign: campaignRecord }),
  update_campaign: z.object({ campaign: campaignRecord }),
  delete_campaign: deletionRecord,
  delete_client: deletionRecord,
} as const;

/** What each action answers with 200. */
export const results = {
  list_clients: list('clients', clientRecord),
  create_client: z.object({ client: clientRecord }),
  list_campaigns: list('campaigns', campaignRecord),
  create_campaign: z.object({ campaign: campaignRecord }),
  list_creatives: list('creatives', creativeRecord),
  list_angles: list('angles', angleRecord),
  get_angle: z.object({ angle: angleRecord }),
  generate_angles: z.object({
    brief: briefRecord.describe(
      'The brief the angles were planned from (stored; read it again with get_brief).',
    ),
    angles: z.array(angleRecord).describe('Exactly ten.'),
    warnings: z.array(z.string()).describe('What the service replaced in the text model answer, and why.'),
  }),
  get_brief: z.object({ brief: briefRecord }),
  update_brief: z.object({ brief: briefRecord }),
  get_brand_kit: z.object({ brand_kit: brandKitRecord }),
  update_brand_kit: z.object({ brand_kit: brandKitRecord }),
  prepare_campaign: preparedCampaign,
  generate_creatives: z.object({
    job_id: uuid,
    campaign_id: uuid,
    status: z.literal('pending'),
    jobs: z.number().int().describe('Images ordered (credits reserved).'),
  }),
  estimate_creatives: z.object({ estimate: estimateRecord }),
  get_job: z.object({ job: jobRecord }),
  get_credits: z.object({ credits: creditsRecord }),
  list_api_keys: list('api_keys', apiKeyView),
  create_api_key: z.object({ api_key: createdApiKey }),
  revoke_api_key: z.object({ api_key: apiKeyView }),
  create_asset_upload: z.object({ asset: assetRecord, upload: assetUpload }),
  get_asset: z.object({ asset: assetRecord }),
  list_assets: list('assets', assetRecord),
  ...lifecycleResults,
  ...webhookResults,
  ...liveResultsOf(creativeRecord),
} as const satisfies Record<ActionName, z.ZodType>;

export type Results = { [A in ActionName]: z.output<(typeof results)[A]> };

export const ERROR_CODES = [
  'invalid_json',
  'validation_error',
  'unknown_action',
  'unauthorized',
  'forbidden',
  'not_found',
  'insufficient_credits',
  'conflict',
  'idempotency_key_reused',
  'idempotency_in_progress',
  'method_not_allowed',
  'payload_too_large',
  'rate_limited',
  'upstream_error',
  'unsupported_language',
  'internal_error',
] as const satisfies readonly ErrorCode[];
// Every code of lambdas/core/errors.ts is listed (the `satisfies` above checks the converse).
const _everyCode: readonly (typeof ERROR_CODES)[number][] = [] as ErrorCode[];

export const errorEnvelope = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z
      .unknown()
      .optional()
      .describe(
        '`{issues: [{path, message}]}` for validation_error, `{known_actions}` for unknown_action, `{required, available}` for insufficient_credits.',
      ),
  }),
});

export type ErrorEnvelope = z.output<typeof errorEnvelope>;

/** Named records, so the document refers to them rather than repeating them. */
export const records = {
  Client: clientRecord,
  Campaign: campaignRecord,
  Angle: angleRecord,
  Brief: briefRecord,
  BriefFact: briefFactRecord,
  BrandKit: brandKitRecord,
  Asset: assetRecord,
  AssetUpload: assetUpload,
  Creative: creativeRecord,
  Job: jobRecord,
  Credits: creditsRecord,
  Estimate: estimateRecord,
  Deletion: deletionRecord,
  ApiKey: apiKeyView,
  CreatedApiKey: createdApiKey,
  CopyVariant: copyVariant,
  ErrorEnvelope: errorEnvelope,
} as const;
