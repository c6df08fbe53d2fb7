import { createHash, createHmac, randomUUID } from 'node:crypto';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SignatureV4 } from '@smithy/signature-v4';
import { type Credentials, GetObjectPresigner, uriEscape } from '#core/s3/presign.ts';
import { type Figure, figure } from './stats.ts';

/** The budget: a page of 50 URLs signed in under this. */
export const PRESIGN_BUDGET_MS = 2;
const URLS = 50;

export type PresignResult = {
  urls_per_page: number;
  rounds: number;
  /** Every signer's URLs were compared to getSignedUrl's for the same clock and credentials. */
  identical_urls: boolean;
  /** ms to sign one page of 50 URLs, per signer (warm: after warm-up rounds). */
  page_ms: {
    sdk_get_signed_url: Figure;
    smithy_signature_v4: Figure;
    cached_signer: Figure;
  };
  /** The cached signer's first page in a fresh presigner (key derivation included). */
  cached_signer_first_page_ms: number;
  us_per_url: { sdk_get_signed_url: number; smithy_signature_v4: number; cached_signer: number };
  speedup_over_sdk: number;
  kept: 'cached_signer';
  budget_ms: number;
  failures: string[];
};

/** What @smithy/signature-v4 hands a Checksum (its `SourceData`, a package this one does not list). */
type SourceData = string | ArrayBuffer | ArrayBufferView;

/** node:crypto behind the Checksum interface @smithy/signature-v4 expects. */
class NodeSha256 {
  private hash: ReturnType<typeof createHash> | ReturnType<typeof createHmac>;
  private readonly secret: Uint8Array | string | undefined;
  constructor(secret?: SourceData) {
    this.secret = secret instanceof ArrayBuffer ? new Uint8Array(secret) : (secret as Uint8Array | string);
    this.hash = this.fresh();
  }
  private fresh() {
    return this.secret === undefined ? createHash('sha256') : createHmac('sha256', this.secret);
  }
  update(data: SourceData) {
    this.hash.update(data instanceof ArrayBuffer ? new Uint8Array(data) : (data as Uint8Array | string));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
  reset() {
    this.hash = this.fresh();
  }
}

/**
 * Signing one page of 50 GetObject URLs, in this process, three ways: today's `getSignedUrl`
 * (middleware stack per URL), @smithy/signature-v4's `presign` with one long-lived signer (it
 * caches signing keys itself), and the cached signer of lambdas/core/s3/presign.ts. Session
 * credentials, as on Lambda. Rounds are interleaved so that no signer gets a quieter machine.
 */
export async function benchPresign(rounds: number): Promise<PresignResult> {
  const credentials: Credentials = {
    accessKeyId: 'ASIAQWERTYUIOPASDFGH',
    secretAccessKey: 'Zx9/+abcDEFghiJKLmnoPQRstuVWXyz0123456789',
    sessionToken: `IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQ${'x'.repeat(600)}==`,
  };
  const region = 'us-east-1';
  const bucket = 'adgen-stateful-creativesbucket-1a2b3c4d5e6f';
  const ttl = 3600;
  const account = randomUUID();
  const campaign = randomUUID();
  const job = randomUUID();
  const keys = Array.from(
    { length: URLS },
    (_, i) => `creatives/${account}/${campaign}/${job}/${String(i).padStart(5, '0')}.png`,
  );
  const s3 = new S3Client({ region, credentials });
  const host = `${bucket}.s3.${region}.amazonaws.com`;
  const smithy = new SignatureV4({
    credentials,
    region,
    service: 's3',
    sha256: NodeSha256,
    uriEscapePath: false,
  });
  const cached = new GetObjectPresigner({ credentials: s3.config.credentials, region });

  const sdkPage = (at: Date) =>
    Promise.all(
      keys.map((Key) =>
        getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key }), { expiresIn: ttl, signingDate: at }),
      ),
    );
  const smithyPage = (at: Date) =>
    Promise.all(
      keys.map(async (key) => {
        const path = `/${key.split('/').map(uriEscape).join('/')}`;
        const signed = await smithy.presign(
          {
            method: 'GET',
            protocol: 'https:',
            hostname: host,
            path,
            query: { 'x-id': 'GetObject' },
            headers: {
              host,
              'x-amz-checksum-mode': 'ENABLED',
              'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
            },
          },
          { expiresIn: ttl, signingDate: at, unsignableHeaders: new Set(['content-type']) },
        );
        const query = Object.entries(signed.query ?? {})
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([k, v]) => `${uriEscape(k)}=${uriEscape(String(v))}`)
          .join('&');
        return `https://${host}${path}?${query}`;
      }),
    );
  const cachedPage = async (at: Date, presigner = cached) => {
    const batch = await presigner.batch(bucket, ttl, at);
    return keys.map((key) => batch.url(key));
  };

  const failures: string[] = [];
  const at = new Date();
  const [a, b, c] = [await sdkPage(at), await smithyPage(at), await cachedPage(at)];
  const identical = a.every((url, i) => url === b[i] && url === c[i]);
  if (!identical) failures.push('presigned URLs differ between getSignedUrl and the other signers');

  const fresh = new GetObjectPresigner({ credentials: s3.config.credentials, region });
  const t0 = performance.now();
  await cachedPage(at, fresh);
  const firstPage = performance.now() - t0;

  const times = { sdk: [] as number[], smithy: [] as number[], cached: [] as number[] };
  const warmup = Math.max(5, Math.round(rounds / 10));
  for (let r = 0; r < warmup + rounds; r++) {
    const now = new Date();
    for (const [name, page] of [
      ['sdk', sdkPage],
      ['smithy', smithyPage],
      ['cached', cachedPage],
    ] as const) {
      const t = performance.now();
      await page(now);
      const ms = performance.now() - t;
      if (r >= warmup) times[name].push(ms);
    }
  }
  s3.destroy();
  const page_ms = {
    sdk_get_signed_url: figure('ms', times.sdk, 3),
    smithy_signature_v4: figure('ms', times.smithy, 3),
    cached_signer: figure('ms', times.cached, 3),
  };
  const perUrl = (f: Figure) => Math.round((f.median / URLS) * 1000 * 10) / 10;
  if (!(page_ms.cached_signer.median < PRESIGN_BUDGET_MS)) {
    failures.push(
      `presigning ${URLS} URLs takes ${page_ms.cached_signer.median} ms (budget ${PRESIGN_BUDGET_MS} ms)`,
    );
  }
  return {
    urls_per_page: URLS,
    rounds,
    identical_urls: identical,
    page_ms,
    cached_signer_first_page_ms: Math.round(firstPage * 1000) / 1000,
    us_per_url: {
      sdk_get_signed_url: perUrl(page_ms.sdk_get_signed_url),
      smithy_signature_v4: perUrl(page_ms.smithy_signature_v4),
      cached_signer: perUrl(page_ms.cached_signer),
    },
    speedup_over_sdk:
      Math.round((page_ms.sdk_get_signed_url.median / page_ms.cached_signer.median) * 10) / 10,
    kept: 'cached_signer',
    budget_ms: PRESIGN_BUDGET_MS,
    failures,
  };
}
