import * as z from 'zod';
import { formatAspectRatios, parseAspectRatios } from '#core/aspect-ratio.ts';
import { createCampaign } from '#core/entities/campaign.ts';
import { PLATFORM_TARGETS } from '#core/platforms.ts';
import { defineAction } from '../action.ts';
import { httpUrl, id, trimmed } from '../schemas.ts';

export const MAX_VOLUME = 500;
export const MAX_SELECTED_ANGLES = 20;

const unique = <T>(items: readonly T[]) => new Set(items).size === items.length;

const aspectRatio = z
  .string()
  .max(200)
  .transform((value, ctx) => {
    const parsed = parseAspectRatios(value);
    if (!parsed.ok) {
      for (const problem of parsed.problems) ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return formatAspectRatios(parsed.ratios);
  });

/** The spec's create_campaign fields with their defaults (section 2 and rules 1–2). */
export const createCampaignInput = z.strictObject({
  client_id: id('client_id'),
  name: trimmed(1, 200).default('Untitled Campaign'),
  cta_text: trimmed(0, 40).default(''),
  offer_text: trimmed(0, 200).default(''),
  aspect_ratio: aspectRatio.default('1:1'),
  volume: z.number().int('must be an integer').min(1).max(MAX_VOLUME).default(1),
  selected_angle_ids: z
    .array(id('each selected angle id'))
    .max(MAX_SELECTED_ANGLES)
    .refine(unique, 'must not repeat an angle')
    .default([]),
  platform_target: z
    .array(z.enum(PLATFORM_TARGETS, { error: `must be one of ${PLATFORM_TARGETS.join(', ')}` }))
    .max(PLATFORM_TARGETS.length)
    .refine(unique, 'must not repeat a platform')
    .default([]),
  landing_url: z.union([z.literal(''), httpUrl]).default(''),
  reference_image_url: httpUrl.nullish(),
  product_image_url: httpUrl.nullish(),
  // Accepted so callers following the spec are not refused; the brand kit is always used.
  use_brand_kit: z.unknown().optional(),
});

export const createCampaignAction = defineAction({
  name: 'create_campaign',
  credential: 'api_key',
  input: createCampaignInput,
  run: async ({ use_brand_kit: _ignored, ...input }, { principal, deps }) => ({
    campaign: await createCampaign(deps, principal.accountId, {
      ...input,
      reference_image_url: input.reference_image_url ?? null,
      product_image_url: input.product_image_url ?? null,
    }),
  }),
});
