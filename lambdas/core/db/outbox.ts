import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * What a caller records with an entity's change and does once it has committed: a webhook
 * event's outbox item and its enqueue (ADR 0025, 0029), metrics. The entity calls it with the
 * change it is about to write, puts the items in its own transaction, and calls `committed`
 * only when that transaction commits; it knows nothing of events or metrics.
 */
export type Outbox<C> = (
  change: C,
  at: Date,
) => Promise<{ puts: readonly TransactItem[]; committed: () => Promise<void> | void }>;
