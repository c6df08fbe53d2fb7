/**
 * Powertools' logger and metrics for a Lambda entry point, without the X-Ray SDK. The router
 * uses this alone (ADR 0011): its requests are one or two DynamoDB calls that Lambda's own
 * invocation segment already times, and the Tracer (aws-xray-sdk-core, cls-hooked, semver)
 * would cost a third of its cold start and a subsegment per call. The functions where tracing
 * pays (worker, dead-letter consumer, reconciler) add it with `lambdaObservability` of
 * `powertools.ts`.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type { MiddlewareObj } from '@middy/core';
import type { Config } from './config.ts';
import { emfTelemetry } from './emf-telemetry.ts';
import type { Telemetry } from './telemetry.ts';

export type LambdaLogging = {
  logger: Logger;
  telemetry: Telemetry;
  /** Adds the Lambda context to every log line. */
  middlewares: MiddlewareObj[];
};

export function lambdaLogging(serviceName: string, config: Pick<Config, 'logLevel'>): LambdaLogging {
  const logger = new Logger({ serviceName, logLevel: config.logLevel });
  return {
    logger,
    telemetry: emfTelemetry(),
    // The event holds keys, tokens and research summaries: never logged, whatever the environment says.
    middlewares: [injectLambdaContext(logger, { logEvent: false, resetKeys: true })],
  };
}
