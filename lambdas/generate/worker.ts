import type { Logger } from '@aws-lambda-powertools/logger';
import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type { Deps } from '#core/deps.ts';
import { finalizeJobIfDone } from '#core/entities/job.ts';
import { getSlot, settleFailed } from '#core/entities/slot.ts';
import { slotMessage } from '#core/generation/messages.ts';
import { processSlot, type WorkerDeps } from './process-slot.ts';

/** Exponential backoff with jitter for a transient failure, capped at SQS's 12 h (we use 15 min). */
export function retryDelaySeconds(receiveCount: number, random = Math.random): number {
  const base = Math.min(900, 10 * 2 ** Math.max(0, receiveCount - 1));
  return Math.round(base / 2 + random() * (base / 2));
}

function parse(record: SQSRecord) {
  try {
    return slotMessage.parse(JSON.parse(record.body));
  } catch {
    return undefined;
  }
}

/**
 * The queue worker: records one at a time, partial batch failures reported, so one slow or
 * failing image never makes SQS redeliver the others.
 */
export function createWorkerHandler(deps: WorkerDeps, logger: Logger) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: SQSBatchItemFailure[] = [];
    for (const record of event.Records) {
      const message = parse(record);
      if (!message) {
        // A malformed message can never succeed; after maxReceiveCount it rests in the DLQ for a look.
        logger.error('malformed queue message', { message_id: record.messageId });
        failures.push({ itemIdentifier: record.messageId });
        continue;
      }
      const receiveCount = Number(record.attributes.ApproximateReceiveCount ?? '1');
      const fields = {
        job_id: message.job_id,
        slot_index: message.slot_index,
        account_id: message.account_id,
        receive_count: receiveCount,
      };
      const started = Date.now();
      try {
        const outcome = await processSlot(deps, message, receiveCount);
        logger.info('slot', { ...fields, ...outcome, latency_ms: Date.now() - started });
        if (outcome.result === 'retry') {
          failures.push({ itemIdentifier: record.messageId });
          await backOff(deps, record, receiveCount, logger);
        }
      } catch (error) {
        logger.error('slot processing failed', { ...fields, error });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
}

async function backOff(deps: Deps, record: SQSRecord, receiveCount: number, logger: Logger) {
  try {
    await deps.sqs.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: deps.config.queueUrl,
        ReceiptHandle: record.receiptHandle,
        VisibilityTimeout: retryDelaySeconds(receiveCount),
      }),
    );
  } catch (error) {
    // Without the backoff the message still comes back after the queue's visibility timeout.
    logger.warn('could not set retry backoff', { message_id: record.messageId, error });
  }
}

/**
 * The DLQ consumer: a message that exhausted its deliveries fails its slot and releases its
 * credit (idempotent: a slot already final is left as it is), then the message is dropped.
 */
export function createDeadLetterHandler(deps: Deps, logger: Logger) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: SQSBatchItemFailure[] = [];
    for (const record of event.Records) {
      const message = parse(record);
      if (!message) {
        logger.error('malformed message in the DLQ dropped', { message_id: record.messageId });
        continue;
      }
      try {
        const slot = await getSlot(deps, message.account_id, message.job_id, message.slot_index);
        if (slot && (slot.status === 'pending' || slot.status === 'running')) {
          await settleFailed(deps, slot, 'retries_exhausted: the image could not be made after every retry');
          await finalizeJobIfDone(deps, message.account_id, message.job_id);
          logger.warn('slot failed from the DLQ', { job_id: message.job_id, slot_index: message.slot_index });
        }
      } catch (error) {
        logger.error('DLQ settlement failed', { message_id: record.messageId, error });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
}
