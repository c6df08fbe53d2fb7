import { randomUUID } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import type { Deps } from '../deps.ts';

/**
 * The marker of one model visual that several slots of a job share (same angle, variant and
 * orientation family). It makes the paid model call happen once: the slot that wins the
 * conditional put makes the visual under a lease; the others wait for `ready` (then read the
 * object from S3) or `failed` (then fail with the same reason). A lease that runs out (its
 * worker died) can be taken over, so a visual is never stuck.
 */
export type SharedVisualMarker =
  | { status: 'making'; leaseId: string; leaseUntil: string }
  | { status: 'ready' }
  | { status: 'failed'; reason: string };

export type VisualRef = { accountId: string; jobId: string; visualKey: string };

export async function getVisualMarker(deps: Deps, ref: VisualRef): Promise<SharedVisualMarker | undefined> {
  const out = await deps.ddb.send(
    new GetCommand({
      TableName: deps.config.tableName,
      Key: keys.sharedVisual(ref.accountId, ref.jobId, ref.visualKey),
      ConsistentRead: true,
    }),
  );
  const item = out.Item;
  if (!item) return undefined;
  if (item.status === 'ready') return { status: 'ready' };
  if (item.status === 'failed') return { status: 'failed', reason: String(item.reason) };
  return { status: 'making', leaseId: String(item.lease_id), leaseUntil: String(item.lease_until) };
}

/** Takes the right to make the visual; answers the lease id, or undefined when another slot holds it. */
export async function claimVisual(deps: Deps, ref: VisualRef, leaseMs: number): Promise<string | undefined> {
  const now = deps.now();
  const leaseId = randomUUID();
  try {
    await deps.ddb.send(
      new PutCommand({
        TableName: deps.config.tableName,
        Item: {
          ...keys.sharedVisual(ref.accountId, ref.jobId, ref.visualKey),
          entity: 'shared_visual',
          account_id: ref.accountId,
          job_id: ref.jobId,
          visual_key: ref.visualKey,
          status: 'making',
          lease_id: leaseId,
          lease_until: new Date(now.getTime() + leaseMs).toISOString(),
          updated_at: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk) OR (#status = :making AND lease_until < :now)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':making': 'making', ':now': now.toISOString() },
      }),
    );
    return leaseId;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/** making → ready or failed (for good), only by the lease holder. */
export async function settleVisual(
  deps: Deps,
  ref: VisualRef,
  leaseId: string,
  outcome: { status: 'ready' } | { status: 'failed'; reason: string },
): Promise<void> {
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
        Key: keys.sharedVisual(ref.accountId, ref.jobId, ref.visualKey),
        UpdateExpression:
          'SET #status = :status, reason = :reason, updated_at = :now REMOVE lease_id, lease_until',
        ConditionExpression: 'lease_id = :lease',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': outcome.status,
          ':reason': outcome.status === 'failed' ? outcome.reason.slice(0, 500) : null,
          ':now': deps.now().toISOString(),
          ':lease': leaseId,
        },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/** Gives the visual up after a transient failure, so the next delivery of any sibling may make it. */
export async function releaseVisual(deps: Deps, ref: VisualRef, leaseId: string): Promise<void> {
  try {
    await deps.ddb.send(
      new DeleteCommand({
        TableName: deps.config.tableName,
        Key: keys.sharedVisual(ref.accountId, ref.jobId, ref.visualKey),
        ConditionExpression: 'lease_id = :lease',
        ExpressionAttributeValues: { ':lease': leaseId },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}
