import * as z from 'zod';
import { creditsView } from '#core/credits.ts';
import { getAccount } from '#core/entities/account.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';

export const getCreditsAction = defineAction({
  name: 'get_credits',
  credential: 'api_key',
  input: z.strictObject({}),
  run: async (_input, { principal, deps }) => {
    const account = await getAccount(deps, principal.accountId);
    if (!account) throw new NotFoundError('account', principal.accountId);
    return { credits: creditsView(account.credits) };
  },
});
