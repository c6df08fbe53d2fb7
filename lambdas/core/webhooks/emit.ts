import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import type { Outbox } from '../db/outbox.ts';
import type { Deps } from '../deps.ts';
import type { DeliveryRef } from '../entities/webhook-delivery.ts';
import { allWebhookEndpoints, type WebhookEndpoint } from '../entities/webhook-endpoint.ts';
import { type EventRef, eventPut } from '../entities/webhook-event.ts';
import type { WebhookEventType } from './events.ts';

/**
 * An event about to happen: the one write that records it (to go in the same transaction as
 * the change it reports, whatever the number of endpoints: the outbox of ADR 0029), and what to
 * enqueue once that commits.
 */
export type PlannedEvent = {
  /** At most one TransactWrite item; none when no endpoint of the account subscribes to the event. */
  puts: ReturnType<typeof eventPut>[];
  event: EventRef | undefined;
};

export const NO_EVENT: PlannedEvent = { puts: [], event: undefined };

/** Whether an endpoint receives events of `type` now: subscribed, and not disabled (offboarding). */
export const receives = (endpoint: WebhookEndpoint, type: WebhookEventType) =>
  endpoint.events.includes(type) && endpoint.disabled_at === null;

/**
 * The event as a transaction item, given the account's endpoints: one Put when any of them
 * receives `type`, none otherwise. Its size never depends on how many endpoints there are.
 */
export function eventFor(
  tableName: string,
  endpoints: readonly WebhookEndpoint[],
  event: { id: string; accountId: string; type: WebhookEventType; data: unknown; at: Date },
): PlannedEvent {
  if (!endpoints.some((e) => receives(e, event.type))) return NO_EVENT;
  const now = event.at.toISOString();
  return {
    puts: [
      eventPut(tableName, {
        id: event.id,
        account_id: event.accountId,
        event_type: event.type,
        event_timestamp: now,
        data: JSON.stringify(event.data),
        fanned_out_at: null,
        created_at: now,
      }),
    ],
    event: { account_id: event.accountId, event_id: event.id },
  };
}

/**
 * Plans one event (one Query of the account's endpoints, at most 10). `data` is the body's
 * `data` as it will be sent.
 */
export async function planEvent(
  deps: Deps,
  accountId: string,
  type: WebhookEventType,
  data: unknown,
  at: Date,
): Promise<PlannedEvent> {
  const endpoints = await allWebhookEndpoints(deps, accountId);
  return eventFor(deps.config.tableName, endpoints, { id: deps.newId(), accountId, type, data, at });
}

/**
 * Sends messages to the webhook queue, 10 a call, delayed by up to SQS's 15 minutes. Each
 * carries `MessageGroupId` = its account: on a standard queue that makes it a fair queue, so one
 * tenant's burst of deliveries does not hold back another's (ADR 0029).
 */
async function sendToWebhookQueue(
  deps: Deps,
  messages: readonly { account_id: string }[],
  delaySeconds = 0,
): Promise<void> {
  const queueUrl = deps.config.webhooks.queueUrl;
  if (!queueUrl || messages.length === 0) return;
  for (let i = 0; i < messages.length; i += 10) {
    await deps.sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: messages.slice(i, i + 10).map((message, n) => ({
          Id: String(n),
          MessageBody: JSON.stringify(message),
          MessageGroupId: message.account_id,
          DelaySeconds: Math.min(900, Math.max(0, Math.ceil(delaySeconds))),
        })),
      }),
    );
  }
}

/**
 * Sends a message per delivery. A send that fails (or a process that dies first) loses nothing:
 * the delivery stays on the due index and the sweeper sends it again (sweep.ts).
 */
export function enqueueDeliveries(deps: Deps, refs: readonly DeliveryRef[], delaySeconds = 0): Promise<void> {
  return sendToWebhookQueue(deps, refs, delaySeconds);
}

/** Sends a message per event to fan out; an event not fanned out stays listed for the sweeper. */
export function enqueueEvents(deps: Deps, refs: readonly EventRef[]): Promise<void> {
  return sendToWebhookQueue(deps, refs);
}

/** Enqueues after commit; a failure is left to the sweeper rather than failing the change that committed. */
export async function enqueueAfterCommit(deps: Deps, planned: PlannedEvent): Promise<void> {
  if (!planned.event) return;
  try {
    await enqueueEvents(deps, [planned.event]);
  } catch {
    // The event is written and listed for fan-out: the sweeper sends it (a little later).
  }
}

/**
 * The outbox of one event about a change: its item goes in the change's transaction, its
 * enqueue after the commit; `then` runs after that (metrics counted only for committed moves).
 */
export function eventOutbox<C>(
  deps: Deps,
  accountId: string,
  event: (change: C) => { type: WebhookEventType; data: unknown },
  then?: (change: C) => void,
): Outbox<C> {
  return async (change, at) => {
    const { type, data } = event(change);
    const planned = await planEvent(deps, accountId, type, data, at);
    return {
      puts: planned.puts,
      committed: async () => {
        await enqueueAfterCommit(deps, planned);
        then?.(change);
      },
    };
  };
}
