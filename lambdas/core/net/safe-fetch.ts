import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Fetching caller-supplied image URLs without SSRF (OWASP API7). The rules:
 * - https only (http only for origins explicitly allowed, i.e. the local stack's own S3);
 * - the host is resolved once and every address must be public — loopback, private,
 *   link-local (169.254.169.254, the metadata service), CGNAT, unspecified, multicast,
 *   reserved and IPv4-mapped forms of those are refused;
 * - the connection goes to the address that was checked (no second lookup to rebind);
 * - no redirects; PNG, JPEG or WebP only (by content type and magic bytes); ≤ 10 MB; 5 s.
 * Decimal, hex and octal IPv4 forms need no special care: the URL parser normalises them.
 */
export class RefusedUrlError extends Error {
  override name = 'RefusedUrlError';
}

export type SafeFetchOptions = {
  maxBytes?: number;
  timeoutMs?: number;
  /** Origins (`http://127.0.0.1:4566`) trusted as they are: the local stack's own S3 only. */
  trustedOrigins?: readonly string[];
  resolve?: (hostname: string) => Promise<string[]>;
};

const IMAGE_TYPES: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/**
 * The IPv4 addresses an IPv6 address carries, by the forms that route to (or stand for) them:
 * IPv4-compatible `::a.b.c.d` (so `::7f00:1` is 127.0.0.1), IPv4-mapped `::ffff:a.b.c.d`,
 * IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::/96` and `64:ff9b:1::/48`, 6to4
 * `2002:AABB:CCDD::`, Teredo `2001:0::` (server and inverted client) and ISATAP `…:5efe:a.b.c.d`.
 * Undefined when it embeds none.
 */
export function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const p = v6.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  const [p0 = 0, p1 = 0, p2 = 0, p3 = 0, p4 = 0, p5 = 0, p6 = 0, p7 = 0] = p;
  const zeroTo = (n: number) => p.slice(0, n).every((x) => x === 0);
  if (zeroTo(5) && (p5 === 0 || p5 === 0xffff)) return [v4(p6, p7)];
  if (zeroTo(4) && p4 === 0xffff && p5 === 0) return [v4(p6, p7)];
  if (p0 === 0x64 && p1 === 0xff9b) return [v4(p6, p7)];
  if (p0 === 0x2002) return [v4(p1, p2)];
  if (p0 === 0x2001 && p1 === 0) return [v4(p2, p3), v4(~p6 & 0xffff, ~p7 & 0xffff)];
  if ((p4 & 0xfdff) === 0 && p5 === 0x5efe) return [v4(p6, p7)];
  return undefined;
}

/**
 * True only for globally routable unicast addresses. An IPv6 address that embeds IPv4
 * addresses is public only if every one of them is.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const embedded = embeddedIPv4(parsed as ipaddr.IPv6);
    if (embedded) return embedded.every((v4) => v4.range() === 'unicast');
  }
  return parsed.range() === 'unicast';
}

/**
 * A `lookup` for http(s).request that answers the one address already checked, whatever DNS
 * would answer a second time (no rebinding between the check and the connection).
 */
export function pinnedLookup(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4;
  return (_hostname, opts, callback) => {
    if ((opts as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/**
 * A URL as it may be stored or logged: no user name or password, no query (presigned URLs
 * carry their signature there) and no fragment. Something that is not a URL is not echoed.
 */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

async function defaultResolve(hostname: string): Promise<string[]> {
  const results = await dnsLookup(hostname, { all: true, verbatim: true });
  return results.map((r) => r.address);
}

function unbracket(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export async function safeFetchImage(rawUrl: string, options: SafeFetchOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
  const timeoutMs = options.timeoutMs ?? 5_000;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new RefusedUrlError('not a URL');
  }
  const trusted = options.trustedOrigins?.includes(url.origin) ?? false;
  if (url.protocol !== 'https:' && !(trusted && url.protocol === 'http:')) {
    throw new RefusedUrlError(`scheme ${url.protocol} is not allowed; use https`);
  }
  if (url.username || url.password) throw new RefusedUrlError('URLs with credentials are not allowed');

  const host = unbracket(url.hostname);
  const addresses = ipaddr.isValid(host)
    ? [host]
    : await (options.resolve ?? defaultResolve)(host).catch(() => []);
  if (addresses.length === 0) throw new RefusedUrlError(`cannot resolve ${host}`);
  if (!trusted) {
    const blocked = addresses.find((a) => !isPublicAddress(a));
    // Which address it resolved to stays here: telling would map the internal network.
    if (blocked) throw new RefusedUrlError('address not allowed');
  }
  const pinned = addresses[0] as string;
  const lookup = pinnedLookup(pinned);

  return new Promise<Buffer>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      { lookup, timeout: timeoutMs, headers: { accept: 'image/png, image/jpeg, image/webp' } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          reject(new RefusedUrlError(`redirects are not followed (HTTP ${status})`));
          return;
        }
        if (status !== 200) {
          res.resume();
          reject(new RefusedUrlError(`the image URL answered HTTP ${status}`));
          return;
        }
        const type = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
        const matches = IMAGE_TYPES[type];
        if (!matches) {
          res.resume();
          reject(new RefusedUrlError(`content type '${type}' is not PNG, JPEG or WebP`));
          return;
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          reject(new RefusedUrlError(`the image is larger than ${maxBytes} bytes`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > maxBytes) {
            res.destroy();
            reject(new RefusedUrlError(`the image is larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          if (!matches(body)) reject(new RefusedUrlError(`the body is not a ${type} image`));
          else resolve(body);
        });
        res.on('error', reject);
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new RefusedUrlError(`no complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    request.on('close', () => clearTimeout(deadline));
    request.on('timeout', () => request.destroy(new RefusedUrlError(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) =>
      reject(
        error instanceof RefusedUrlError ? error : new RefusedUrlError(`fetch failed: ${error.message}`),
      ),
    );
  });
}
