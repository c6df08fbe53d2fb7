import * as z from 'zod';
import type { Deps } from '../deps.ts';
import {
  claimDelivery,
  type DeliveryRef,
  getDelivery,
  recordAttempt,
  type WebhookDelivery,
} from '../entities/webhook-delivery.ts';
import { getWebhookEndpoint, signingSecrets } from '../entities/webhook-endpoint.ts';
import type { EventRef } from '../entities/webhook-event.ts';
import type { PostOutcome, safePost } from '../net/safe-post.ts';
import { nextAttemptAt } from './backoff.ts';
import { enqueueDeliveries } from './emit.ts';
import { DELIVERY_TIMEOUT_MS } from './events.ts';
import { webhookHeaders } from './signature.ts';

export const deliveryRefSchema: z.ZodType<DeliveryRef> = z.object({
  account_id: z.string().min(1),
  webhook_endpoint_id: z.string().min(1),
  delivery_id: z.string().min(1),
});

/** An event message (`{ account_id, event_id }`): fan it out. */
export const eventRefSchema: z.ZodType<EventRef> = z.strictObject({
  account_id: z.string().min(1),
  event_id: z.string().min(1),
});

export type DeliveryDeps = Deps & {
  /** The POST itself (the SSRF-safe one in production; tests keep it). */
  post: typeof safePost;
  /** Builds the body's `data` from what the delivery stored (a creative event reads its slot); undefined when that is gone. */
  renderData: (deps: Deps, delivery: WebhookDelivery) => Promise<unknown>;
};

export type AttemptResult =
  | { result: 'delivered' | 'failed'; statusCode: number | null }
  | { result: 'retry'; statusCode: number | null; nextAttemptAt: Date }
  | { result: 'skipped'; why: 'missing' | 'final' | 'busy' | 'not_due' };

/** A lease long enough for one POST (10 s) and the writes around it. */
const LEASE_MS = 30_000;

/**
 * One message of the delivery queue:
 * 1. read the delivery; a finished one (or one a duplicate message is attempting) is left alone;
 * 2. not yet due (a retry further off than SQS's 15-minute delay): send the message again with
 *    the rest of the wait;
 * 3. claim it for one attempt; sign the body with every live secret of the endpoint (the
 *    current one, and the replaced one during a rotation's overlap) and POST it, pinned, 10 s;
 * 4. a 2xx is delivered; anything else is retried with exponential backoff and jitter until the
 *    retry window (24 h) has passed since the event, then failed. A deleted endpoint, or a
 *    creative deleted since its event, fails it without a request; so does an endpoint
 *    disabled by its owner's offboarding.
 */
export async function attemptDelivery(deps: DeliveryDeps, ref: DeliveryRef): Promise<AttemptResult> {
  const delivery = await getDelivery(deps, ref);
  if (!delivery) return { result: 'skipped', why: 'missing' };
  if (delivery.status !== 'pending') return { result: 'skipped', why: 'final' };
  const now = deps.now();
  const dueIn = delivery.next_attempt_at ? Date.parse(delivery.next_attempt_at) - now.getTime() : 0;
  if (dueIn > 1_000) {
    await enqueueDeliveries(deps, [ref], dueIn / 1000);
    return { result: 'skipped', why: 'not_due' };
  }
  const leaseId = await claimDelivery(deps, delivery, LEASE_MS);
  if (!leaseId) return { result: 'skipped', why: 'busy' };

  const endpoint = await getWebhookEndpoint(deps, ref.account_id, ref.webhook_endpoint_id);
  if (!endpoint || endpoint.disabled_at) {
    await recordAttempt(deps, delivery, leaseId, {
      status: 'failed',
      statusCode: null,
      // A disabled endpoint's owner was offboarded (ADR 0029): nothing more goes to it.
      error: endpoint ? 'endpoint disabled' : 'endpoint deleted',
    });
    return { result: 'failed', statusCode: null };
  }
  const data = await deps.renderData(deps, delivery);
  if (data === undefined) {
    await recordAttempt(deps, delivery, leaseId, {
      status: 'failed',
      statusCode: null,
      error: 'subject deleted',
    });
    return { result: 'failed', statusCode: null };
  }
  const at = deps.now();
  const body = JSON.stringify({ type: delivery.event_type, timestamp: delivery.event_timestamp, data });
  const outcome: PostOutcome = await deps.post(
    endpoint.url,
    body,
    webhookHeaders(signingSecrets(endpoint, at), delivery.id, at, body),
    { timeoutMs: DELIVERY_TIMEOUT_MS, allowLoopback: deps.config.webhooks.allowLocal },
  );
  const ended = deps.now();
  const statusCode = outcome.status;
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
    await recordAttempt(deps, delivery, leaseId, { status: 'delivered', statusCode, error: null });
    return { result: 'delivered', statusCode };
  }
  const error = outcome.status === null ? outcome.error : `HTTP ${outcome.status}`;
  const next = nextAttemptAt(new Date(delivery.created_at), ended, delivery.attempts + 1, {
    baseMs: deps.config.webhooks.retryBaseMs,
    capMs: deps.config.webhooks.retryCapMs,
    windowMs: deps.config.webhooks.retryWindowMs,
  });
  if (!next) {
    await recordAttempt(deps, delivery, leaseId, { status: 'failed', statusCode, error });
    return { result: 'failed', statusCode };
  }
  const recorded = await recordAttempt(deps, delivery, leaseId, {
    status: 'pending',
    statusCode,
    error,
    nextAttemptAt: next,
  });
  if (recorded) await enqueueDeliveries(deps, [ref], (next.getTime() - ended.getTime()) / 1000);
  return { result: 'retry', statusCode, nextAttemptAt: next };
}
