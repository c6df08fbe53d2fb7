import fc from 'fast-check';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signingSecrets, type WebhookEndpoint } from '#core/entities/webhook-endpoint.ts';
import { newWebhookSecret, signWebhook, webhookHeaders } from '#core/webhooks/signature.ts';

describe('the Standard Webhooks signer', () => {
  it('makes whsec_ secrets of 32 random bytes, never the same twice', () => {
    const secrets = Array.from({ length: 50 }, newWebhookSecret);
    for (const s of secrets) {
      expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(s.slice('whsec_'.length), 'base64')).toHaveLength(32);
    }
    expect(new Set(secrets).size).toBe(50);
  });

  it('signs exactly as the standardwebhooks library does, for any id, time and body', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
        fc.string({ maxLength: 300 }),
        (id, seconds, body) => {
          const secret = newWebhookSecret();
          const expected = new Webhook(secret).sign(id, new Date(seconds * 1000), body);
          expect(signWebhook(secret, id, seconds, body)).toBe(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("produces headers the library verifies with either secret of a rotation's overlap, and no other", () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({
      type: 'job.completed',
      timestamp: new Date().toISOString(),
      data: { job: {} },
    });
    const headers = webhookHeaders([current, previous], 'msg_0197a1b2', new Date(), body);
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}= v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(current).verify(body, headers)).toMatchObject({ type: 'job.completed' });
    expect(new Webhook(previous).verify(body, headers)).toMatchObject({ type: 'job.completed' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(current).verify(`${body} `, headers)).toThrow(WebhookVerificationError);
    // A timestamp outside the library's five-minute tolerance is refused (replays).
    const old = webhookHeaders([current], 'msg_1', new Date(Date.now() - 10 * 60_000), body);
    expect(() => new Webhook(current).verify(body, old)).toThrow(WebhookVerificationError);
  });

  it('signs with the replaced secret only until its overlap ends', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const endpoint: WebhookEndpoint = {
      id: 'e',
      url: 'https://example.com',
      events: ['job.completed'],
      secret: 'whsec_new',
      previous_secret: 'whsec_old',
      previous_secret_expires_at: '2026-01-02T00:00:00.000Z',
      disabled_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    expect(signingSecrets(endpoint, now)).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets(endpoint, new Date('2026-01-02T00:00:00Z'))).toEqual(['whsec_new']);
    expect(
      signingSecrets({ ...endpoint, previous_secret: null, previous_secret_expires_at: null }, now),
    ).toEqual(['whsec_new']);
  });
});
