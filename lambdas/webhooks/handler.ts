import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { createAwsClients } from '#core/aws.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
import { lambdaObservability } from '#core/powertools.ts';
import { createDeliveryDeps, createDeliveryHandler } from './worker.ts';

const config = loadConfig();
const { logger, telemetry, middlewares } = lambdaObservability('adgen-webhooks', config);

export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(middlewares)
  .handler(
    createDeliveryHandler(
      createDeliveryDeps(createDeps(config, createAwsClients(config), { telemetry })),
      logger,
    ),
  );
