import type { Deps } from '../deps.ts';
import { creativesWithLinks } from '../entities/creative-links.ts';
import { getSlot } from '../entities/slot.ts';
import type { WebhookDelivery } from '../entities/webhook-delivery.ts';

/** What a creative event stores: the slot it names; the record is read when it is sent. */
export type CreativeRef = { job_id: string; index: number };

/**
 * The body's `data` of a delivery. `job.completed` carries the job record as it was finalised
 * (stored with the event). A creative event carries the creative record as `list_creatives`
 * shows it, read when it is sent so that its presigned image URL is fresh on every attempt
 * (a retry a day later would otherwise hand out an expired link). Undefined when what the event
 * names no longer exists.
 */
export async function renderEventData(deps: Deps, delivery: WebhookDelivery): Promise<unknown> {
  const stored = JSON.parse(delivery.data) as Record<string, unknown>;
  if (delivery.event_type === 'job.completed') return stored;
  const ref = stored as CreativeRef;
  const slot = await getSlot(deps, delivery.account_id, ref.job_id, ref.index);
  // Deleted since (its campaign or client was): there is no record left to send.
  if (!slot) return undefined;
  const [creative] = await creativesWithLinks(deps, [slot]);
  return { creative };
}
