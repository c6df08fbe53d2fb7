import * as z from 'zod';
import { checkUpload } from '#core/assets/check-upload.ts';
import { assetForUse } from '#core/entities/asset.ts';
import { updateBrandKit } from '#core/entities/brand-kit.ts';
import { NotFoundError } from '#core/errors.ts';
import { FONT_FAMILIES } from '#core/fonts.ts';
import { refuseOwnStorageUrls } from '#core/net/own-storage.ts';
import { defineAction } from '../action.ts';
import { httpsUrl, id, trimmed } from '../schemas.ts';

const hex = z
  .string()
  .regex(/^#[0-9A-Fa-f]{6}$/, 'must be a #RRGGBB colour')
  .transform((v) => v.toUpperCase());
const font = z.enum(FONT_FAMILIES, { error: `must be one of ${FONT_FAMILIES.join(', ')}` });

export const updateBrandKitInput = z
  .strictObject({
    client_id: id('client_id'),
    colors: z
      .strictObject({
        primary: hex.optional(),
        secondary: hex.optional(),
        accent: hex.optional(),
        background: hex.optional(),
        text: hex.optional(),
      })
      .optional(),
    fonts: z.strictObject({ heading: font.optional(), body: font.optional() }).optional(),
    logo_url: httpsUrl.nullable().optional(),
    logo_asset_id: id('logo_asset_id').nullable().optional(),
    tone_of_voice: trimmed(0, 300).optional(),
    tagline: trimmed(0, 120).optional(),
    banned_words: z
      .array(trimmed(1, 40))
      .max(100)
      .transform((words) => [...new Set(words.map((w) => w.toLowerCase()))])
      .optional(),
  })
  .refine(({ client_id: _c, ...changes }) => Object.values(changes).some((v) => v !== undefined), {
    message: 'name at least one field to change',
  });

/**
 * A partial update: fields left out keep their value; `logo_url: null` (or `logo_asset_id:
 * null`) removes that logo. An uploaded logo must be a `ready` logo asset of the same client.
 */
export const updateBrandKitAction = defineAction({
  name: 'update_brand_kit',
  credential: 'api_key',
  input: updateBrandKitInput,
  run: async ({ client_id, ...patch }, { principal, deps }) => {
    refuseOwnStorageUrls(deps.config, { logo_url: patch.logo_url });
    if (patch.logo_asset_id) {
      await assetForUse(
        deps,
        principal.accountId,
        {
          assetId: patch.logo_asset_id,
          clientId: client_id,
          kind: 'logo',
          field: 'logo_asset_id',
        },
        checkUpload,
      );
    }
    const kit = await updateBrandKit(deps, principal.accountId, client_id, patch);
    if (!kit) throw new NotFoundError('client', client_id);
    return { brand_kit: kit };
  },
});
