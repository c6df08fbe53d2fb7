import { randomUUID } from 'node:crypto';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageBatchCommand,
  DeleteMessageCommand,
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

/** Options of the local event source. */
export type WorkerLoopOptions = {
  sqs: SQSClient;
  queueUrl: string;
  queueArn?: string;
  handler: SqsBatchHandler;
  concurrency: number;
  batchSize?: number;
  waitTimeSeconds?: number;
  onError?: (error: unknown) => void;
  /**
   * Serve messages round-robin across the groups this names (the slot messages' account): the
   * local stand-in for SQS fair queues, so a quiet tenant's job is not stuck behind a noisy
   * tenant's batch. One message per handler call. Default: plain pollers, in queue order.
   */
  fairBy?: (message: Message) => string;
  /** The queue's visibility timeout; held messages are kept invisible for that long. @default 120 */
  visibilityTimeoutSeconds?: number;
  /** Most messages received and held at once in fair mode. @default 1000 */
  maxHeld?: number;
  /** Fair mode: most messages of one group handled at once (webhook deliveries per account). @default unlimited */
  maxInFlightPerGroup?: number;
};

/**
 * One long poll with the attributes the Lambda event carries. It is never aborted: the queue
 * hands messages that arrive during a long poll to that poll even when its caller has hung up,
 * and they then stay invisible for the whole visibility timeout (a job sent right after a stop
 * waited a minute for its messages). Stopping waits out the poll (`waitTimeSeconds`, 1 s here)
 * and gives back what it brought, with {@link giveBack}.
 */
function pollQueue(options: WorkerLoopOptions, max: number) {
  return options.sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: options.queueUrl,
      MaxNumberOfMessages: max,
      WaitTimeSeconds: options.waitTimeSeconds ?? 1,
      MessageSystemAttributeNames: [
        'ApproximateReceiveCount',
        'SentTimestamp',
        'ApproximateFirstReceiveTimestamp',
      ],
    }),
  );
}

/** Makes received but unhandled messages visible again at once, not after their timeout. */
async function giveBack(options: WorkerLoopOptions, messages: Message[]): Promise<void> {
  await Promise.allSettled(
    messages.map((m) =>
      options.sqs.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: options.queueUrl,
          ReceiptHandle: m.ReceiptHandle,
          VisibilityTimeout: 0,
        }),
      ),
    ),
  );
}

/** The account of a slot or webhook message (its `account_id`), its fair-queue group. */
export function accountOfSlotMessage(message: Message): string {
  try {
    const account = (JSON.parse(message.Body ?? '') as { account_id?: unknown }).account_id;
    return typeof account === 'string' ? account : '';
  } catch {
    return '';
  }
}

/**
 * The local stand-in for Lambda's SQS event source mapping: `concurrency` pollers each receive
 * up to `batchSize` messages, hand them to the same handler as an SQS event, and delete the ones
 * not reported in `batchItemFailures` — partial batch failures behave as on AWS. With `fairBy`,
 * see {@link startFairWorkerLoop}.
 */
