import { Logger } from '@aws-lambda-powertools/logger';
import { createAwsClients } from '#core/aws.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
import { createDeadLetterHandler } from './worker.ts';

const config = loadConfig();
const logger = new Logger({ serviceName: 'adgen-dlq' });

export const handler = createDeadLetterHandler(createDeps(config, createAwsClients(config)), logger);
