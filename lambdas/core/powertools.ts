/**
 * Powertools for AWS Lambda, for the Lambda entry points that trace (`lambdas/generate/handler.ts`,
 * `lambdas/generate/dlq-handler.ts`, the reconciler; the router logs without tracing, see
 * `observability.ts`): the JSON logger at the
 * configured level, the X-Ray tracer with every SDK client captured, and the metrics as
 * CloudWatch embedded metric format (EMF) lines. The local stack and the tests never import
 * this module, so they never load the X-Ray SDK.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import type { MiddlewareObj } from '@middy/core';
import type { Config } from './config.ts';
import { emfTelemetry } from './emf-telemetry.ts';
import type { Telemetry } from './telemetry.ts';
import { captureClientsWith } from './tracing.ts';

export type LambdaObservability = {
  logger: Logger;
  tracer: Tracer;
  telemetry: Telemetry;
  /** Adds the Lambda context to every log line and opens the handler's X-Ray segment. */
  middlewares: MiddlewareObj[];
};

/**
 * Call once per container, before building any SDK client: clients created afterwards (see
 * `tracing.ts`) are captured by X-Ray. Tracing is on only inside Lambda (the Tracer checks the
 * runtime's environment; `POWERTOOLS_TRACE_DISABLED=true` turns it off).
 */
export function lambdaObservability(
  serviceName: string,
  config: Pick<Config, 'logLevel'>,
): LambdaObservability {
  const logger = new Logger({ serviceName, logLevel: config.logLevel });
  // SDK clients are captured one by one; global HTTP capture would also send trace headers to
  // the product-image hosts the worker fetches.
  const tracer = new Tracer({ serviceName, captureHTTPsRequests: false });
  captureClientsWith((client) => tracer.captureAWSv3Client(client));
  return {
    logger,
    tracer,
    telemetry: emfTelemetry(),
    middlewares: [
      // The event holds keys, tokens and research summaries: never logged, whatever the environment says.
      injectLambdaContext(logger, { logEvent: false, resetKeys: true }),
      // Responses carry API keys (create_api_key) and records: never copied into traces.
      captureLambdaHandler(tracer, { captureResponse: false }),
    ],
  };
}
