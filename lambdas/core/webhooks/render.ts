import type { Deps } from '../deps.ts';
import { getSlot } from '../entities/slot.ts';
import type { WebhookDelivery } from '../entities/webhook-delivery.ts';
import { creativesWithLinks } from '../s3/creative-links.ts';
import type { CreativeRef } from './events.ts';

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
  if (delivery.event_type === 'export.completed') return renderExportEvent(deps, delivery.account_id, stored);
  const ref = stored as CreativeRef;
  const slot = await getSlot(deps, delivery.account_id, ref.job_id, ref.index);
  // Deleted since (its campaign or client was): there is no record left to send.
  if (!slot) return undefined;
  const [creative] = await creativesWithLinks(deps, [slot]);
  return { creative };
}

/** `export.completed`: the export as get_export shows it, its download URL signed at sending time. */
async function renderExportEvent(deps: Deps, accountId: string, stored: Record<string, unknown>) {
  const { getExport } = await import('../entities/export.ts');
  const record = await getExport(deps, accountId, String(stored.export_id));
  if (!record) return undefined;
  const { exportView } = await import('../export/view.ts');
  return { export: await exportView(deps, record) };
}
