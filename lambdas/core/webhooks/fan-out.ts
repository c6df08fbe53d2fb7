import { putIfAbsent } from '../db/table.ts';
import type { Deps } from '../deps.ts';
import { type DeliveryRef, deliveryPut, refOf, type WebhookDelivery } from '../entities/webhook-delivery.ts';
import { allWebhookEndpoints } from '../entities/webhook-endpoint.ts';
import { type EventRef, getWebhookEvent, markFannedOut } from '../entities/webhook-event.ts';
import { enqueueDeliveries, receives } from './emit.ts';

export type FanOutResult =
  | { result: 'fanned_out'; deliveries: number }
  | { result: 'skipped'; why: 'missing' | 'final' };

/**
 * Fans one event out (ADR 0029), after the transaction that recorded it committed: a pending
 * delivery per endpoint of the account that receives its type (and existed when it happened),
 * each enqueued, then the event marked fanned out. Every step can be repeated: a delivery's id
 * is its event's (one per endpoint), written only if absent, so an interrupted fan-out that the
 * sweeper re-drives writes what is missing and re-sends messages (a duplicate is harmless, the
 * attempt is claimed conditionally).
 */
export async function fanOutEvent(deps: Deps, ref: EventRef): Promise<FanOutResult> {
  const event = await getWebhookEvent(deps, ref);
  if (!event) return { result: 'skipped', why: 'missing' };
  if (event.fanned_out_at) return { result: 'skipped', why: 'final' };
  const endpoints = (await allWebhookEndpoints(deps, ref.account_id)).filter(
    (e) => receives(e, event.event_type) && e.created_at <= event.created_at,
  );
  const now = deps.now().toISOString();
  const refs: DeliveryRef[] = await Promise.all(
    endpoints.map(async (endpoint) => {
      const delivery: WebhookDelivery = {
        id: event.id,
        account_id: event.account_id,
        webhook_endpoint_id: endpoint.id,
        event_type: event.event_type,
        event_timestamp: event.event_timestamp,
        data: event.data,
        status: 'pending',
        attempts: 0,
        last_status_code: null,
        last_error: null,
        next_attempt_at: now,
        lease_id: null,
        lease_until: null,
        // Its retry window (at least 24 h of attempts) counts from here, its first attempt.
        created_at: now,
        updated_at: now,
      };
      await putIfAbsent(deps, deliveryPut(deps.config.tableName, delivery).Put.Item);
      return refOf(delivery);
    }),
  );
  await enqueueDeliveries(deps, refs);
  await markFannedOut(deps, ref);
  return { result: 'fanned_out', deliveries: refs.length };
}
