import * as z from 'zod';
import { getBrief, getLatestBrief } from '#core/entities/brief.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

/**
 * A stored brief: a version by `brief_id`, or a client's latest by `client_id`. Given both, the
 * version must be one of that client's.
 */
export const getBriefAction = defineAction({
  name: 'get_brief',
  credential: 'api_key',
  input: z
    .strictObject({ brief_id: id('brief_id').optional(), client_id: id('client_id').optional() })
    .refine((v) => v.brief_id !== undefined || v.client_id !== undefined, {
      message: 'give brief_id, client_id or both',
      path: ['brief_id'],
    }),
  run: async (input, { principal, deps }) => {
    if (input.brief_id) {
      const brief = await getBrief(deps, principal.accountId, input.brief_id);
      if (!brief || (input.client_id && brief.client_id !== input.client_id)) {
        throw new NotFoundError('brief', input.brief_id);
      }
      return { brief };
    }
    const clientId = input.client_id ?? '';
    const brief = await getLatestBrief(deps, principal.accountId, clientId);
    if (!brief) throw new NotFoundError('brief of client', clientId);
    return { brief };
  },
});
