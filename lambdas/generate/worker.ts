import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Logger } from '@aws-lambda-powertools/logger';
import { ChangeMessageVisibilityCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { backoffMs } from '#core/db/retry.ts';
import type { Deps } from '#core/deps.ts';
import { finalizeJobIfDone } from '#core/entities/job.ts';
import { getSlot, settleSlot, slotId } from '#core/entities/slot.ts';
import { exportMessage, isExportMessage } from '#core/export/messages.ts';
import { type SlotMessage, slotMessage } from '#core/generation/messages.ts';
import { jobCompletedOutbox, settlementOutbox } from '#core/generation/outboxes.ts';
import { METRIC } from '#core/telemetry.ts';
import { processSlot, type SlotOutcome, type WorkerDeps } from './process-slot.ts';

/** The visibility delay of a transient failure: the service's one backoff, capped at 15 min (SQS allows 12 h). */
export function retryDelaySeconds(receiveCount: number, random = Math.random): number {
  return Math.round(backoffMs(receiveCount, { baseMs: 10_000, capMs: 900_000 }, random) / 1000);
}

/** Thrown by a record handler for a record SQS should deliver again; already logged. */
class RedeliverError extends Error {
  override name = 'RedeliverError';
}

/**
 * Runs `handle` on each record, one at a time (a worker's memory and the model's quota are
 * sized for one image at a time), and reports the records it threw for as partial batch
 * failures (Powertools batch). A batch that fails whole answers every record as failed rather
 * than throwing, as the handler did before.
 */
function eachRecord(
  event: SQSEvent,
  handle: (record: SQSRecord) => Promise<void>,
): Promise<SQSBatchResponse> {
  return processPartialResponse(event, handle, new BatchProcessor(EventType.SQS), {
    processInParallel: false,
    throwOnFullBatchFailure: false,
  });
}

function isExport(record: SQSRecord): boolean {
  try {
    return isExportMessage(JSON.parse(record.body));
  } catch {
    return false;
  }
}

/** One export message: built once, its outcome logged; an unexpected failure is redelivered. */
async function exportRecord(deps: Deps, record: SQSRecord, logger: Logger): Promise<void> {
  const started = Date.now();
  const { runExport } = await import('#core/export/run.ts');
  const parsed = exportMessage.safeParse(JSON.parse(record.body));
  if (!parsed.success) {
    logger.error('export', { message_id: record.messageId, result: 'malformed', latency_ms: 0 });
    throw new RedeliverError('malformed');
  }
  const fields = {
    message_id: record.messageId,
    export_id: parsed.data.export_id,
    account_id: parsed.data.account_id,
  };
  try {
    const result = await runExport(deps, parsed.data);
    logger.info('export', { ...fields, result, latency_ms: Date.now() - started });
  } catch (error) {
    logger.error('export', { ...fields, result: 'error', latency_ms: Date.now() - started, error });
    throw new RedeliverError('error');
  }
}

function parse(record: SQSRecord) {
  try {
    return slotMessage.parse(JSON.parse(record.body));
  } catch {
    return undefined;
  }
}

/** The correlation fields of every worker and dead-letter log line about one message. */
function slotFields(record: SQSRecord, message: SlotMessage) {
  return {
    message_id: record.messageId,
    job_id: message.job_id,
    slot_id: slotId(message.job_id, message.slot_index),
    slot_index: message.slot_index,
    account_id: message.account_id,
    receive_count: Number(record.attributes.ApproximateReceiveCount ?? '1'),
  };
}

/** What a slot line says about the outcome: never the slot record itself, only its result. */
function outcomeFields(outcome: SlotOutcome) {
  switch (outcome.result) {
    case 'succeeded':
      return { result: outcome.result, width: outcome.slot.width, height: outcome.slot.height };
    case 'failed':
      return { result: outcome.result, reason: outcome.reason.slice(0, 300) };
    case 'skipped':
      return { result: outcome.result, why: outcome.why };
    case 'retry':
      return { result: outcome.result, why: outcome.why.slice(0, 300) };
  }
}

/**
 * The queue worker: records one at a time, partial batch failures reported, so one slow or
 * failing image never makes SQS redeliver the others. One log line per record, with the
 * correlation fields (job, slot, account, message), the result and the latency.
 */
export function createWorkerHandler(deps: WorkerDeps, logger: Logger) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const response = await eachRecord(event, async (record) => {
      const started = Date.now();
      // Exports share the generation queue and its workers (ADR 0042).
      if (isExport(record)) return exportRecord(deps, record, logger);
      const message = parse(record);
      if (!message) {
        // A malformed message can never succeed; after maxReceiveCount it rests in the DLQ for a look.
        logger.error('slot', { message_id: record.messageId, result: 'malformed', latency_ms: 0 });
        throw new RedeliverError('malformed');
      }
      const fields = slotFields(record, message);
      let outcome: SlotOutcome;
      try {
        outcome = await processSlot(deps, message, fields.receive_count);
      } catch (error) {
        deps.telemetry.count(METRIC.slotErrors);
        logger.error('slot', { ...fields, result: 'error', latency_ms: Date.now() - started, error });
        throw new RedeliverError('error');
      }
      logger.info('slot', { ...fields, ...outcomeFields(outcome), latency_ms: Date.now() - started });
      if (outcome.result === 'retry') {
        deps.telemetry.count(METRIC.imagesRetried);
        await backOff(deps, record, fields.receive_count, logger, fields);
        throw new RedeliverError('retry');
      }
    });
    await deps.telemetry.flush();
    return response;
  };
}

