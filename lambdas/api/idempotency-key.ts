/**
 * Which actions take an `Idempotency-Key` (ADR 0017): every action that writes. Dependency-free,
 * so the router can decide without loading the idempotency machinery, and the typed client can
 * decide which calls get a key.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

const WRITING_PREFIX = /^(create|update|delete|generate)_/;
const OTHER_WRITES = new Set([
  'prepare_campaign',
  'revoke_api_key',
  'cancel_job',
  'regenerate_creative',
  'rotate_webhook_secret',
  'review_creatives',
  'export_campaign',
  'revoke_review_link',
]);

export function isWriteAction(action: string): boolean {
  return WRITING_PREFIX.test(action) || OTHER_WRITES.has(action);
}
