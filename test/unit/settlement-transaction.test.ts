/**
 * The slot settlement's transaction (ADR 0029): its size does not depend on how many webhook
 * endpoints the account has. The event is one outbox item; the fan-out to endpoints happens
 * after the commit, in the delivery path.
 */
import { describe, expect, it } from 'vitest';
import { settlementItems } from '#core/entities/slot.ts';
import type { WebhookEndpoint } from '#core/entities/webhook-endpoint.ts';
import { eventFor } from '#core/webhooks/emit.ts';
import { MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT } from '#core/webhooks/events.ts';

const at = new Date('2026-01-01T00:00:00Z');
const endpoint = (n: number, disabled = false): WebhookEndpoint => ({
  id: `e${n}`,
  url: `https://hooks.example.com/${n}`,
  events: ['job.completed', 'creative.succeeded', 'creative.failed'],
  secret: 'whsec_x',
  previous_secret: null,
  previous_secret_expires_at: null,
  disabled_at: disabled ? at.toISOString() : null,
  created_at: at.toISOString(),
  updated_at: at.toISOString(),
});
const slot = { account_id: 'a', job_id: 'j', campaign_id: 'c', index: 0, id: 's' };

function itemsWith(endpoints: number, status: 'succeeded' | 'failed', disabled = false) {
  const event = eventFor(
    'table',
    Array.from({ length: endpoints }, (_, n) => endpoint(n, disabled)),
    { id: 'ev', accountId: 'a', type: `creative.${status}`, data: { job_id: 'j', index: 0 }, at },
  );
  return settlementItems(
    'table',
    slot,
    status === 'succeeded'
      ? { status, leaseId: 'l', result: { width: 1, height: 1, bytes: 1, model: 'm' } }
      : { status, reason: 'content_filtered: x' },
    at.toISOString(),
    event.puts,
  );
}

describe('the settlement transaction', () => {
  it('has the same number of items with 1, the maximum, or 1,000 endpoints subscribed', () => {
    for (const status of ['succeeded', 'failed'] as const) {
      const counts = [1, MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT, 1000].map((n) => itemsWith(n, status).length);
      console.log(
        `settlement (${status}) items with 1 / ${MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT} / 1000 endpoints: ${counts.join(' / ')}`,
      );
      expect(counts).toEqual([4, 4, 4]);
    }
  });

  it('records the event as one outbox item, and none when no endpoint receives it', () => {
    const items = itemsWith(MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT, 'succeeded');
    const puts = items.filter((i) => 'Put' in i);
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({
      Put: { Item: { entity: 'webhook_event', event_type: 'creative.succeeded' } },
    });
    expect(itemsWith(0, 'succeeded')).toHaveLength(3);
    // Disabled endpoints (an offboarded owner's) receive nothing.
    expect(itemsWith(MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT, 'failed', true)).toHaveLength(3);
  });
});
