import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Logger } from '@aws-lambda-powertools/logger';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { Deps } from '#core/deps.ts';
import { safePost } from '#core/net/safe-post.ts';
import {
  attemptDelivery,
  type DeliveryDeps,
  deliveryRefSchema,
  eventRefSchema,
} from '#core/webhooks/deliver.ts';
import { MAX_CONCURRENT_DELIVERIES_PER_ACCOUNT } from '#core/webhooks/events.ts';
import { fanOutEvent } from '#core/webhooks/fan-out.ts';
import { renderEventData } from '#core/webhooks/render.ts';

export function createDeliveryDeps(deps: Deps, overrides: Partial<DeliveryDeps> = {}): DeliveryDeps {
  return { ...deps, post: safePost, renderData: renderEventData, ...overrides };
}

/**
 * The delivery queue's consumer (the Lambda on AWS, the local delivery loop under `npm start`):
 * an event message is fanned out to one delivery per endpoint; a delivery message is one attempt, in parallel (each is mostly a wait on a receiver, at most 10 s).
 * A message whose attempt threw (DynamoDB, SQS) is reported failed and delivered again; after
 * the queue's receive count it goes to the DLQ, and the sweeper still finds its delivery due.
 */
export function createDeliveryHandler(deps: DeliveryDeps, logger: Logger) {
  const handle = async (record: SQSRecord) => {
    const body = safeJson(record.body);
    const event = eventRefSchema.safeParse(body);
    if (event.success) {
      // An event to fan out to its endpoints' deliveries (ADR 0029); a failure is retried by SQS.
      const outcome = await fanOutEvent(deps, event.data);
      logger.info('webhook event', { ...event.data, ...outcome });
      return;
    }
    const parsed = deliveryRefSchema.safeParse(body);
    if (!parsed.success) {
      logger.error('malformed delivery message dropped', { message_id: record.messageId });
      return;
    }
    const ref = parsed.data;
    try {
      const outcome = await attemptDelivery(deps, ref);
      logger.info('webhook delivery', {
        delivery_id: ref.delivery_id,
        webhook_endpoint_id: ref.webhook_endpoint_id,
        account_id: ref.account_id,
        ...outcome,
      });
    } catch (error) {
      logger.error('webhook delivery attempt failed', { delivery_id: ref.delivery_id, error });
      throw error;
    }
  };
  // At most a few of one account's messages at once in this process (ADR 0029): beside the fair
  // queue, a batch of one tenant's fan-out does not occupy every attempt of the instance.
  const limited = perKeyLimit(MAX_CONCURRENT_DELIVERIES_PER_ACCOUNT);
  const fair = (record: SQSRecord) => limited(accountOf(record.body), () => handle(record));
  return (event: SQSEvent): Promise<SQSBatchResponse> =>
    processPartialResponse(event, fair, new BatchProcessor(EventType.SQS), {
      processInParallel: true,
      throwOnFullBatchFailure: false,
    });
}

function accountOf(body: string): string {
  const parsed = safeJson(body) as { account_id?: unknown } | undefined;
  return typeof parsed?.account_id === 'string' ? parsed.account_id : '';
}

/** Runs at most `limit` tasks of one key at once; the others wait their turn, in order. */
export function perKeyLimit(limit: number) {
  const running = new Map<string, number>();
  const waiting = new Map<string, (() => void)[]>();
  return async <T>(key: string, task: () => Promise<T>): Promise<T> => {
    if ((running.get(key) ?? 0) >= limit) {
      await new Promise<void>((resolve) => waiting.set(key, [...(waiting.get(key) ?? []), resolve]));
    } else {
      running.set(key, (running.get(key) ?? 0) + 1);
    }
    try {
      return await task();
    } finally {
      const next = waiting.get(key)?.shift();
      // The slot passes straight to the next waiter; without one it is freed.
      if (next) next();
      else running.set(key, (running.get(key) ?? 1) - 1);
    }
  };
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
