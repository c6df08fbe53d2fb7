import type { APIGatewayProxyEvent } from 'aws-lambda';

/**
 * The URL this request reached the API at, for links the API hands out (review links): the
 * host API Gateway saw, with the stage as the first path segment on the default execute-api
 * domain (a custom domain maps its own base path).
 */
export function requestOrigin(event: APIGatewayProxyEvent): string {
  const headers = Object.fromEntries(
    Object.entries(event.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const host = event.requestContext?.domainName ?? headers.host ?? 'localhost';
  const proto = headers['x-forwarded-proto'] ?? (/^(127\.|localhost)/.test(host) ? 'http' : 'https');
  const stage = event.requestContext?.stage;
  const base = /\.execute-api\./.test(host) && stage ? `/${stage}` : '';
  return `${proto}://${host}${base}`;
}