export function startWorkerLoop(options: WorkerLoopOptions): { stop(): Promise<void> } {
  if (options.fairBy) return startFairWorkerLoop({ ...options, fairBy: options.fairBy });
  let running = true;
  const arn = options.queueArn ?? `arn:aws:sqs:local:000000000000:${options.queueUrl.split('/').pop()}`;
  const poll = async () => {
    while (running) {
      try {
        const out = await pollQueue(options, options.batchSize ?? 1);
        const messages = out.Messages ?? [];
        if (!running) return await giveBack(options, messages);
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
      await Promise.allSettled(pollers);
    },
  };
}

type Held = { message: Message; group: string; visibleUntil: number; sole?: boolean };

/** How long a quiet tenant's sole message keeps new work from starting beside it. */
const SOLE_PRIORITY_MS = 15_000;

/**
 * The messages fair mode holds, by group, and the groups' turns. A group's *sole* message
 * (nothing else of it held or in flight: a quiet tenant's 1-image job) runs without new work
 * beside it: the workers share one process's CPU, so while it runs the other workers start only
 * other sole messages, for at most `SOLE_PRIORITY_MS`. Work already running goes on. A message of
 * a group whose sole message is in flight is not held back either: it is that tenant's next step
 * (a webhook event's fan-out enqueues its delivery while the fan-out still runs), and holding it
 * until its own predecessor ends would make the quiet tenant wait on itself.
 */
class FairQueue {
  private readonly groups = new Map<string, Held[]>();
  /** Groups in the order they are served; the next turn starts after the last one served. */
  private readonly order: string[] = [];
  private turn = 0;
  held = 0;
  /** Messages being handled, by group. */
  private readonly inFlight = new Map<string, number>();
  /** When the oldest sole message now in flight started (see `take`); undefined: none. */
  private soleSince: number | undefined;
  private soleInFlight = 0;
  /** Groups whose sole message is in flight: what it leads to (its next message) is not held back. */
  private readonly soleGroups = new Map<string, number>();

  constructor(private readonly maxPerGroup: number) {}

  private isSole(group: string): boolean {
    return (this.groups.get(group)?.length ?? 0) === 1 && !this.inFlight.get(group);
  }

  hold(item: Held): void {
    let queue = this.groups.get(item.group);
    if (!queue) {
      queue = [];
      this.groups.set(item.group, queue);
      // A group that had nothing waiting goes next: it has had no turn in this round.
      this.order.splice(this.turn, 0, item.group);
    }
    queue.push(item);
    this.held += 1;
  }

  /** The next message, round-robin over the groups (sole messages first, see the class). */
  take(): Held | undefined {
    const soleOnly = this.soleSince !== undefined && Date.now() - this.soleSince < SOLE_PRIORITY_MS;
    for (let i = 0; i < this.order.length; i++) {
      const index = (this.turn + i) % this.order.length;
      const group = this.order[index] as string;
      const queue = this.groups.get(group);
      const sole = this.isSole(group);
      if (soleOnly && !sole && !this.soleGroups.has(group)) continue;
      if ((this.inFlight.get(group) ?? 0) >= this.maxPerGroup) continue;
      const next = queue?.shift();
      if (!next) continue;
      this.held -= 1;
      next.sole = sole;
      if (queue?.length === 0) {
        this.groups.delete(group);
        this.order.splice(index, 1);
        this.turn = this.order.length === 0 ? 0 : index % this.order.length;
      } else {
        this.turn = (index + 1) % this.order.length;
      }
      return next;
    }
    return undefined;
  }

  /** How long sole messages still hold other work back (0: they do not). */
  priorityLeft(): number {
    return this.soleSince === undefined ? 0 : this.soleSince + SOLE_PRIORITY_MS - Date.now();
  }

  started(next: Held): void {
    this.inFlight.set(next.group, (this.inFlight.get(next.group) ?? 0) + 1);
    if (next.sole) {
      this.soleInFlight += 1;
      this.soleSince ??= Date.now();
      this.soleGroups.set(next.group, (this.soleGroups.get(next.group) ?? 0) + 1);
    }
  }

  finished(next: Held): void {
    this.inFlight.set(next.group, (this.inFlight.get(next.group) ?? 1) - 1);
    if (next.sole) {
      this.soleInFlight -= 1;
      if (this.soleInFlight === 0) this.soleSince = undefined;
      const left = (this.soleGroups.get(next.group) ?? 1) - 1;
      if (left > 0) this.soleGroups.set(next.group, left);
      else this.soleGroups.delete(next.group);
    }
  }

  /** Every message held (not yet taken). */
  waiting(): Held[] {
    return [...this.groups.values()].flat();
  }

  /** Lets go of every held message and answers them. */
  drain(): Held[] {
    const left = this.waiting();
    this.groups.clear();
    return left;
  }
}

/** Workers that wait for work sleep here until a receive or a finished message wakes them all. */
function wakeups() {
  let wake: (() => void) | undefined;
  return {
    wakeAll: () => {
      const w = wake;
      wake = undefined;
      w?.();
    },
    waitForWork: () =>
      new Promise<void>((resolve) => {
        const previous = wake;
        wake = () => {
          previous?.();
          resolve();
        };
      }),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Fair mode: one receiver takes every message it can (up to `maxHeld`) and holds them by group;
 * `concurrency` workers each take the next message round-robin over the groups that have one.
 * A tenant whose one message arrived behind another's 200 is served next, not 200th. Held
 * messages are kept invisible (their visibility is extended) until a worker takes them, and
 * made visible again at stop, so a restart sees them at once. Messages a handler fails stay
 * invisible until their visibility timeout, as on AWS.
 */
function startFairWorkerLoop(options: WorkerLoopOptions & { fairBy: (message: Message) => string }): {
  stop(): Promise<void>;
} {
  let running = true;
  const arn = options.queueArn ?? `arn:aws:sqs:local:000000000000:${options.queueUrl.split('/').pop()}`;
  const visibilityMs = (options.visibilityTimeoutSeconds ?? 120) * 1000;
  const maxHeld = options.maxHeld ?? 1000;
  const queue = new FairQueue(options.maxInFlightPerGroup ?? Number.POSITIVE_INFINITY);
  const { wakeAll, waitForWork } = wakeups();

  const receive = async () => {
    while (running) {
      try {
        if (queue.held >= maxHeld) {
          await sleep(200);
          continue;
        }
        const out = await pollQueue(options, 10);
        const receivedAt = Date.now();
        for (const message of out.Messages ?? []) {
          queue.hold({ message, group: options.fairBy(message), visibleUntil: receivedAt + visibilityMs });
        }
        if ((out.Messages ?? []).length > 0) wakeAll();
      } catch (error) {
        if (!running) return;
        options.onError?.(error);
        await sleep(500);
      }
    }
  };

  const work = async () => {
    while (running) {
      const next = queue.take();
      if (!next) {
        // Held back behind a sole message: look again when it ends, or when its priority does.
        const priorityLeft = queue.priorityLeft();
        await Promise.race([waitForWork(), ...(priorityLeft > 0 ? [sleep(priorityLeft + 10)] : [])]);
        continue;
      }
      queue.started(next);
      try {
        const record = toRecord(next.message, arn);
        const response = await options.handler({ Records: [record] });
        if (!response.batchItemFailures.some((f) => f.itemIdentifier === record.messageId)) {
          await options.sqs.send(
            new DeleteMessageCommand({ QueueUrl: options.queueUrl, ReceiptHandle: record.receiptHandle }),
          );
        }
      } catch (error) {
        if (running) options.onError?.(error);
      } finally {
        queue.finished(next);
        wakeAll();
      }
    }
  };

  const changeVisibility = (item: Held, seconds: number) =>
    options.sqs.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: options.queueUrl,
        ReceiptHandle: item.message.ReceiptHandle,
        VisibilityTimeout: seconds,
      }),
    );
  // Held messages must not reappear (and be received twice) while they wait their turn.
  const keepInvisible = setInterval(
    () => {
      const now = Date.now();
      for (const item of queue.waiting()) {
        if (item.visibleUntil - now > visibilityMs / 2) continue;
        item.visibleUntil = now + visibilityMs;
        changeVisibility(item, visibilityMs / 1000).catch((error: unknown) => options.onError?.(error));
      }
    },
    Math.max(1000, visibilityMs / 6),
  );
  keepInvisible.unref();

  const receiver = receive();
  const workers = Array.from({ length: Math.max(1, options.concurrency) }, work);
  return {
    stop: async () => {
      running = false;
      clearInterval(keepInvisible);
      wakeAll();
      await Promise.allSettled([receiver, ...workers]);
      // What was held but never handled (the last poll's messages too) goes back to the queue now.
      await giveBack(
        options,
        queue.drain().map((item) => item.message),
      );
    },
  };
}
