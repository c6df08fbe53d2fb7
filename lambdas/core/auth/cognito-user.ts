import {
  AdminGetUserCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';

/** Cognito `sub`s are UUIDs; in a pool that signs in by e-mail the username is the sub too. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function looksLikeSub(value: string): boolean {
  return UUID.test(value);
}

/**
 * The `sub` (our account id) of a user named by username, e-mail alias or sub. AdminGetUser
 * while the user exists; for a user already deleted only a sub can be answered (it is taken as
 * given). Undefined when the user cannot be found.
 */
export async function subOfUser(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  user: string,
): Promise<string | undefined> {
  try {
    const out = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: user }));
    return (
      out.UserAttributes?.find((a) => a.Name === 'sub')?.Value ?? (looksLikeSub(user) ? user : undefined)
    );
  } catch (error) {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
    return looksLikeSub(user) ? user : undefined;
  }
}
