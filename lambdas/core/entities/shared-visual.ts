import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import { getItem, updateIf } from '../db/table.ts';

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

const markerSchema: z.ZodType<SharedVisualMarker> = z.discriminatedUnion('status', [
  z
    .object({ status: z.literal('making'), lease_id: z.string(), lease_until: z.string() })
    .transform((m) => ({ status: m.status, leaseId: m.lease_id, leaseUntil: m.lease_until })),
  z.object({ status: z.literal('ready') }),
  z.object({ status: z.literal('failed'), reason: z.string() }),
]);

export const sharedVisualEntity = defineEntity({
  name: 'shared_visual',
  module: 'lambdas/core/entities/shared-visual.ts',
  schema: markerSchema,
  keys: ['sharedVisual', 'sharedVisualsOfJob'],
  patterns: [
    {
      does: 'make a shared model visual once',
      operation:
        'PutItem marker `attribute_not_exists(pk) OR (status = making AND lease_until < :now)`; UpdateItem / DeleteItem `lease_id = :lease`',
      consistency: 'strong',
      functions: ['getVisualMarker', 'claimVisual', 'settleVisual', 'releaseVisual'],
    },
    {
      does: "delete a job's markers with the job (a deletion sweep)",
      operation:
        'Query `pk = ACCOUNT#<a>#JOB#<j> AND begins_with(sk, VISUAL#)`, then BatchWriteItem DeleteRequest',
      consistency: 'strong',
      functions: ['deleteJobRecords'],
      module: 'lambdas/core/entities/job.ts',
    },
  ],
});

export function getVisualMarker(deps: DbDeps, ref: VisualRef): Promise<SharedVisualMarker | undefined> {
  return getItem(
    deps,
    keys.sharedVisual(ref.accountId, ref.jobId, ref.visualKey),
    sharedVisualEntity.fromItem,
  );
}

/** Takes the right to make the visual; answers the lease id, or undefined when another slot holds it. */
export async function claimVisual(
  deps: DbDeps,
  ref: VisualRef,
  leaseMs: number,
): Promise<string | undefined> {
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
  deps: DbDeps,
  ref: VisualRef,
  leaseId: string,
  outcome: { status: 'ready' } | { status: 'failed'; reason: string },
): Promise<void> {
  await updateIf(deps, {
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
  });
}

/** Gives the visual up after a transient failure, so the next delivery of any sibling may make it. */
export async function releaseVisual(deps: DbDeps, ref: VisualRef, leaseId: string): Promise<void> {
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
