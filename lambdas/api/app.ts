import type { Logger } from '@aws-lambda-powertools/logger';
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { AppError } from '#core/errors.ts';
import { METRIC } from '#core/telemetry.ts';
import { errorResponse } from './http.ts';
import { type RouterDeps, type RouteTrace, route } from './router.ts';

type Request = middy.Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>;
type Middleware = MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>;

const traces = new WeakMap<Context, RouteTrace>();

/**
 * Maps every thrown error to the envelope (registered last, like middy's http-error-handler),
 * writes exactly one log line per request — request id, action, account, status, latency; never
 * the body or the headers, so research summaries, keys and tokens stay out — and counts the
 * request by action and status. An unexpected failure is that same line at ERROR, with the error.
 */
function envelopeLogAndMeasure(deps: RouterDeps, logger: Logger): Middleware {
  const started = new WeakMap<object, number>();
  const finish = async (request: Request, status: number, failure?: { error: Error; code: string }) => {
    const trace = traces.get(request.context) ?? {};
    const latency = Date.now() - (started.get(request) ?? Date.now());
    const unexpected = failure !== undefined && status >= 500;
    const line = {
      request_id: request.context.awsRequestId,
      action: trace.action,
      account_id: trace.accountId,
      api_key_id: trace.apiKeyId,
      status,
      latency_ms: latency,
      ...(failure ? { error_code: failure.code } : {}),
    };
    if (unexpected) logger.error('request', { ...line, error: failure.error });
    else logger.info('request', line);
    // Only known action names become dimension values; anything a caller typed does not.
    const dimensions = { action: trace.action ?? 'none', status: String(status) };
    deps.telemetry.count(METRIC.requests, 1, dimensions);
    deps.telemetry.count(METRIC.serverErrors, status >= 500 ? 1 : 0, dimensions);
    deps.telemetry.timing(METRIC.latency, latency, dimensions);
    await deps.telemetry.flush();
  };
  return {
    before: (request) => {
      started.set(request, Date.now());
      traces.set(request.context, {});
    },
    after: async (request) => {
      await finish(request, request.response?.statusCode ?? 200);
    },
    onError: async (request) => {
      const { error } = request;
      request.response = errorResponse(error, request.context.awsRequestId);
      const code = error instanceof AppError ? error.code : 'internal_error';
      await finish(request, request.response.statusCode, { error: error ?? new Error('unknown'), code });
    },
  };
}

/** Whether a request is for the review page, without loading its module for the API's POSTs. */
function isReviewPage(event: APIGatewayProxyEvent): boolean {
  return event.resource === '/review' || /\/review$/.test(event.path ?? '');
}

export type ApiHandlerOptions = {
  /**
   * Middlewares run around the router, outside the envelope (the Lambda entry point adds the
   * Lambda context to the logger and the X-Ray handler segment). @default none
   */
  middlewares?: Middleware[];
};

export function createApiHandler(deps: RouterDeps, logger: Logger, options: ApiHandlerOptions = {}) {
  const handler = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>();
  for (const middleware of options.middlewares ?? []) handler.use(middleware);
  return handler.use(envelopeLogAndMeasure(deps, logger)).handler(async (event, context) => {
    // The review page (ADR 0040) shares the router's function; its module loads on first use.
    if (isReviewPage(event)) {
      const trace = traces.get(context);
      if (trace) trace.action = 'review_page';
      const { handleReviewRequest } = await import('./review-route.ts');
      return handleReviewRequest(event, deps);
    }
    return route(event, deps, context.awsRequestId, traces.get(context));
  });
}
