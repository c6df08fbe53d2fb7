import * as z from 'zod';
import {
  ASSET_CONTENT_TYPES,
  ASSET_KINDS,
  type AssetUpload,
  assetObjectKey,
  createAsset,
  MAX_ASSET_BYTES,
  UPLOAD_TTL_SECONDS,
} from '#core/entities/asset.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

export const createAssetUploadInput = z.strictObject({
  client_id: id('client_id'),
  kind: z.enum(ASSET_KINDS, { error: `must be one of ${ASSET_KINDS.join(', ')}` }),
  content_type: z.enum(ASSET_CONTENT_TYPES, { error: `must be one of ${ASSET_CONTENT_TYPES.join(', ')}` }),
  content_length: z
    .number()
    .int('must be an integer')
    .min(1, 'must be at least 1 byte')
    .max(MAX_ASSET_BYTES, `must be at most ${MAX_ASSET_BYTES} bytes (10 MB)`),
});

/**
 * Records a pending asset and answers a presigned PUT for its bytes. The upload is checked on
 * the first `get_asset` (or first use) after it arrives.
 */
export const createAssetUploadAction = defineAction({
  name: 'create_asset_upload',
  credential: 'api_key',
  input: createAssetUploadInput,
  run: async (input, { principal, deps }) => {
    const asset = await createAsset(deps, principal.accountId, input);
    // The signer is loaded by the actions that presign, not at cold start (ADR 0022).
    const { presignerFor } = await import('#core/s3/presign.ts');
    const presigner = await presignerFor(deps.s3, deps.config.endpoints.s3);
    const headers = { contentType: asset.content_type, contentLength: asset.content_length };
    const signed = await presigner.putUrl(
      deps.config.bucketName,
      assetObjectKey(principal.accountId, asset),
      headers,
      UPLOAD_TTL_SECONDS,
      deps.now(),
    );
    const upload: AssetUpload = {
      url: signed.url,
      method: 'PUT',
      headers: { 'content-type': asset.content_type, 'content-length': String(asset.content_length) },
      expires_at: signed.expiresAt.toISOString(),
    };
    return { asset, upload };
  },
});
