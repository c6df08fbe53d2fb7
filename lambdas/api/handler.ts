import type { UserTokenVerifier } from '#core/auth/user-token.ts';
import { createRouterClients } from '#core/aws-deferred.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
import { lambdaLogging } from '#core/observability.ts';
import { createApiHandler } from './app.ts';

// Built once per container: configuration fails fast at cold start, clients are reused. What
// only some actions need (S3, SQS, the Cognito verifier, the text engine, each action's own
// module) is imported on first use, so the cold start loads the router and DynamoDB (ADR 0011).
const config = loadConfig();
const { logger, telemetry, middlewares } = lambdaLogging('adgen-api', config);

/** The Cognito verifier (aws-jwt-verify), built by the first request with a user token. */
function deferredUserTokenVerifier(options: { userPoolId: string; clientId: string }): UserTokenVerifier {
  let verifier: Promise<UserTokenVerifier> | undefined;
  return async (token) => {
    verifier ??= import('#core/auth/user-token.ts').then((m) => m.cognitoUserTokenVerifier(options));
    verifier.catch(() => {
      verifier = undefined;
    });
    return (await verifier)(token);
  };
}

const verifyUserToken =
  config.userPoolId && config.userPoolClientId
    ? deferredUserTokenVerifier({ userPoolId: config.userPoolId, clientId: config.userPoolClientId })
    : undefined;

export const handler = createApiHandler(
  { ...createDeps(config, createRouterClients(config), { telemetry }), verifyUserToken },
  logger,
  { middlewares },
);
