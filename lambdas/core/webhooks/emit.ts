import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { Deps } from '../deps.ts';
import { type DeliveryRef, deliveryPut, refOf, type WebhookDelivery } from '../entities/webhook-delivery.ts';
import { allWebhookEndpoints } from '../entities/webhook-endpoint.ts';
import type { WebhookEventType } from './events.ts';

/**
 * An event about to happen: the writes that record it for each subscribed endpoint (to go in
 * the same transaction as the change it reports), and what to enqueue once that commits.
 */
export type PlannedEvent = {
  /** TransactWrite items, none when no endpoint of the account subscribes to the event. */
  puts: ReturnType<typeof deliveryPut>[];
  refs: DeliveryRef[];
};

export const NO_EVENT: PlannedEvent = { puts: [], refs: [] };

/**
 * Plans one event: a pending delivery per endpoint of the account that subscribes to `type`
 * (one Query of the account's endpoints). `data` is the body's `data` as it will be sent.
 */
export async function planEvent(
  deps: Deps,
  accountId: string,
  type: WebhookEventType,
  data: unknown,
  at: Date,
): Promise<PlannedEvent> {
  const endpoints = (await allWebhookEndpoints(deps, accountId)).filter((e) => e.events.includes(type));
  if (endpoints.length === 0) return NO_EVENT;
  const now = at.toISOString();
  const deliveries: WebhookDelivery[] = endpoints.map((endpoint) => ({
    id: deps.newId(),
    account_id: accountId,
    webhook_endpoint_id: endpoint.id,
    event_type: type,
    event_timestamp: now,
    data: JSON.stringify(data),
    status: 'pending',
    attempts: 0,
    last_status_code: null,
    last_error: null,
    next_attempt_at: now,
    lease_id: null,
    lease_until: null,
    created_at: now,
    updated_at: now,
  }));
  return {
    puts: deliveries.map((d) => deliveryPut(deps.config.tableName, d)),
    refs: deliveries.map(refOf),
  };
}

/**
 * Sends a message per delivery, after the transaction that wrote them committed, delayed by up
 * to SQS's 15 minutes. A send that fails (or a process that dies first) loses nothing: the
 * delivery stays on the due index and the sweeper sends it again (sweep.ts).
 */
export async function enqueueDeliveries(
  deps: Deps,
  refs: readonly DeliveryRef[],
  delaySeconds = 0,
): Promise<void> {
  const queueUrl = deps.config.webhooks.queueUrl;
  if (!queueUrl || refs.length === 0) return;
  for (let i = 0; i < refs.length; i += 10) {
    await deps.sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: refs.slice(i, i + 10).map((ref, n) => ({
          Id: String(n),
          MessageBody: JSON.stringify(ref),
          DelaySeconds: Math.min(900, Math.max(0, Math.ceil(delaySeconds))),
        })),
      }),
    );
  }
}

/** Enqueues after commit; a failure is left to the sweeper rather than failing the change that committed. */
export async function enqueueAfterCommit(deps: Deps, planned: PlannedEvent): Promise<void> {
  try {
    await enqueueDeliveries(deps, planned.refs);
  } catch {
    // The deliveries are written and due: the sweeper sends them (at least once, a little later).
  }
}
