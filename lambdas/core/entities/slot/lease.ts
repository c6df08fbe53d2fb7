import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DbDeps } from '../../db/deps.ts';
import { isConditionalCheckFailed } from '../../db/errors.ts';
import { keys } from '../../db/keys.ts';
import { updateIf } from '../../db/table.ts';
import { type Slot, slotFromItem } from './entity.ts';
import { getSlot } from './read.ts';

export type ClaimResult =
  | { outcome: 'claimed'; slot: Slot; leaseId: string }
  | { outcome: 'final'; slot: Slot }
  | { outcome: 'busy'; slot: Slot }
  | { outcome: 'missing' };

/**
 * pending → running under a lease. A slot whose lease ran out (its worker died) can be claimed
 * again; a finished slot is never touched, so a redelivered message does nothing.
 */
export async function claimSlot(
  deps: DbDeps,
  ref: { accountId: string; jobId: string; index: number },
  leaseMs: number,
): Promise<ClaimResult> {
  const now = deps.now();
  const leaseId = randomUUID();
  try {
    const out = await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
        Key: keys.slot(ref.accountId, ref.jobId, ref.index),
        UpdateExpression:
          'SET #status = :running, lease_id = :lease, lease_until = :until, attempts = attempts + :one, updated_at = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (#status = :pending OR (#status = :running AND lease_until < :now))',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':pending': 'pending',
          ':lease': leaseId,
          ':until': new Date(now.getTime() + leaseMs).toISOString(),
          ':now': now.toISOString(),
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return { outcome: 'claimed', slot: slotFromItem(out.Attributes ?? {}), leaseId };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  const slot = await getSlot(deps, ref.accountId, ref.jobId, ref.index);
  if (!slot) return { outcome: 'missing' };
  // A cancelled slot is final too: the worker never starts it.
  return slot.status === 'pending' || slot.status === 'running'
    ? { outcome: 'busy', slot }
    : { outcome: 'final', slot };
}

/**
 * running → pending, only while `leaseId` still holds the slot: after a transient failure (the
 * redelivery may take it at once) or when the local stack reclaims a slot whose worker is gone.
 * Answers false when another delivery holds or finished the slot (nothing written).
 */
export async function releaseLease(deps: DbDeps, slot: Slot, leaseId: string): Promise<boolean> {
  return updateIf(deps, {
    Key: keys.slot(slot.account_id, slot.job_id, slot.index),
    UpdateExpression: 'SET #status = :pending, updated_at = :now REMOVE lease_id, lease_until',
    ConditionExpression: '#status = :running AND lease_id = :lease',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':pending': 'pending',
      ':running': 'running',
      ':lease': leaseId,
      ':now': deps.now().toISOString(),
    },
  });
}
