import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Credentials,
  deriveSigningKey,
  GetObjectPresigner,
  MAX_EXPIRES_SECONDS,
  presignerFor,
} from '#core/s3/presign.ts';

const LONG_TERM: Credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
};
// Lambda's role credentials: temporary, with a session token full of characters to escape.
const SESSION: Credentials = {
  accessKeyId: 'ASIAQWERTYUIOPASDFGH',
  secretAccessKey: 'Zx9/+abcDEFghiJKLmnoPQRstuVWXyz0123456789',
  sessionToken: 'IQoJb3JpZ2luX2VjEJr//////////wEaCXVzLWVhc3QtMSJHMEUCIQ+abc/def==',
};
const SIGNED_AT = new Date('2026-11-23T12:34:56.789Z');

type Target = { name: string; region: string; endpoint?: string; forcePathStyle?: boolean };
const TARGETS: Target[] = [
  { name: 'AWS, virtual-hosted', region: 'eu-west-1' },
  { name: 'AWS us-east-1', region: 'us-east-1' },
  {
    name: 'local emulator, path-style',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:4566',
    forcePathStyle: true,
  },
];

function sdkUrl(
  t: Target,
  credentials: Credentials,
  bucket: string,
  key: string,
  expiresIn: number,
  at: Date,
) {
  const s3 = new S3Client({
    region: t.region,
    endpoint: t.endpoint,
    forcePathStyle: t.forcePathStyle,
    credentials,
  });
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn, signingDate: at });
}

function ours(t: Target, credentials: () => Promise<Credentials>) {
  return new GetObjectPresigner({
    credentials,
    region: t.region,
    endpoint: t.endpoint,
    forcePathStyle: t.forcePathStyle,
  });
}

const signatureOf = (url: string) => new URL(url).searchParams.get('X-Amz-Signature');

