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

/** True only for globally routable unicast addresses. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
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
    if (blocked) throw new RefusedUrlError(`${host} resolves to a non-public address (${blocked})`);
  }
  const pinned = addresses[0] as string;
  const family = pinned.includes(':') ? 6 : 4;
  // Connect to the address we checked, whatever DNS would answer a second time.
  const lookup: LookupFunction = (_hostname, opts, callback) => {
    if ((opts as { all?: boolean }).all)
      (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: pinned, family },
      ]);
    else callback(null, pinned, family);
  };

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
