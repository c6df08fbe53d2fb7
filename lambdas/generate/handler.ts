import middy from '@middy/core';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { createAwsClients } from '#core/aws.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
import { lambdaObservability } from '#core/powertools.ts';
import { deployedManifestWriter } from '#core/provenance/signer-secret.ts';
import { createImageModel, createWorkerDeps, guardModelLifecycle } from './deps.ts';
import { createWorkerHandler } from './worker.ts';

// Once per container: configuration, observability (before any client, so X-Ray captures
// them), clients, and the model's lifecycle check (its ModelNotActive metric published at once).
const config = loadConfig();
const { logger, telemetry, middlewares } = lambdaObservability('adgen-worker', config);
const imageModel = await guardModelLifecycle(config, createImageModel(config), logger, telemetry);
await telemetry.flush();

export const handler = middy<SQSEvent, SQSBatchResponse>()
  .use(middlewares)
  .handler(
    createWorkerHandler(
      {
        ...createWorkerDeps(createDeps(config, createAwsClients(config), { telemetry }), imageModel),
        // Every creative carries a C2PA manifest signed by the stack's chain (ADR 0047).
        manifestWriter: deployedManifestWriter(config),
      },
      logger,
    ),
  );
