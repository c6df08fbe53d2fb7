import ipaddr from 'ipaddr.js';
import type { Config } from '../config.ts';
import { ValidationError } from '../errors.ts';
import { embeddedIPv4 } from './safe-fetch.ts';

/**
 * Where this stack keeps its objects: the creatives bucket, and locally the S3 emulator's
 * endpoint (`S3_ENDPOINT`; absent on AWS, where the regional endpoints apply).
 */
export type OwnStorage = { bucket: string; endpoint?: string | undefined };

/** S3's own host names: `s3.amazonaws.com`, `s3.<region>…`, `s3-<region>…`, dual-stack, accelerate, website. */
const S3_HOST = /^s3(?:[.-][a-z0-9-]+)*\.amazonaws\.com(?:\.cn)?$/;

/** Why such a URL is refused, in words a caller can act on. */
export const OWN_STORAGE_REFUSAL =
  "points at this service's own storage; upload the image with create_asset_upload and use its asset id";

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

function hostOf(url: URL): string {
  const host = url.hostname.toLowerCase().replace(/\.+$/, '');
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** Loopback or unspecified in any form the URL parser leaves (names, IPv4, IPv6, IPv4 inside IPv6). */
function isLocalHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (!ipaddr.isValid(host)) return false;
  const parsed = ipaddr.parse(host);
  const local = (a: ipaddr.IPv4 | ipaddr.IPv6) => ['loopback', 'unspecified'].includes(a.range());
  if (local(parsed)) return true;
  return parsed.kind() === 'ipv6' && (embeddedIPv4(parsed as ipaddr.IPv6) ?? []).some(local);
}

const portOf = (url: URL) => url.port || DEFAULT_PORTS[url.protocol] || '';

/**
 * True when a caller's URL points at this stack's own storage, whatever the host form (issue 22,
 * item 7): the bucket by S3's virtual-hosted or path-style names (any region, dual-stack,
 * accelerate, case, trailing dot), or — locally — the S3 emulator by any name or address of its
 * host on its port. Fetching it would hand one tenant another tenant's objects: the worker reads
 * unsigned URLs, and the local emulator does not check signatures.
 */
export function pointsAtOwnStorage(raw: string, storage: OwnStorage): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  const host = hostOf(url);
  const bucket = storage.bucket.toLowerCase();
  if (host.startsWith(`${bucket}.`) && S3_HOST.test(host.slice(bucket.length + 1))) return true;
  if (S3_HOST.test(host)) {
    const first = url.pathname.split('/')[1] ?? '';
    let segment = first;
    try {
      segment = decodeURIComponent(first);
    } catch {
      // A malformed escape is not the bucket's name.
    }
    if (segment.toLowerCase() === bucket) return true;
  }
  if (!storage.endpoint) return false;
  const endpoint = new URL(storage.endpoint);
  if (portOf(url) !== portOf(endpoint)) return false;
  const endpointHost = hostOf(endpoint);
  return host === endpointHost || (isLocalHost(endpointHost) && isLocalHost(host));
}

/**
 * Refuses (400 naming each field) the image URLs among `urls` that point at the stack's own
 * storage: create_campaign, update_campaign and update_brand_kit, before anything is stored.
 */
export function refuseOwnStorageUrls(
  config: Pick<Config, 'bucketName' | 'endpoints'>,
  urls: Record<string, string | null | undefined>,
): void {
  const storage = { bucket: config.bucketName, endpoint: config.endpoints.s3 };
  const issues = Object.entries(urls)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .filter(([, url]) => pointsAtOwnStorage(url, storage))
    .map(([path]) => ({ path, message: `must not be a URL that ${OWN_STORAGE_REFUSAL}` }));
  if (issues.length > 0)
    throw new ValidationError("An image URL points at this service's own storage.", issues);
}
