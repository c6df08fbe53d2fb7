import { Duration } from 'aws-cdk-lib';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/**
 * A queue with its dead-letter queue, both with SQS-managed encryption and TLS only, made in
 * `scope` as `Queue` and `DeadLetterQueue`: the DLQ keeps a message 14 days, the queue 4.
 */
export function queueWithDeadLetters(
  scope: Construct,
  props: { visibilityTimeout: Duration; maxReceiveCount: number },
): { queue: Queue; deadLetterQueue: Queue } {
  const deadLetterQueue = new Queue(scope, 'DeadLetterQueue', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  const queue = new Queue(scope, 'Queue', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: props.visibilityTimeout,
    retentionPeriod: Duration.days(4),
    deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: props.maxReceiveCount },
  });
  return { queue, deadLetterQueue };
}

export interface GenerationQueueProps {
  /** Timeout of the Lambda that consumes the queue; the visibility timeout is 6 times it. */
  readonly consumerTimeout: Duration;
  /** Receives before a message moves to the DLQ. @default 5 */
  readonly maxReceiveCount?: number;
}

/**
 * The queue of image slots to generate, and its dead-letter queue. Both SQS-managed
 * encryption and TLS only. The visibility timeout is six times the consumer's timeout (the
 * Lambda guidance), so a message is never redelivered while a run may still be working on it;
 * a message that fails `maxReceiveCount` times waits 14 days in the DLQ.
 */
export class GenerationQueue extends Construct {
  /** Multiplier of the consumer timeout used for the visibility timeout. */
  static readonly VISIBILITY_FACTOR = 6;

  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  /** Deliveries of a message before it moves to the DLQ (the worker fails the slot on the last). */
  readonly maxReceiveCount: number;

  constructor(scope: Construct, id: string, props: GenerationQueueProps) {
    super(scope, id);
    const maxReceiveCount = props.maxReceiveCount ?? 5;
    if (!Number.isInteger(maxReceiveCount) || maxReceiveCount < 5) {
      throw new Error(`maxReceiveCount must be an integer of at least 5, got ${maxReceiveCount}`);
    }
    this.maxReceiveCount = maxReceiveCount;
    const queues = queueWithDeadLetters(this, {
      visibilityTimeout: Duration.seconds(
        props.consumerTimeout.toSeconds() * GenerationQueue.VISIBILITY_FACTOR,
      ),
      maxReceiveCount,
    });
    this.queue = queues.queue;
    this.deadLetterQueue = queues.deadLetterQueue;
  }
}
