import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { defineEntity } from '../db/entity.ts';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import { tableDesign } from '../db/table-design.ts';
import type { Deps } from '../deps.ts';
import * as s from '../small-schema.ts';

/**
 * What an account's `Idempotency-Key` stands for (ADR 0017): which request claimed it (action and
 * a fingerprint of its body), and either a lease while that request runs or the answer it got.
 */
export type IdempotencyRecord =
  | { state: 'in_progress'; action: string; fingerprint: string; leaseUntilMs: number }
  | { state: 'completed'; action: string; fingerprint: string; status: number; body: string };

export type IdempotencyScope = { accountId: string; keyHash: string };

// small-schema, not zod: the router claims keys before the action's module is needed (ADR 0011).
const recordSchema: s.Schema<IdempotencyRecord> = s.discriminated('state', {
  in_progress: s.map(
    s.object({
      action: s.string(),
      fingerprint: s.string(),
      lease_until_ms: s.number(),
    }),
    (r): IdempotencyRecord => ({
      state: 'in_progress',
      action: r.action,
      fingerprint: r.fingerprint,
      leaseUntilMs: r.lease_until_ms,
    }),
  ),
  completed: s.map(
    s.object({
      action: s.string(),
      fingerprint: s.string(),
      response_status: s.number({ int: true }),
      response_body: s.string(),
    }),
    (r): IdempotencyRecord => ({
      state: 'completed',
      action: r.action,
      fingerprint: r.fingerprint,
      status: r.response_status,
      body: r.response_body,
    }),
  ),
});

export const idempotencyRecordEntity = defineEntity({
  name: 'idempotency_record',
  module: 'lambdas/core/entities/idempotency-record.ts',
  schema: recordSchema,
  keys: ['idempotencyRecord'],
  patterns: [
    {
      does: "claim, replay or free an account's Idempotency-Key",
      operation:
        'PutItem `attribute_not_exists(pk) OR expires_at_ms < :now OR (state = in_progress AND lease_until_ms < :now)`, then GetItem; UpdateItem/DeleteItem `claim_token = :token`',
      consistency: 'strong',
      functions: ['claimIdempotencyKey', 'completeIdempotencyKey', 'releaseIdempotencyKey'],
    },
  ],
});

const recordFromItem = idempotencyRecordEntity.fromItem;

/**
 * Claims the key for one request, exactly once: the put succeeds when no live record exists (none
 * yet, one past its 24 h that TTL has not removed yet, or an in-progress one whose lease ran out
 * because its request died). Otherwise answers the record that holds the key.
 */
export async function claimIdempotencyKey(
  deps: Deps,
  scope: IdempotencyScope,
  claim: {
    action: string;
    fingerprint: string;
    token: string;
    leaseSeconds: number;
    retentionSeconds: number;
  },
): Promise<{ claimed: true } | { claimed: false; record: IdempotencyRecord | undefined }> {
  const nowMs = deps.now().getTime();
  const expiresMs = nowMs + claim.retentionSeconds * 1000;
  try {
    await deps.ddb.send(
      new PutCommand({
        TableName: deps.config.tableName,
        Item: {
          ...keys.idempotencyRecord(scope.accountId, scope.keyHash),
          entity: 'idempotency_record',
          state: 'in_progress',
          action: claim.action,
          fingerprint: claim.fingerprint,
          claim_token: claim.token,
          lease_until_ms: nowMs + claim.leaseSeconds * 1000,
          expires_at_ms: expiresMs,
          [tableDesign.timeToLiveAttribute]: Math.ceil(expiresMs / 1000),
          created_at: new Date(nowMs).toISOString(),
        },
        ConditionExpression:
          'attribute_not_exists(pk) OR expires_at_ms < :now OR (#state = :in_progress AND lease_until_ms < :now)',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':now': nowMs, ':in_progress': 'in_progress' },
      }),
    );
    return { claimed: true };
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  const out = await deps.ddb.send(
    new GetCommand({
      TableName: deps.config.tableName,
      Key: keys.idempotencyRecord(scope.accountId, scope.keyHash),
      ConsistentRead: true,
    }),
  );
  // Gone between the put and the get: the holder failed with a 5xx and released it.
  return { claimed: false, record: out.Item ? recordFromItem(out.Item) : undefined };
}

/** Stores the answer of the request that holds the claim; a claim taken over since is left alone. */
export async function completeIdempotencyKey(
  deps: Deps,
  scope: IdempotencyScope,
  token: string,
  response: { status: number; body: string },
): Promise<void> {
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
        Key: keys.idempotencyRecord(scope.accountId, scope.keyHash),
        UpdateExpression:
          'SET #state = :completed, response_status = :status, response_body = :body REMOVE lease_until_ms',
        ConditionExpression: 'claim_token = :token',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: {
          ':completed': 'completed',
          ':status': response.status,
          ':body': response.body,
          ':token': token,
        },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}

/** Frees the key (the request failed in a way a retry may fix); only by the claim's holder. */
export async function releaseIdempotencyKey(
  deps: Deps,
  scope: IdempotencyScope,
  token: string,
): Promise<void> {
  try {
    await deps.ddb.send(
      new DeleteCommand({
        TableName: deps.config.tableName,
        Key: keys.idempotencyRecord(scope.accountId, scope.keyHash),
        ConditionExpression: 'claim_token = :token',
        ExpressionAttributeValues: { ':token': token },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
}
