import { randomUUID } from 'node:crypto';
import {
  AdminConfirmSignUpCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { inject } from 'vitest';
import { preloadedUserTokenVerifier, type UserTokenVerifier } from '#core/auth/user-token.ts';
import { ensureUserPool } from '#local/provision.ts';

export type TestPool = {
  userPoolId: string;
  clientId: string;
  issuer: string;
  verifier: UserTokenVerifier;
  /** SignUp + AdminConfirmSignUp + InitiateAuth(USER_PASSWORD_AUTH): a real access token. */
  signUpAndLogIn(): Promise<{ username: string; accessToken: string; sub: string }>;
  client: CognitoIdentityProviderClient;
};

/** A fresh user pool on cognito-local, and a verifier loaded with its JWKS as the local stack does. */
export async function createTestPool(): Promise<TestPool> {
  const stack = inject('localStack');
  const client = new CognitoIdentityProviderClient({
    region: stack.region,
    endpoint: stack.endpoints.cognito,
  });
  const suffix = randomUUID().slice(0, 8);
  const pool = await ensureUserPool(client, {
    poolName: `adgen-test-${suffix}`,
    clientName: `adgen-test-client-${suffix}`,
  });
  const issuer = `${stack.cognitoIssuerBase}/${pool.userPoolId}`;
  const jwks = (await (await fetch(`${issuer}/.well-known/jwks.json`)).json()) as Jwks;
  const verifier = await preloadedUserTokenVerifier({ issuer, clientId: pool.clientId, jwks });
  return {
    ...pool,
    issuer,
    verifier,
    client,
    signUpAndLogIn: async () => {
      const username = `user-${randomUUID().slice(0, 8)}@agency.example`;
      const password = `Aa1!${randomUUID()}`;
      await client.send(
        new SignUpCommand({
          ClientId: pool.clientId,
          Username: username,
          Password: password,
          UserAttributes: [{ Name: 'email', Value: username }],
        }),
      );
      await client.send(new AdminConfirmSignUpCommand({ UserPoolId: pool.userPoolId, Username: username }));
      const auth = await client.send(
        new InitiateAuthCommand({
          ClientId: pool.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: username, PASSWORD: password },
        }),
      );
      const accessToken = auth.AuthenticationResult?.AccessToken;
      if (!accessToken) throw new Error('cognito-local returned no access token');
      const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8'));
      return { username, accessToken, sub: String(payload.sub) };
    },
  };
}
