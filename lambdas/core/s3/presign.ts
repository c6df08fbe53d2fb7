import { createHash, createHmac } from 'node:crypto';

/**
 * Presigned S3 GetObject URLs (SigV4, query-string auth), signed with a key derived once per
 * credentials, day, region and service. `getSignedUrl` of @aws-sdk/s3-request-presigner rebuilds
 * the client's middleware stack and resolves the endpoint for every URL (~0.1–0.2 ms each); a page
 * of 50 creatives needs 50 URLs, and all of them share one scope. The URLs are byte-identical to
 * the SDK's for the same clock and credentials (test/unit/presign.test.ts compares them), so
 * nothing changes for the caller. ADR 0022 has the figures.
 */

/** The identity the SDK's credential providers resolve to. */
export type Credentials = {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
  /** When temporary credentials stop working; a URL signed with them dies with them. */
  expiration?: Date | undefined;
};

export type PresignerOptions = {
  /** Resolves the current credentials; the SDK's providers memoize and refresh them. */
  credentials: () => Promise<Credentials>;
  region: string;
  /** Custom endpoint (local emulators): URLs are then path-style under it. */
  endpoint?: string | undefined;
  forcePathStyle?: boolean | undefined;
  /**
   * Adds `x-amz-checksum-mode=ENABLED`, as the SDK's S3 client does by default
   * (responseChecksumValidation WHEN_SUPPORTED): the URL stays identical to the SDK's.
   */
  checksumMode?: boolean | undefined;
};

/** S3 refuses presigned URLs valid for longer than seven days. */
export const MAX_EXPIRES_SECONDS = 7 * 24 * 3600;

const SERVICE = 's3';
const ALGORITHM = 'AWS4-HMAC-SHA256';
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

/** RFC 3986 escaping as the SDK's `extendedEncodeURIComponent` (also escapes !'()*). */
export function uriEscape(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

const escapePath = (key: string) => key.split('/').map(uriEscape).join('/');

/** Bucket names S3 serves as `<bucket>.s3.<region>.amazonaws.com` over TLS (no dots, no IP form). */
const VIRTUAL_HOSTABLE = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

type Origin = { protocol: string; host: string; basePath: string };

function originFor(options: PresignerOptions, bucket: string): Origin {
  if (options.endpoint !== undefined) {
    const url = new URL(options.endpoint);
    const base = url.pathname.replace(/\/$/, '');
    if (options.forcePathStyle) {
      return { protocol: url.protocol, host: url.host, basePath: `${base}/${uriEscape(bucket)}` };
    }
    return { protocol: url.protocol, host: `${bucket}.${url.host}`, basePath: base };
  }
  const regional = `s3.${options.region}.amazonaws.com`;
  if (!options.forcePathStyle && VIRTUAL_HOSTABLE.test(bucket) && !bucket.includes('--')) {
    return { protocol: 'https:', host: `${bucket}.${regional}`, basePath: '' };
  }
  return { protocol: 'https:', host: regional, basePath: `/${uriEscape(bucket)}` };
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** The SigV4 signing key of one scope (RFC: kSecret → kDate → kRegion → kService → kSigning). */
export function deriveSigningKey(
  secretAccessKey: string,
  day: string,
  region: string,
  service: string,
): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), 'aws4_request');
}

/** `20261123T123456Z` */
const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export type SignedBatch = {
  /** The URL for one object of `bucket`, valid for the batch's lifetime. */
  url(key: string): string;
  /** When the URLs stop working: the requested lifetime, or earlier if the credentials expire first. */
  expiresAt: Date;
};

/**
 * One presigner per S3 client (per container). `batch()` resolves the credentials once per
 * request and returns a synchronous signer for any number of keys.
 */
export class GetObjectPresigner {
  private cached: { identity: string; key: Buffer } | undefined;
  /** How many times a signing key was derived (tests and the bench read it). */
  derivations = 0;

  constructor(private readonly options: PresignerOptions) {}

