import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { errorResponse } from '#api/http.ts';
import { MAX_BODY_BYTES } from '#api/router.ts';
import { AppError, PayloadTooLargeError } from '#core/errors.ts';

export type ProxyHandler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

/** Extra GET routes of the local server (health, docs, gallery), by exact path. */
export type GetRoute = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

function lambdaContext(requestId: string): Context {
  return {
    awsRequestId: requestId,
    callbackWaitsForEmptyEventLoop: false,
    functionName: 'adgen-api-local',
    functionVersion: '$LATEST',
    invokedFunctionArn: 'arn:aws:lambda:local:000000000000:function:adgen-api-local',
    memoryLimitInMB: '1024',
    logGroupName: 'local',
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 29_000,
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

/** Reads the body, giving up (without buffering the rest) once it is larger than the API accepts. */
async function readBody(req: IncomingMessage): Promise<Buffer | 'too_large'> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).byteLength;
    if (size > MAX_BODY_BYTES) return 'too_large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Paths served by the Lambda handler itself besides POST / (the review page, ADR 0040). */
const HANDLER_PATHS = new Set(['/review']);

function toEvent(req: IncomingMessage, body: Buffer, requestId: string): APIGatewayProxyEvent {
  const url = new URL(req.url ?? '/', 'http://local');
  const path = url.pathname;
  const method = req.method ?? 'POST';
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const query = Object.fromEntries(url.searchParams);
  return {
    resource: path,
    path,
    httpMethod: method,
    headers,
    multiValueHeaders: {},
    queryStringParameters: Object.keys(query).length > 0 ? query : null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: body.toString('utf8'),
    isBase64Encoded: false,
    requestContext: {
      requestId,
      stage: 'local',
      httpMethod: method,
      path,
      resourcePath: path,
      resourceId: 'root',
      apiId: 'local',
      accountId: '000000000000',
      protocol: 'HTTP/1.1',
      requestTimeEpoch: Date.now(),
      authorizer: null,
      identity: {
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
      } as APIGatewayProxyEvent['requestContext']['identity'],
    },
  };
}

/** Most a refused body is read (and thrown away) before the socket is simply ended. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

function drain(req: IncomingMessage): void {
  let drained = 0;
  req.on('data', (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > MAX_DRAIN_BYTES) req.socket.end();
  });
  req.resume();
}

function send(res: ServerResponse, result: APIGatewayProxyResult): void {
  res.writeHead(result.statusCode, (result.headers ?? {}) as Record<string, string>);
  res.end(result.body);
}

/**
 * The local stand-in for API Gateway: POST / becomes a proxy event for the very handler that
 * runs in Lambda. Other methods and paths answer in the same error envelope.
 */
export async function startApiServer(options: {
  port: number;
  host?: string;
  handler: ProxyHandler;
  routes?: Record<string, GetRoute>;
}): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server = createServer(async (req, res) => {
    const requestId = randomUUID();
    try {
      const path = new URL(req.url ?? '/', 'http://local').pathname;
      if (
        (req.method === 'POST' && path === '/') ||
        (HANDLER_PATHS.has(path) && (req.method === 'GET' || req.method === 'POST'))
      ) {
        const body = await readBody(req);
        if (body === 'too_large') {
          // Answer, then close this connection cleanly: `Connection: close` tells a keep-alive
          // client not to reuse it, and the rest of the body is read and discarded (up to a
          // bound) instead of resetting the socket under a client that is still sending.
          const answer = errorResponse(new PayloadTooLargeError(MAX_BODY_BYTES), requestId);
          send(res, { ...answer, headers: { ...answer.headers, connection: 'close' } });
          drain(req);
          return;
        }
        send(res, await options.handler(toEvent(req, body, requestId), lambdaContext(requestId)));
        return;
      }
      const route = req.method === 'GET' ? options.routes?.[path] : undefined;
      if (route) {
        await route(req, res);
        return;
      }
      const status = path === '/' ? 405 : 404;
      const message =
        path === '/' ? 'The API takes POST / with a JSON body.' : `No route for ${req.method} ${path}.`;
      const code = status === 405 ? 'method_not_allowed' : 'not_found';
      send(res, errorResponse(new AppError(status, code, message), requestId));
    } catch (error) {
      send(res, errorResponse(error, requestId));
    }
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    server,
    url: `http://${address.address}:${address.port}`,
    // Stops accepting, lets requests in flight finish (idle keep-alive sockets close now), and
    // only after a grace period cuts what is still open.
    close: () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.closeAllConnections(), 25_000);
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
