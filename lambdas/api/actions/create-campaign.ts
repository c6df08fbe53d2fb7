import * as z from 'zod';
import { formatAspectRatios, parseAspectRatios } from '#core/aspect-ratio.ts';
import { checkUpload } from '#core/assets/check-upload.ts';
import type { Deps } from '#core/deps.ts';
import { assetForUse } from '#core/entities/asset.ts';
import { createCampaign } from '#core/entities/campaign.ts';
import { ValidationError } from '#core/errors.ts';
import { refuseOwnStorageUrls } from '#core/net/own-storage.ts';
import { PLATFORM_TARGETS } from '#core/platforms.ts';
import { defineAction } from '../action.ts';
import { httpUrl, id, trimmed } from '../schemas.ts';

export const MAX_VOLUME = 500;
export const MAX_SELECTED_ANGLES = 20;
/** Photos one campaign may name: a rotation, not a library (ADR 0059). */
export const MAX_CAMPAIGN_PHOTOS = 20;

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
  product_asset_id: id('product_asset_id').nullish(),
  photo_asset_ids: z
    .array(id('each photo asset id'))
    .max(MAX_CAMPAIGN_PHOTOS)
    .refine(unique, 'must not repeat a photo')
    .default([]),
  // Accepted so callers following the spec are not refused; the brand kit is always used.
  use_brand_kit: z.unknown().optional(),
});

/** The product is an uploaded asset of the client or a URL, never both (create and update_campaign). */
export async function checkProduct(
  deps: Deps,
  accountId: string,
  clientId: string,
  product: { product_asset_id?: string | null | undefined; product_image_url?: string | null | undefined },
): Promise<void> {
  if (product.product_asset_id && product.product_image_url) {
    throw new ValidationError('Give the product as product_asset_id or product_image_url, not both.', [
      { path: 'product_image_url', message: 'must be left out when product_asset_id is given' },
    ]);
  }
  if (product.product_asset_id) {
    await assetForUse(
      deps,
      accountId,
      {
        assetId: product.product_asset_id,
        clientId,
        kind: 'product',
        field: 'product_asset_id',
      },
      checkUpload,
    );
  }
}

/** Each named photo is a `ready` photo asset of the campaign's client (create and update_campaign). */
export async function checkPhotos(
  deps: Deps,
  accountId: string,
  clientId: string,
  photoAssetIds: readonly string[],
): Promise<void> {
  for (const [i, assetId] of photoAssetIds.entries())
    await assetForUse(
      deps,
      accountId,
      { assetId, clientId, kind: 'photo', field: `photo_asset_ids.${i}` },
      checkUpload,
    );
}

export const createCampaignAction = defineAction({
  name: 'create_campaign',
  credential: 'api_key',
  input: createCampaignInput,
  run: async ({ use_brand_kit: _ignored, ...input }, { principal, deps }) => {
    refuseOwnStorageUrls(deps.config, {
      product_image_url: input.product_image_url,
      reference_image_url: input.reference_image_url,
    });
    await checkProduct(deps, principal.accountId, input.client_id, input);
    await checkPhotos(deps, principal.accountId, input.client_id, input.photo_asset_ids);
    return {
      campaign: await createCampaign(deps, principal.accountId, {
        ...input,
        reference_image_url: input.reference_image_url ?? null,
        product_image_url: input.product_image_url ?? null,
        product_asset_id: input.product_asset_id ?? null,
      }),
    };
  },
});
