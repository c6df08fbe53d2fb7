import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import ipaddr from 'ipaddr.js';
import { isPublicAddress, pinnedLookup, RefusedUrlError } from './safe-fetch.ts';

/**
 * POSTing to caller-supplied URLs (webhook receivers) under the image fetcher's SSRF rules:
 * https only, every resolved address public, the connection pinned to the address checked (no
 * second lookup to rebind), no redirects followed. The one exception is loopback when the local
 * stack allows it (`allowLoopback`): http or https to 127.0.0.1, for tests and local integration.
 */
export type PostTargetOptions = {
  allowLoopback?: boolean;
  resolve?: (hostname: string) => Promise<string[]>;
};

async function defaultResolve(hostname: string): Promise<string[]> {
  const results = await dnsLookup(hostname, { all: true, verbatim: true });
  return results.map((r) => r.address);
}

const unbracket = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/** The URL's syntax rules, without resolving it (what create_webhook_endpoint checks first). */
export function checkTargetUrl(raw: string, options: PostTargetOptions = {}): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrlError('not a URL');
  }
  const loopback = options.allowLoopback === true && url.hostname === '127.0.0.1';
  if (url.protocol !== 'https:' && !(loopback && url.protocol === 'http:')) {
    throw new RefusedUrlError(`scheme ${url.protocol} is not allowed; use https`);
  }
  if (url.username || url.password) throw new RefusedUrlError('URLs with credentials are not allowed');
  if (url.hash) throw new RefusedUrlError('URLs with a fragment are not allowed');
  return url;
}

/** Resolves the host once and answers the address to connect to, refusing any non-public one. */
export async function resolvePinned(url: URL, options: PostTargetOptions = {}): Promise<string> {
  const host = unbracket(url.hostname);
  const addresses = ipaddr.isValid(host)
    ? [host]
    : await (options.resolve ?? defaultResolve)(host).catch(() => []);
  if (addresses.length === 0) throw new RefusedUrlError(`cannot resolve ${host}`);
  const loopback = options.allowLoopback === true && host === '127.0.0.1';
  // Which address it resolved to stays here: telling would map the internal network.
  if (!loopback && addresses.some((a) => !isPublicAddress(a)))
    throw new RefusedUrlError('address not allowed');
  return addresses[0] as string;
}

/** What one POST came to: the status (redirects included, never followed), or why none came. */
export type PostOutcome = { status: number } | { status: null; error: string };

/**
 * POSTs `body` to the URL at its pinned address and answers the status once the response head
 * arrives (the body is drained, never read into memory), or why there was none within `timeoutMs`.
 */
export async function safePost(
  raw: string,
  body: string,
  headers: Record<string, string>,
  options: PostTargetOptions & { timeoutMs: number },
): Promise<PostOutcome> {
  let url: URL;
  let pinned: string;
  try {
    url = checkTargetUrl(raw, options);
    pinned = await resolvePinned(url, options);
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message : String(error) };
  }
  const lookup = pinnedLookup(pinned);
  return new Promise<PostOutcome>((resolve) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'adgen-webhooks/1',
        },
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0 });
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    request.on('close', () => clearTimeout(deadline));
    request.on('error', (error) => resolve({ status: null, error: error.message }));
    request.end(body);
  });
}
