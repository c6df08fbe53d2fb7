import { Logger } from '@aws-lambda-powertools/logger';
import { createAwsClients } from '#core/aws.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
import { createApiHandler } from './app.ts';

// Built once per container: configuration fails fast at cold start, clients are reused.
const config = loadConfig();
const logger = new Logger({ serviceName: 'adgen-api' });

export const handler = createApiHandler(createDeps(config, createAwsClients(config)), logger);
