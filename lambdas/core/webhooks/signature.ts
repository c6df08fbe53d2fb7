import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com). A secret is `whsec_` + base64
 * of 32 random bytes; the signed content is `<webhook-id>.<webhook-timestamp>.<body>`, and the
 * `webhook-signature` header lists one `v1,<base64 HMAC-SHA256>` per secret, space-separated,
 * so a receiver holding either secret verifies during a rotation's overlap.
 */
export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

/** One `v1,` signature of a message under one secret. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest();
  return `v1,${mac.toString('base64')}`;
}

/** The three headers of one delivery attempt, signed by every secret given (newest first). */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  at: Date,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signWebhook(s, id, timestamp, body)).join(' '),
  };
}
