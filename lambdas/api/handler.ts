import { cognitoUserTokenVerifier } from '#core/auth/user-token.ts';
import { createAwsClients } from '#core/aws.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
import { lambdaObservability } from '#core/powertools.ts';
import { createApiHandler } from './app.ts';

// Built once per container: configuration fails fast at cold start, clients are reused.
const config = loadConfig();
// Before any client is built, so that X-Ray captures them.
const { logger, telemetry, middlewares } = lambdaObservability('adgen-api', config);
const verifyUserToken =
  config.userPoolId && config.userPoolClientId
    ? cognitoUserTokenVerifier({ userPoolId: config.userPoolId, clientId: config.userPoolClientId })
    : undefined;

export const handler = createApiHandler(
  { ...createDeps(config, createAwsClients(config), { telemetry }), verifyUserToken },
  logger,
  { middlewares },
);