async function backOff(
  deps: Deps,
  record: SQSRecord,
  receiveCount: number,
  logger: Logger,
  fields: ReturnType<typeof slotFields>,
) {
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
    logger.warn('could not set retry backoff', { ...fields, result: 'retry', error });
  }
}

/** An export message in the DLQ: its export ends failed (ADR 0046); logged once. */
async function deadExport(deps: Deps, record: SQSRecord, logger: Logger): Promise<void> {
  const started = Date.now();
  const parsed = exportMessage.safeParse(JSON.parse(record.body));
  if (!parsed.success) {
    logger.error('dead letter', { message_id: record.messageId, result: 'malformed', latency_ms: 0 });
    return;
  }
  const fields = {
    message_id: record.messageId,
    export_id: parsed.data.export_id,
    account_id: parsed.data.account_id,
  };
  try {
    const { failExportFromDeadLetter } = await import('#core/export/run.ts');
    const failed = await failExportFromDeadLetter(deps, parsed.data);
    logger.warn('dead letter', {
      ...fields,
      result: failed ? 'failed' : 'final',
      latency_ms: Date.now() - started,
    });
  } catch (error) {
    logger.error('dead letter', { ...fields, result: 'error', latency_ms: Date.now() - started, error });
    throw new RedeliverError('error');
  }
}

/**
 * The DLQ consumer: a message that exhausted its deliveries fails its slot and releases its
 * credit (idempotent: a slot already final is left as it is), then the message is dropped.
 * Every arrival is counted (`DlqArrivals`, which the DLQ alarm watches) and logged once.
 */
export function createDeadLetterHandler(deps: Deps, logger: Logger) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const response = await eachRecord(event, async (record) => {
      const started = Date.now();
      deps.telemetry.count(METRIC.dlqArrivals);
      if (isExport(record)) return deadExport(deps, record, logger);
      const message = parse(record);
      if (!message) {
        logger.error('dead letter', { message_id: record.messageId, result: 'malformed', latency_ms: 0 });
        return;
      }
      const fields = slotFields(record, message);
      try {
        const slot = await getSlot(deps, message.account_id, message.job_id, message.slot_index);
        let result: 'failed' | 'final' | 'missing' = slot ? 'final' : 'missing';
        if (slot && (slot.status === 'pending' || slot.status === 'running')) {
          const reason = 'retries_exhausted: the image could not be made after every retry';
          if (await settleSlot(deps, slot, { status: 'failed', reason }, settlementOutbox(deps, slot)))
            result = 'failed';
          await finalizeJobIfDone(
            deps,
            message.account_id,
            message.job_id,
            jobCompletedOutbox(deps, message.account_id),
          );
        }
        const line = { ...fields, result, latency_ms: Date.now() - started };
        if (result === 'failed') logger.warn('dead letter', line);
        else logger.info('dead letter', line);
      } catch (error) {
        logger.error('dead letter', { ...fields, result: 'error', latency_ms: Date.now() - started, error });
        throw new RedeliverError('error');
      }
    });
    await deps.telemetry.flush();
    return response;
  };
}
