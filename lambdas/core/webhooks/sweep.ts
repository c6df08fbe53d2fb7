import type { Deps } from '../deps.ts';
import { listOverdueDeliveries } from '../entities/webhook-delivery.ts';
import { enqueueDeliveries } from './emit.ts';

/**
 * Re-sends the message of every pending delivery whose attempt was due before `cutoff`: its
 * message was never sent (the process died after the transaction that wrote it), or was lost.
 * A duplicate is harmless (the attempt is claimed conditionally). Answers how many it sent.
 */
export async function sweepOverdueDeliveries(deps: Deps, cutoff: Date): Promise<number> {
  const overdue = await listOverdueDeliveries(deps, cutoff);
  await enqueueDeliveries(deps, overdue);
  return overdue.length;
}
