import * as z from 'zod';
import { checkUpload } from '#core/assets/check-upload.ts';
import { getAsset } from '#core/entities/asset.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

export const getAssetAction = defineAction({
  name: 'get_asset',
  credential: 'api_key',
  input: z.strictObject({ asset_id: id('asset_id') }),
  run: async (input, { principal, deps }) => {
    const asset = await getAsset(deps, principal.accountId, input.asset_id, checkUpload);
    if (!asset) throw new NotFoundError('asset', input.asset_id);
    return { asset };
  },
});