describe('presigned GetObject URLs with a cached signing key', () => {
  it('derives the signing key of the AWS SigV4 documentation example', () => {
    // docs.aws.amazon.com/IAM/latest/UserGuide/signing-elements: kSigning for 20120215/us-east-1/iam.
    expect(deriveSigningKey(LONG_TERM.secretAccessKey, '20120215', 'us-east-1', 'iam').toString('hex')).toBe(
      'f4780e2d9f65fa895f9c67b32ce1baf0b0d8a43505a000a1a9e090d414db404d',
    );
  });

  for (const target of TARGETS) {
    for (const [label, credentials] of [
      ['long-term credentials', LONG_TERM],
      ['session credentials', SESSION],
    ] as const) {
      it(`is byte-identical to the SDK's getSignedUrl (${target.name}, ${label})`, async () => {
        const presigner = ours(target, async () => credentials);
        const keys = [
          'accounts/0193/campaigns/0194/creatives/0195.png',
          'a b/c+d=e&f?g#h.png',
          "x~y!*'().png",
          'ünïcödé/图像/😀.png',
          'double//slash/',
        ];
        for (const bucket of ['adgen-creatives-1a2b3c', 'my.dotted.bucket']) {
          const batch = await presigner.batch(bucket, 3600, SIGNED_AT);
          for (const key of keys) {
            expect(batch.url(key)).toBe(await sdkUrl(target, credentials, bucket, key, 3600, SIGNED_AT));
          }
        }
      });
    }
  }

  it('matches the SDK for any object key and lifetime (property)', async () => {
    const target = TARGETS[0] as Target;
    const presigner = ours(target, async () => SESSION);
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
        fc.integer({ min: 1, max: MAX_EXPIRES_SECONDS }),
        async (key, expiresIn) => {
          const batch = await presigner.batch('adgen-creatives', expiresIn, SIGNED_AT);
          expect(batch.url(key)).toBe(
            await sdkUrl(target, SESSION, 'adgen-creatives', key, expiresIn, SIGNED_AT),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it('states the lifetime it was asked for and when the URL stops working', async () => {
    const presigner = ours(TARGETS[0] as Target, async () => LONG_TERM);
    const batch = await presigner.batch('adgen-creatives', 900, SIGNED_AT);
    const url = new URL(batch.url('a.png'));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Date')).toBe('20261123T123456Z');
    expect(batch.expiresAt.toISOString()).toBe('2026-11-23T12:49:56.789Z');
  });

  it('never promises a lifetime beyond the expiry of the credentials that signed it', async () => {
    const expiration = new Date(SIGNED_AT.getTime() + 300_000);
    const presigner = ours(TARGETS[0] as Target, async () => ({ ...SESSION, expiration }));
    const batch = await presigner.batch('adgen-creatives', 3600, SIGNED_AT);
    expect(batch.expiresAt).toEqual(expiration);
    // The URL itself still carries the requested lifetime, exactly as the SDK would sign it.
    expect(new URL(batch.url('a.png')).searchParams.get('X-Amz-Expires')).toBe('3600');
  });

  it('refuses lifetimes S3 would reject', async () => {
    const presigner = ours(TARGETS[0] as Target, async () => LONG_TERM);
    await expect(presigner.batch('b-b-b', 0, SIGNED_AT)).rejects.toThrow(RangeError);
    await expect(presigner.batch('b-b-b', MAX_EXPIRES_SECONDS + 1, SIGNED_AT)).rejects.toThrow(RangeError);
    await expect(presigner.batch('b-b-b', 1.5, SIGNED_AT)).rejects.toThrow(RangeError);
  });

  it('signs each object on its own: a URL does not authorise another key', async () => {
    const presigner = ours(TARGETS[0] as Target, async () => SESSION);
    const batch = await presigner.batch('adgen-creatives', 3600, SIGNED_AT);
    const a = batch.url('accounts/1/creatives/a.png');
    const b = batch.url('accounts/1/creatives/b.png');
    expect(signatureOf(a)).not.toBe(signatureOf(b));
    // The same query on b's path would need b's signature, which a's URL does not carry.
    const forged = a.replace('/creatives/a.png', '/creatives/b.png');
    expect(forged).not.toBe(b);
    expect(signatureOf(forged)).not.toBe(signatureOf(b));
    // And the other way round, what S3 checks: b's own URL is exactly what the SDK signs for b.
    expect(b).toBe(
      await sdkUrl(
        TARGETS[0] as Target,
        SESSION,
        'adgen-creatives',
        'accounts/1/creatives/b.png',
        3600,
        SIGNED_AT,
      ),
    );
  });

  it('derives the signing key once per day and re-derives when the credentials rotate', async () => {
    const target = TARGETS[0] as Target;
    let current: Credentials = SESSION;
    const presigner = ours(target, async () => current);

    for (let request = 0; request < 3; request++) {
      const batch = await presigner.batch(
        'adgen-creatives',
        3600,
        new Date(SIGNED_AT.getTime() + request * 60_000),
      );
      for (let i = 0; i < 50; i++) batch.url(`k/${i}.png`);
    }
    expect(presigner.derivations).toBe(1);

    // Lambda's role credentials rotated: a new key at once, and URLs the SDK would sign with them.
    current = {
      accessKeyId: 'ASIAROTATEDROTATED00',
      secretAccessKey: 'rotated/secret+key/0123456789abcdefghijkl',
      sessionToken: 'rotated-token',
    };
    const rotated = await presigner.batch('adgen-creatives', 3600, SIGNED_AT);
    expect(presigner.derivations).toBe(2);
    expect(rotated.url('k/1.png')).toBe(
      await sdkUrl(target, current, 'adgen-creatives', 'k/1.png', 3600, SIGNED_AT),
    );

    // Same access key id with a new secret (a rotated long-term key) also re-derives.
    current = { ...current, secretAccessKey: 'another/secret' };
    const resecret = await presigner.batch('adgen-creatives', 3600, SIGNED_AT);
    expect(presigner.derivations).toBe(3);
    expect(resecret.url('k/1.png')).toBe(
      await sdkUrl(target, current, 'adgen-creatives', 'k/1.png', 3600, SIGNED_AT),
    );

    // The next UTC day needs its own key.
    const tomorrow = new Date('2026-11-24T00:00:01Z');
    const nextDay = await presigner.batch('adgen-creatives', 3600, tomorrow);
    expect(presigner.derivations).toBe(4);
    expect(nextDay.url('k/1.png')).toBe(
      await sdkUrl(target, current, 'adgen-creatives', 'k/1.png', 3600, tomorrow),
    );
  });

  it("takes an S3 client's credentials, region and path style, once per client", async () => {
    const target = TARGETS[2] as Target;
    const s3 = new S3Client({
      region: target.region,
      endpoint: target.endpoint,
      forcePathStyle: true,
      credentials: SESSION,
    });
    const first = await presignerFor(s3, target.endpoint);
    expect(await presignerFor(s3, target.endpoint)).toBe(first);
    const batch = await first.batch('adgen-bench-creatives', 600, SIGNED_AT);
    expect(batch.url('x/y.png')).toBe(
      await sdkUrl(target, SESSION, 'adgen-bench-creatives', 'x/y.png', 600, SIGNED_AT),
    );
  });
});
