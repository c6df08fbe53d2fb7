import * as z from 'zod';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { inCollection, keys } from '../db/keys.ts';
import { getItem, queryBefore, updateIf } from '../db/table.ts';
import { tableDesign } from '../db/table-design.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhooks/events.ts';
import { DELIVERY_RETENTION_DAYS } from './webhook-delivery.ts';

/**
 * One event of an account: the outbox (ADR 0029). Written as one item in the same transaction
 * as the change it reports (a slot's settlement, a job's final status), whatever the number of
 * endpoints; the delivery path then fans it out to one delivery per subscribed endpoint.
 */
export type WebhookEvent = {
  /** A UUIDv7; also the id of each of its deliveries (one per endpoint) and their `webhook-id`. */
  id: string;
  account_id: string;
  event_type: WebhookEventType;
  /** When the event happened: the body's `timestamp`. */
  event_timestamp: string;
  /** The body's `data`, as JSON. */
  data: string;
  /** Set once every subscribed endpoint has its delivery (the event then leaves the fan-out index). */
  fanned_out_at: string | null;
  created_at: string;
};

export const webhookEventEntity = defineEntity({
  name: 'webhook_event',
  module: 'lambdas/core/entities/webhook-event.ts',
  schema: z.object({
    id: z.string(),
    account_id: z.string(),
    event_type: z.enum(WEBHOOK_EVENT_TYPES),
    event_timestamp: z.string(),
    data: z.string(),
    fanned_out_at: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    created_at: z.string(),
  }),
  keys: ['webhookEvent', 'eventsToFanOut'],
  patterns: [
    {
      does: 'record an event with the change it reports (the outbox)',
      operation:
        "one Put `attribute_not_exists(pk)` inside the change's TransactWrite, listed on gsi2 `WEBHOOKS#fanout`",
      consistency: '–',
      functions: ['eventPut'],
    },
    {
      does: 'get an event to fan it out',
      operation: 'GetItem `pk = ACCOUNT#<a>#EVENT#<id>, sk = EVENT`',
      consistency: 'strong',
      functions: ['getWebhookEvent'],
    },
    {
      does: 'mark an event fanned out',
      operation: 'UpdateItem SET `fanned_out_at`, REMOVE its gsi2 keys',
      consistency: '–',
      functions: ['markFannedOut'],
    },
    {
      does: 'find events whose fan-out was interrupted',
      operation: 'Query gsi2 `WEBHOOKS#fanout` with `gsi2sk < EVENT#<cutoff>`',
      consistency: 'eventual (GSI)',
      functions: ['listEventsToFanOut'],
    },
  ],
});

/** What the queue carries for an event to fan out: its key. */
export type EventRef = { account_id: string; event_id: string };

/** A transaction item that records a new event, listed until it is fanned out. */
export function eventPut(tableName: string, event: WebhookEvent) {
  const expires = Date.parse(event.created_at) + DELIVERY_RETENTION_DAYS * 86_400_000;
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.webhookEvent(event.account_id, event.id),
        ...inCollection(keys.eventsToFanOut(), event.created_at, event.account_id, event.id),
        entity: 'webhook_event',
        ...event,
        [tableDesign.timeToLiveAttribute]: Math.ceil(expires / 1000),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function getWebhookEvent(deps: DbDeps, ref: EventRef): Promise<WebhookEvent | undefined> {
  return getItem(deps, keys.webhookEvent(ref.account_id, ref.event_id), webhookEventEntity.fromItem);
}

/** Fanned out: off the fan-out index, so the sweeper leaves it alone. */
export function markFannedOut(deps: DbDeps, ref: EventRef): Promise<boolean> {
  return updateIf(deps, {
    Key: keys.webhookEvent(ref.account_id, ref.event_id),
    UpdateExpression: 'SET fanned_out_at = :now REMOVE gsi2pk, gsi2sk',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':now': deps.now().toISOString() },
  });
}

/** Events (any account) written before `cutoff` and not yet fanned out, oldest first, at most `limit`. */
export async function listEventsToFanOut(deps: DbDeps, cutoff: Date, limit = 100): Promise<EventRef[]> {
  const items = await queryBefore(deps, keys.eventsToFanOut(), cutoff.toISOString(), limit);
  const refSchema = z.object({ account_id: z.string(), id: z.string() });
  return items.map((item) => {
    const e = webhookEventEntity.fromItemAs(refSchema, item);
    return { account_id: e.account_id, event_id: e.id };
  });
}
