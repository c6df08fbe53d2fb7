import middy from '@middy/core';
import { createAwsClients } from '#core/aws.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
import { type ReconcileReport, reconcileDispatches } from '#core/generation/reconcile.ts';
import { resumeDeletions } from '#core/lifecycle/delete.ts';
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

export const handler = middy<unknown, ReconcileReport & { deletions: number }>()
  .use(middlewares)
  .handler(async () => {
    const cutoff = new Date(deps.now().getTime() - graceMs);
    const report = await reconcileDispatches(deps, cutoff);
    if (report.jobs > 0) logger.warn('finished interrupted dispatches', { ...report });
    // Deletions a dead router left half done (ADR 0028): each mark is swept again.
    const deletions = await resumeDeletions(deps, cutoff);
    if (deletions > 0) logger.warn('finished interrupted deletions', { deletions });
    return { ...report, deletions };
  });
