import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

/**
 * The generation worker's entry point, wired to the queue by the stack. Until the generation
 * pipeline lands nothing enqueues work; any record that does arrive is handed back to the queue
 * (and, after maxReceiveCount, to the DLQ) rather than being dropped.
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  return { batchItemFailures: event.Records.map((record) => ({ itemIdentifier: record.messageId })) };
}
