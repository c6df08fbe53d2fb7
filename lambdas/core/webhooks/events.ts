/** The events a webhook endpoint can subscribe to (ADR 0025). */
export const WEBHOOK_EVENT_TYPES = [
  'job.completed',
  'creative.succeeded',
  'creative.failed',
  // A client's review decision and a finished export (ADR 0040, 0042).
  'creative.reviewed',
  'export.completed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Most endpoints per account: each one is a write in the transaction that emits an event. */
export const MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT = 10;

/** How long the secret a rotation replaced keeps signing beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** A 2xx within this long counts as delivered. */
export const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Most deliveries of one account attempted at once by one deliverer (the local loop; on AWS each
 * Lambda instance, beside the fair queue): a tenant fanning out to all its endpoints cannot take
 * every delivery slot while another tenant waits (ADR 0029).
 */
export const MAX_CONCURRENT_DELIVERIES_PER_ACCOUNT = 4;

/** What a creative event stores: the slot it names; the record is read when it is sent. */
export type CreativeRef = { job_id: string; index: number };
