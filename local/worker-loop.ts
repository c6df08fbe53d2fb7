import { randomUUID } from 'node:crypto';
import {
  DeleteMessageBatchCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

export type SqsBatchHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

function toRecord(message: Message, queueArn: string): SQSRecord {
  return {
    messageId: message.MessageId ?? randomUUID(),
    receiptHandle: message.ReceiptHandle ?? '',
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: message.Attributes?.ApproximateReceiveCount ?? '1',
      SentTimestamp: message.Attributes?.SentTimestamp ?? String(Date.now()),
      SenderId: 'local',
      ApproximateFirstReceiveTimestamp:
        message.Attributes?.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: message.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: 'local',
  };
}

/**
 * The local stand-in for Lambda's SQS event source mapping: `concurrency` pollers each receive
 * up to `batchSize` messages, hand them to the same handler as an SQS event, and delete the ones
 * not reported in `batchItemFailures` — partial batch failures behave as on AWS.
 */
export function startWorkerLoop(options: {
  sqs: SQSClient;
  queueUrl: string;
  queueArn?: string;
  handler: SqsBatchHandler;
  concurrency: number;
  batchSize?: number;
  waitTimeSeconds?: number;
  onError?: (error: unknown) => void;
}): { stop(): Promise<void> } {
  let running = true;
  const abort = new AbortController();
  const arn = options.queueArn ?? `arn:aws:sqs:local:000000000000:${options.queueUrl.split('/').pop()}`;

  const poll = async () => {
    while (running) {
      try {
        const out = await options.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: options.queueUrl,
            MaxNumberOfMessages: options.batchSize ?? 1,
            WaitTimeSeconds: options.waitTimeSeconds ?? 1,
            MessageSystemAttributeNames: [
              'ApproximateReceiveCount',
              'SentTimestamp',
              'ApproximateFirstReceiveTimestamp',
            ],
          }),
          { abortSignal: abort.signal },
        );
        const messages = out.Messages ?? [];
        if (messages.length === 0) continue;
        const records = messages.map((m) => toRecord(m, arn));
        const response = await options.handler({ Records: records });
        const failed = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
        const done = records.filter((r) => !failed.has(r.messageId));
        if (done.length > 0) {
          await options.sqs.send(
            new DeleteMessageBatchCommand({
              QueueUrl: options.queueUrl,
              Entries: done.map((r, i) => ({ Id: String(i), ReceiptHandle: r.receiptHandle })),
            }),
          );
        }
      } catch (error) {
        if (!running) return;
        options.onError?.(error);
        await new Promise((r) => setTimeout(r, 500));
      }
    }
  };

  const pollers = Array.from({ length: Math.max(1, options.concurrency) }, poll);
  return {
    stop: async () => {
      running = false;
      abort.abort();
      await Promise.allSettled(pollers);
    },
  };
}
