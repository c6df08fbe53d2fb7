import { Logger } from '@aws-lambda-powertools/logger';
import { createAwsClients } from '#core/aws.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
import { createImageModel, createWorkerDeps, guardModelLifecycle } from './deps.ts';
import { createWorkerHandler } from './worker.ts';

// Once per container: configuration, clients, and the model's lifecycle check.
const config = loadConfig();
const logger = new Logger({ serviceName: 'adgen-worker' });
const imageModel = await guardModelLifecycle(config, createImageModel(config), logger);

export const handler = createWorkerHandler(
  createWorkerDeps(createDeps(config, createAwsClients(config)), imageModel),
  logger,
);
