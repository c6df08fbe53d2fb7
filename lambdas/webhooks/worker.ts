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
  return (event: SQSEvent): Promise<SQSBatchResponse> =>
    processPartialResponse(event, handle, new BatchProcessor(EventType.SQS), {
      processInParallel: true,
      throwOnFullBatchFailure: false,
    });
}

function safeJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
