import * as z from 'zod';
import { getBrandKit } from '#core/entities/brand-kit.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

export const getBrandKitAction = defineAction({
  name: 'get_brand_kit',
  credential: 'api_key',
  input: z.strictObject({ client_id: id('client_id') }),
  run: async (input, { principal, deps }) => {
    const kit = await getBrandKit(deps, principal.accountId, input.client_id);
    if (!kit) throw new NotFoundError('client', input.client_id);
    return { brand_kit: kit };
  },
});
