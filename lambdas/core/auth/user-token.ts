import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import type { Jwks } from 'aws-jwt-verify/jwk';

/** Verifies a Cognito *access* token for our app client and answers the user's `sub`. */
export type UserTokenVerifier = (token: string) => Promise<{ sub: string }>;

/**
 * Production: the pool's issuer and HTTPS JWKS, token_use `access`, our app client id, expiry,
 * signature — all checked by aws-jwt-verify's Cognito verifier.
 */
export function cognitoUserTokenVerifier(options: {
  userPoolId: string;
  clientId: string;
}): UserTokenVerifier {
  const verifier = CognitoJwtVerifier.create({
    userPoolId: options.userPoolId,
    tokenUse: 'access',
    clientId: options.clientId,
  });
  return async (token) => {
    const payload = await verifier.verify(token);
    return { sub: payload.sub };
  };
}

/**
 * For an issuer that serves its JWKS over plain http (cognito-local): the same checks as in
 * production, with the key set fetched by us and handed to the verifier, because aws-jwt-verify
 * rightly refuses to download keys over http. Production verification is not weakened.
 */
export async function preloadedUserTokenVerifier(options: {
  issuer: string;
  clientId: string;
  jwks: Jwks;
}): Promise<UserTokenVerifier> {
  const verifier = JwtVerifier.create({
    issuer: options.issuer,
    audience: null,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('not an access token');
      if (payload.client_id !== options.clientId) throw new Error('token of another app client');
    },
  });
  verifier.cacheJwks(options.jwks);
  return async (token) => {
    const payload = await verifier.verify(token);
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Error('token without sub');
    return { sub: payload.sub };
  };
}
