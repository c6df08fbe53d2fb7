import type { Logger } from '@aws-lambda-powertools/logger';
import type { Deps } from '#core/deps.ts';
import { MAX_CONCURRENT_DELIVERIES_PER_ACCOUNT } from '#core/webhooks/events.ts';
import { sweepOverdueDeliveries } from '#core/webhooks/sweep.ts';
import { createDeliveryDeps, createDeliveryHandler } from '#webhooks/worker.ts';
import { accountOfSlotMessage, startWorkerLoop } from './worker-loop.ts';

/** How often the local sweeper looks for overdue deliveries, and how late one must be. */
const SWEEP_EVERY_MS = 30_000;
const SWEEP_GRACE_MS = 60_000;

/**
 * The local stand-in for the delivery Lambda and its scheduled sweeper (ADR 0025): a fair loop on
 * the webhook queue (round-robin by account, a cap per account) feeding the same handler, and the same sweep every 30 s. Used by
 * `npm start` and by the webhook tests.
 */
export function startWebhookLoop(options: {
  deps: Deps;
  queueUrl: string;
  logger: Logger;
  concurrency?: number;
  /** The queue's visibility timeout (held messages are kept invisible for that long). @default 60 */
  visibilityTimeoutSeconds?: number;
}): { stop(): Promise<void> } {
  const { deps, logger } = options;
  const loop = startWorkerLoop({
    sqs: deps.sqs,
    queueUrl: options.queueUrl,
    handler: createDeliveryHandler(createDeliveryDeps(deps), logger),
    // Mostly waits on receivers: more at once than the image workers.
    concurrency: options.concurrency ?? 8,
    // Round-robin by account, as the fair queue does on AWS (MessageGroupId = account), and at
    // most a few deliveries of one account at once, so one tenant's fan-out to all its
    // endpoints does not hold back another's (ADR 0029).
    fairBy: accountOfSlotMessage,
    maxInFlightPerGroup: MAX_CONCURRENT_DELIVERIES_PER_ACCOUNT,
    visibilityTimeoutSeconds: options.visibilityTimeoutSeconds ?? 60,
    onError: (error) => logger.error('webhook loop', { error }),
  });
  const sweep = setInterval(() => {
    sweepOverdueDeliveries(deps, new Date(deps.now().getTime() - SWEEP_GRACE_MS))
      .then((resent) => {
        if (resent > 0) logger.warn('re-sent overdue webhook deliveries', { resent });
      })
      .catch((error: unknown) => logger.error('webhook sweep', { error }));
  }, SWEEP_EVERY_MS);
  sweep.unref();
  return {
    stop: async () => {
      clearInterval(sweep);
      await loop.stop();
    },
  };
}
