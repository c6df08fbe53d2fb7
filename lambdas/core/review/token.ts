import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a review link's token carries: whose link, which one, until when (seconds). */
export type ReviewTokenClaims = { accountId: string; linkId: string; expiresAt: number };

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(`adgen-review-link.v1.${payload}`).digest();
}

/** `<payload>.<signature>`, both base64url: HMAC-SHA256 over the payload with the stack's key (ADR 0040). */
export function signReviewToken(key: Buffer, claims: ReviewTokenClaims): string {
  const payload = b64(JSON.stringify({ a: claims.accountId, l: claims.linkId, e: claims.expiresAt }));
  return `${payload}.${b64(mac(key, payload))}`;
}

/**
 * The claims of a token whose signature is the stack's, else undefined: a token edited in any
 * byte, cut, or signed with another key is refused before anything is read.
 */
export function verifyReviewToken(key: Buffer, token: string): ReviewTokenClaims | undefined {
  if (token.length > 1024) return undefined;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, payload);
  if (given.byteLength !== expected.byteLength || !timingSafeEqual(given, expected)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof claims.a !== 'string' || typeof claims.l !== 'string' || typeof claims.e !== 'number')
      return undefined;
    return { accountId: claims.a, linkId: claims.l, expiresAt: claims.e };
  } catch {
    return undefined;
  }
}
