import middy from '@middy/core';
import { createAwsClients } from '#core/aws.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
import { lambdaObservability } from '#core/powertools.ts';
import { sweepOverdueDeliveries } from '#core/webhooks/sweep.ts';

/**
 * Run every few minutes by EventBridge Scheduler: re-sends the messages of deliveries overdue by
 * more than SWEEP_GRACE_SECONDS (a worker died between committing an event and sending it, or a
 * message was lost). A live delivery's message arrives well within that grace.
 */
const config = loadConfig();
const { logger, telemetry, middlewares } = lambdaObservability('adgen-webhook-sweeper', config);
const deps = createDeps(config, createAwsClients(config), { telemetry });
const graceMs = Number(process.env.SWEEP_GRACE_SECONDS ?? 120) * 1000;

export const handler = middy<unknown, { resent: number }>()
  .use(middlewares)
  .handler(async () => {
    const resent = await sweepOverdueDeliveries(deps, new Date(deps.now().getTime() - graceMs));
    if (resent > 0) logger.warn('re-sent overdue webhook deliveries', { resent });
    return { resent };
  });
