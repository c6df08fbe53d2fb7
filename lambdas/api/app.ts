import type { Logger } from '@aws-lambda-powertools/logger';
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { AppError } from '#core/errors.ts';
import { errorResponse } from './http.ts';
import { type RouterDeps, type RouteTrace, route } from './router.ts';

type Request = middy.Request<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>;

const traces = new WeakMap<Context, RouteTrace>();

/**
 * Maps every thrown error to the envelope (registered last, like middy's http-error-handler)
 * and logs one line per request without the body, so research summaries and keys stay out.
 */
function envelopeAndLog(logger: Logger): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult> {
  const started = new WeakMap<object, number>();
  const line = (request: Request, status: number, extra: Record<string, unknown> = {}) => {
    const trace = traces.get(request.context) ?? {};
    logger.info('request', {
      request_id: request.context.awsRequestId,
      action: trace.action,
      account_id: trace.accountId,
      status,
      latency_ms: Date.now() - (started.get(request) ?? Date.now()),
      ...extra,
    });
  };
  return {
    before: (request) => {
      started.set(request, Date.now());
      traces.set(request.context, {});
    },
    after: (request) => {
      line(request, request.response?.statusCode ?? 200);
    },
    onError: (request) => {
      const { error } = request;
      if (!(error instanceof AppError) || error.status >= 500) logger.error('request failed', { error });
      request.response = errorResponse(error, request.context.awsRequestId);
      line(request, request.response.statusCode, {
        error_code: error instanceof AppError ? error.code : 'internal_error',
      });
    },
  };
}

export function createApiHandler(deps: RouterDeps, logger: Logger) {
  return middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, Context>()
    .use(envelopeAndLog(logger))
    .handler((event, context) => route(event, deps, context.awsRequestId, traces.get(context)));
}