  /** A signer for URLs to objects of `bucket`, signed at `now`, valid `expiresIn` seconds. */
  async batch(bucket: string, expiresIn: number, now: Date): Promise<SignedBatch> {
    if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_EXPIRES_SECONDS) {
      throw new RangeError(`expiresIn must be a whole number of seconds from 1 to ${MAX_EXPIRES_SECONDS}.`);
    }
    const credentials = await this.options.credentials();
    const date = amzDate(now);
    const day = date.slice(0, 8);
    const { region } = this.options;
    const signingKey = this.signingKey(credentials, day, region);
    const origin = originFor(this.options, bucket);
    const scope = `${day}/${region}/${SERVICE}/aws4_request`;
    // Every query parameter but the signature, already escaped, in code-point order of names
    // (the canonical order, which is also the order the SDK formats them in).
    const before = [
      `X-Amz-Algorithm=${ALGORITHM}`,
      `X-Amz-Content-Sha256=${UNSIGNED_PAYLOAD}`,
      `X-Amz-Credential=${uriEscape(`${credentials.accessKeyId}/${scope}`)}`,
      `X-Amz-Date=${date}`,
      `X-Amz-Expires=${expiresIn}`,
      ...(credentials.sessionToken ? [`X-Amz-Security-Token=${uriEscape(credentials.sessionToken)}`] : []),
    ].join('&');
    const after = [
      'X-Amz-SignedHeaders=host',
      ...(this.options.checksumMode === false ? [] : ['x-amz-checksum-mode=ENABLED']),
      'x-id=GetObject',
    ].join('&');
    const canonicalQuery = `${before}&${after}`;
    const tail = `\n${canonicalQuery}\nhost:${origin.host}\n\nhost\n${UNSIGNED_PAYLOAD}`;
    const toSignHead = `${ALGORITHM}\n${date}\n${scope}\n`;
    const prefix = `${origin.protocol}//${origin.host}`;
    let expiresAt = new Date(now.getTime() + expiresIn * 1000);
    if (credentials.expiration && credentials.expiration < expiresAt) expiresAt = credentials.expiration;
    return {
      expiresAt,
      url: (key: string) => {
        const path = `${origin.basePath}/${escapePath(key)}`;
        const canonicalRequest = `GET\n${path}${tail}`;
        const hash = createHash('sha256').update(canonicalRequest).digest('hex');
        const signature = createHmac('sha256', signingKey)
          .update(toSignHead + hash)
          .digest('hex');
        return `${prefix}${path}?${before}&X-Amz-Signature=${signature}&${after}`;
      },
    };
  }

  /**
   * The cached key while the credentials, day and region are those it was derived for. Lambda's
   * role credentials rotate within a day, so the identity (not only the date) decides.
   */
  private signingKey(credentials: Credentials, day: string, region: string): Buffer {
    const identity = [credentials.accessKeyId, credentials.secretAccessKey, day, region, SERVICE].join('\n');
    if (this.cached?.identity === identity) return this.cached.key;
    const key = deriveSigningKey(credentials.secretAccessKey, day, region, SERVICE);
    this.derivations++;
    this.cached = { identity, key };
    return key;
  }
}

/** What the presigner reads from an SDK S3 client's resolved configuration. */
export type S3ClientLike = {
  config: {
    credentials: () => Promise<Credentials>;
    region: () => Promise<string>;
    forcePathStyle?: boolean | undefined;
    responseChecksumValidation?: (() => Promise<string>) | undefined;
  };
};

const perClient = new WeakMap<object, Promise<GetObjectPresigner>>();

/**
 * The presigner of an S3 client (one per container, so its signing key outlives the request),
 * with the client's credentials provider, region, path style and checksum default. `endpoint`
 * is the custom endpoint the client was built with (local stack), undefined on AWS.
 */
export function presignerFor(s3: S3ClientLike, endpoint: string | undefined): Promise<GetObjectPresigner> {
  let presigner = perClient.get(s3);
  if (!presigner) {
    presigner = (async () => {
      const c = s3.config;
      return new GetObjectPresigner({
        credentials: () => c.credentials(),
        region: await c.region(),
        endpoint,
        forcePathStyle: c.forcePathStyle ?? false,
        checksumMode: (await c.responseChecksumValidation?.()) !== 'WHEN_REQUIRED',
      });
    })();
    // A failed resolution is not kept: the next request tries again.
    presigner.catch(() => perClient.delete(s3));
    perClient.set(s3, presigner);
  }
  return presigner;
}
