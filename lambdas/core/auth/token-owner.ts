import type { Deps } from '../deps.ts';
import { ensureAccount, ownerStanding } from '../entities/account.ts';
import { UnauthorizedError } from '../errors.ts';

/**
 * The account step of a verified user token: the user's first call creates their account
 * (exactly once, see ensureAccount); an offboarded owner is refused with the same 401 as a bad
 * token, although Cognito's signature on the token is still valid until it expires.
 */
export async function admitTokenUser(deps: Deps, sub: string): Promise<void> {
  const standing = await ownerStanding(deps, sub);
  if (standing === 'inactive') throw new UnauthorizedError('The user token is not valid.');
  if (standing === undefined) await ensureAccount(deps, sub);
}
