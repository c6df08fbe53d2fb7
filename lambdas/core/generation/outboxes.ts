import type { Outbox } from '../db/outbox.ts';
import type { Deps } from '../deps.ts';
import { type Job, jobView } from '../entities/job.ts';
import { reasonCode, type Settlement, type Slot } from '../entities/slot.ts';
import { METRIC } from '../telemetry.ts';
import { eventOutbox } from '../webhooks/emit.ts';
import type { CreativeRef } from '../webhooks/events.ts';

/**
 * What a slot's settlement records and does beyond the slot, ledger and job counter: the
 * `creative.succeeded` / `creative.failed` event in its transaction, and the image and credit
 * metrics once it commits (so a redelivery can never count an image twice).
 */
export function settlementOutbox(
  deps: Deps,
  slot: Pick<Slot, 'account_id' | 'job_id' | 'index'>,
): Outbox<Settlement> {
  return eventOutbox(
    deps,
    slot.account_id,
    (settlement) => ({
      type: settlement.status === 'succeeded' ? 'creative.succeeded' : 'creative.failed',
      data: { job_id: slot.job_id, index: slot.index } satisfies CreativeRef,
    }),
    (settlement) => {
      if (settlement.status === 'succeeded') {
        deps.telemetry.count(METRIC.imagesSucceeded);
        deps.telemetry.count(METRIC.creditsUsed);
      } else {
        deps.telemetry.count(METRIC.imagesFailed, 1, { reason: reasonCode(settlement.reason) });
        deps.telemetry.count(METRIC.creditsReleased);
      }
    },
  );
}

/** The `job.completed` event, written with the final status it reports (ADR 0025). */
export function jobCompletedOutbox(deps: Deps, accountId: string): Outbox<Job> {
  return eventOutbox(deps, accountId, (final) => ({
    type: 'job.completed',
    data: { job: jobView(final) },
  }));
}

/** Credits given back by cancelled slots, counted per committed transaction. */
export const countReleased = (deps: Deps) => (count: number) =>
  deps.telemetry.count(METRIC.creditsReleased, count);
