import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import middy from '@middy/core';
import { createAwsClients } from '#core/aws.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
import { lambdaObservability } from '#core/powertools.ts';
import type { CloudTrailDetail } from './cloudtrail.ts';
import { createOffboardingHandler, type OffboardingOutcome } from './offboard-event.ts';

/**
 * Invoked by the EventBridge rule on Cognito's CloudTrail events (lib/constructs/offboarding.ts):
 * a disabled or deleted user's account owner goes inactive and its API keys are revoked.
 */
const config = loadConfig();
const { logger, telemetry, middlewares } = lambdaObservability('adgen-offboarding', config);
const deps = createDeps(config, createAwsClients(config), { telemetry });
const cognito = new CognitoIdentityProviderClient({ region: config.region });

export const handler = middy<{ detail?: CloudTrailDetail }, OffboardingOutcome>()
  .use(middlewares)
  .handler(createOffboardingHandler(deps, cognito, logger));
