import type { Deps } from '../deps.ts';
import { listOverdueDeliveries } from '../entities/webhook-delivery.ts';
import { listEventsToFanOut } from '../entities/webhook-event.ts';
import { enqueueDeliveries, enqueueEvents } from './emit.ts';

/**
 * Re-sends the message of every event not fanned out and every pending delivery whose attempt
 * was due before `cutoff`: its message was never sent (the process died after the transaction
 * that wrote it, or in the middle of a fan-out), or was lost. A duplicate is harmless (a fan-out
 * writes only missing deliveries; an attempt is claimed conditionally). Answers how many it sent.
 */
export async function sweepOverdueDeliveries(deps: Deps, cutoff: Date): Promise<number> {
  const events = await listEventsToFanOut(deps, cutoff);
  await enqueueEvents(deps, events);
  const overdue = await listOverdueDeliveries(deps, cutoff);
  await enqueueDeliveries(deps, overdue);
  return events.length + overdue.length;
}
