import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { inCollection, keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import type { PageRequest } from '../db/query.ts';
import { getItem, queryBefore, queryPage, updateIf } from '../db/table.ts';
import { tableDesign } from '../db/table-design.ts';
import { nullableNumber, nullableString } from '../db/zod-fields.ts';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhooks/events.ts';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * One event on its way to one endpoint. Written in the same transaction as the change it
 * reports (a job's final status, a slot's settlement), so an event exists exactly when its
 * change does; the queue only carries its key (ADR 0025).
 */
export type WebhookDelivery = {
  /** Also the `webhook-id` header: the same on every attempt, so receivers can deduplicate. */
  id: string;
  account_id: string;
  webhook_endpoint_id: string;
  event_type: WebhookEventType;
  /** When the event happened: the body's `timestamp`. */
  event_timestamp: string;
  /** The body's `data`, as JSON: the job record, or the slot a creative event names. */
  data: string;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  /** When the next attempt is due; null once delivered or failed. */
  next_attempt_at: string | null;
  lease_id: string | null;
  lease_until: string | null;
  created_at: string;
  updated_at: string;
};

export const webhookDeliveryEntity = defineEntity({
  name: 'webhook_delivery',
  module: 'lambdas/core/entities/webhook-delivery.ts',
  schema: z.object({
    id: z.string(),
    account_id: z.string(),
    webhook_endpoint_id: z.string(),
    event_type: z.enum(WEBHOOK_EVENT_TYPES),
    event_timestamp: z.string(),
    data: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int().nonnegative(),
    last_status_code: nullableNumber,
    last_error: nullableString,
    next_attempt_at: nullableString,
    lease_id: nullableString,
    lease_until: nullableString,
    created_at: z.string(),
    updated_at: z.string(),
  }),
  keys: ['webhookDelivery', 'deliveriesOfEndpoint', 'dueWebhookDeliveries'],
  patterns: [
    {
      does: 'record an event for each subscribed endpoint, with the change it reports',
      operation:
        "Put `attribute_not_exists(pk)` inside the change's TransactWrite, listed on gsi2 `WEBHOOKS#due`",
      consistency: '–',
      functions: ['deliveryPut'],
    },
    {
      does: 'get a delivery by endpoint and id',
      operation: 'GetItem `pk = ACCOUNT#<a>#WEBHOOK#<e>, sk = DELIVERY#<id>`',
      consistency: 'strong',
      functions: ['getDelivery'],
    },
    {
      does: "list an endpoint's deliveries, newest first",
      operation: 'Query `pk = ACCOUNT#<a>#WEBHOOK#<e> AND begins_with(sk, DELIVERY#)`',
      consistency: 'strong',
      functions: ['listDeliveriesOfEndpoint'],
    },
    {
      does: 'take a due delivery for one attempt',
      operation: 'UpdateItem `status = pending AND attempts = :read AND no live lease`',
      consistency: '–',
      functions: ['claimDelivery'],
    },
    {
      does: "record an attempt's outcome (delivered, retry at, failed)",
      operation: 'UpdateItem `lease_id = :mine`, moving it on gsi2 or off it',
      consistency: '–',
      functions: ['recordAttempt'],
    },
    {
      does: 'find deliveries overdue (a lost or never-sent message)',
      operation: 'Query gsi2 `WEBHOOKS#due` with `gsi2sk < DELIVERY#<cutoff>`',
      consistency: 'eventual (GSI)',
      functions: ['listOverdueDeliveries'],
    },
  ],
});

export const webhookDeliveryFromItem: (item: Record<string, unknown>) => WebhookDelivery =
  webhookDeliveryEntity.fromItem;

/** What the queue carries: the delivery's key, nothing else. */
export type DeliveryRef = { account_id: string; webhook_endpoint_id: string; delivery_id: string };

export const refOf = (
  d: Pick<WebhookDelivery, 'account_id' | 'webhook_endpoint_id' | 'id'>,
): DeliveryRef => ({
  account_id: d.account_id,
  webhook_endpoint_id: d.webhook_endpoint_id,
  delivery_id: d.id,
});

const dueKeys = (d: Pick<WebhookDelivery, 'account_id' | 'webhook_endpoint_id' | 'id'>, at: string) =>
  inCollection(keys.dueWebhookDeliveries(), at, d.account_id, d.webhook_endpoint_id, d.id) as {
    gsi2pk: string;
    gsi2sk: string;
  };

/** How long a delivery's record is kept (then the table's TTL removes it): its 24 h of retries and a month to read it. */
export const DELIVERY_RETENTION_DAYS = 30;

/** A transaction item that writes a new delivery, due at once. */
export function deliveryPut(tableName: string, delivery: WebhookDelivery) {
  const expires = Date.parse(delivery.created_at) + DELIVERY_RETENTION_DAYS * 86_400_000;
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...keys.webhookDelivery(delivery.account_id, delivery.webhook_endpoint_id, delivery.id),
        ...(delivery.next_attempt_at ? dueKeys(delivery, delivery.next_attempt_at) : {}),
        entity: 'webhook_delivery',
        ...delivery,
        [tableDesign.timeToLiveAttribute]: Math.ceil(expires / 1000),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

export function getDelivery(deps: DbDeps, ref: DeliveryRef): Promise<WebhookDelivery | undefined> {
  return getItem(
    deps,
    keys.webhookDelivery(ref.account_id, ref.webhook_endpoint_id, ref.delivery_id),
    webhookDeliveryFromItem,
  );
}

export function listDeliveriesOfEndpoint(
  deps: DbDeps,
  accountId: string,
  endpointId: string,
  page: PageRequest,
): Promise<Page<WebhookDelivery>> {
  return queryPage(deps, keys.deliveriesOfEndpoint(accountId, endpointId), page, webhookDeliveryFromItem);
}

/**
 * Takes a pending delivery for one attempt (a lease of `leaseMs`), conditional on nobody having
 * attempted it since it was read: a duplicate message finds it taken and does nothing. Answers
 * the lease id, or undefined when it was not taken.
 */
export async function claimDelivery(
  deps: DbDeps,
  delivery: WebhookDelivery,
  leaseMs: number,
): Promise<string | undefined> {
  const now = deps.now();
  const leaseId = randomUUID();
  const taken = await updateIf(deps, {
    Key: keys.webhookDelivery(delivery.account_id, delivery.webhook_endpoint_id, delivery.id),
    UpdateExpression: 'SET lease_id = :lease, lease_until = :until',
    ConditionExpression:
      '#status = :pending AND attempts = :attempts AND (attribute_not_exists(lease_until) OR lease_until = :null OR lease_until < :now)',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':lease': leaseId,
      ':until': new Date(now.getTime() + leaseMs).toISOString(),
      ':pending': 'pending',
      ':attempts': delivery.attempts,
      ':null': null,
      ':now': now.toISOString(),
    },
  });
  return taken ? leaseId : undefined;
}

export type AttemptRecord = {
  status: DeliveryStatus;
  statusCode: number | null;
  error: string | null;
  /** When the next attempt is due (status pending). */
  nextAttemptAt?: Date | undefined;
};

/**
 * Records one attempt under the lease that made it: attempts + 1, what the receiver answered,
 * and either the next due time (kept on the due index) or a final status (taken off it).
 * Answers false when the lease was lost (nothing written).
 */
export async function recordAttempt(
  deps: DbDeps,
  delivery: WebhookDelivery,
  leaseId: string,
  attempt: AttemptRecord,
): Promise<boolean> {
  const now = deps.now().toISOString();
  const next =
    attempt.status === 'pending' && attempt.nextAttemptAt ? attempt.nextAttemptAt.toISOString() : null;
  const due = next ? dueKeys(delivery, next) : undefined;
  return updateIf(deps, {
    Key: keys.webhookDelivery(delivery.account_id, delivery.webhook_endpoint_id, delivery.id),
    UpdateExpression: `SET #status = :status, attempts = attempts + :one, last_status_code = :code, last_error = :error, next_attempt_at = :next, updated_at = :now${
      due ? ', gsi2pk = :g2pk, gsi2sk = :g2sk' : ''
    } REMOVE lease_id, lease_until${due ? '' : ', gsi2pk, gsi2sk'}`,
    ConditionExpression: 'lease_id = :lease',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':status': attempt.status,
      ':one': 1,
      ':code': attempt.statusCode,
      ':error': attempt.error?.slice(0, 300) ?? null,
      ':next': next,
      ':now': now,
      ':lease': leaseId,
      ...(due ? { ':g2pk': due.gsi2pk, ':g2sk': due.gsi2sk } : {}),
    },
  });
}

/** Pending deliveries (any account) whose attempt was due before `cutoff`, oldest first, at most `limit`. */
export async function listOverdueDeliveries(deps: DbDeps, cutoff: Date, limit = 100): Promise<DeliveryRef[]> {
  const items = await queryBefore(deps, keys.dueWebhookDeliveries(), cutoff.toISOString(), limit);
  const refSchema = z.object({ account_id: z.string(), webhook_endpoint_id: z.string(), id: z.string() });
  return items.map((item) => refOf(webhookDeliveryEntity.fromItemAs(refSchema, item)));
}
