import middy from '@middy/core';
import { createAwsClients } from '#core/aws.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
import { type ReconcileReport, reconcileDispatches } from '#core/generation/reconcile.ts';
import { lambdaObservability } from '#core/powertools.ts';

/**
 * Run every minute by EventBridge Scheduler: finishes the dispatches of jobs older than
 * DISPATCH_GRACE_SECONDS that are still `planned` (their router invocation died or timed out
 * part-way). The grace is longer than the router's timeout, so a live dispatch is never touched.
 */
const config = loadConfig();
const { logger, telemetry, middlewares } = lambdaObservability('adgen-reconciler', config);
const deps = createDeps(config, createAwsClients(config), { telemetry });
const graceMs = Number(process.env.DISPATCH_GRACE_SECONDS ?? 60) * 1000;

export const handler = middy<unknown, ReconcileReport>()
  .use(middlewares)
  .handler(async () => {
    const report = await reconcileDispatches(deps, new Date(deps.now().getTime() - graceMs));
    if (report.jobs > 0) logger.warn('finished interrupted dispatches', { ...report });
    return report;
  });
