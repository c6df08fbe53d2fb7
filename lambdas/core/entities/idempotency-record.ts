import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, type NativeAttributeValue, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import { tableDesign } from '../db/table-design.ts';
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
        'UpdateItem `attribute_not_exists(pk) OR expires_at_ms < :now OR (state = in_progress AND lease_until_ms < :now)` keeping `bound_id`, the holder returned by `ReturnValuesOnConditionCheckFailure: ALL_OLD`; UpdateItem/DeleteItem `claim_token = :token`',
      consistency: 'strong',
      functions: ['claimIdempotencyKey', 'completeIdempotencyKey', 'releaseIdempotencyKey'],
    },
  ],
});

const recordFromItem = idempotencyRecordEntity.fromItem;

/**
 * Claims the key for one request, exactly once: the write succeeds when no live record exists
 * (none yet, one past its 24 h that TTL has not removed yet, or an in-progress one whose lease
 * ran out because its request died). Otherwise answers the record that holds the key, as the
 * failed write returned it (`ReturnValuesOnConditionCheckFailure`), without a second read.
 *
 * A claim also answers the key's binding (ADR 0031): an id chosen by the key's first request for
 * what it creates (generate_creatives' job). A request that takes over a dead request's lease
 * inherits it, so it finds the job the dead one reserved credits for instead of ordering again;
 * a key claimed afresh (new, or past its 24 h) gets a new one.
 */
export async function claimIdempotencyKey(
  deps: DbDeps,
  scope: IdempotencyScope,
  claim: {
    action: string;
    fingerprint: string;
    token: string;
    leaseSeconds: number;
    retentionSeconds: number;
  },
): Promise<{ claimed: true; boundId: string } | { claimed: false; record: IdempotencyRecord | undefined }> {
  const nowMs = deps.now().getTime();
  const expiresMs = nowMs + claim.retentionSeconds * 1000;
  const key = keys.idempotencyRecord(scope.accountId, scope.keyHash);
  const fresh = deps.newId();
  let before: Record<string, unknown> | undefined;
  try {
    const out = await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
        Key: key,
        UpdateExpression:
          'SET entity = :entity, #state = :in_progress, #action = :action, fingerprint = :fingerprint, ' +
          'claim_token = :token, lease_until_ms = :lease, expires_at_ms = :expires, #ttl = :ttl, ' +
          'created_at = :created, bound_id = if_not_exists(bound_id, :fresh) ' +
          'REMOVE response_status, response_body',
        ConditionExpression:
          'attribute_not_exists(pk) OR expires_at_ms < :now OR (#state = :in_progress AND lease_until_ms < :now)',
        ExpressionAttributeNames: {
          '#state': 'state',
          '#action': 'action',
          '#ttl': tableDesign.timeToLiveAttribute,
        },
        ExpressionAttributeValues: {
          ':entity': 'idempotency_record',
          ':in_progress': 'in_progress',
          ':action': claim.action,
          ':fingerprint': claim.fingerprint,
          ':token': claim.token,
          ':lease': nowMs + claim.leaseSeconds * 1000,
          ':expires': expiresMs,
          ':ttl': Math.ceil(expiresMs / 1000),
          ':created': new Date(nowMs).toISOString(),
          ':fresh': fresh,
          ':now': nowMs,
        },
        ReturnValues: 'ALL_OLD',
        ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
      }),
    );
    before = out.Attributes;
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    return { claimed: false, record: await holderOf(deps, key, error) };
  }
  const inherited = typeof before?.bound_id === 'string' ? before.bound_id : undefined;
  if (!inherited) return { claimed: true, boundId: fresh };
  // A lease taken over within the key's 24 h keeps the dead request's binding.
  if (Number(before?.expires_at_ms) >= nowMs) return { claimed: true, boundId: inherited };
  // The key outlived its 24 h: it is a new request, whose binding must be new too.
  await deps.ddb.send(
    new UpdateCommand({
      TableName: deps.config.tableName,
      Key: key,
      UpdateExpression: 'SET bound_id = :fresh',
      ConditionExpression: 'claim_token = :token',
      ExpressionAttributeValues: { ':fresh': fresh, ':token': claim.token },
    }),
  );
  return { claimed: true, boundId: fresh };
}

/**
 * The record a failed claim ran into: the one the failed write returned, or (for a store that
 * does not return it) read strongly. Undefined when it vanished meanwhile (its holder failed with
 * a 5xx and released it).
 */
async function holderOf(
  deps: DbDeps,
  key: ReturnType<typeof keys.idempotencyRecord>,
  failure: unknown,
): Promise<IdempotencyRecord | undefined> {
  const returned = (failure as { Item?: Record<string, NativeAttributeValue> }).Item;
  if (returned) return recordFromItem(unmarshall(returned as Record<string, AttributeValue>));
  const out = await deps.ddb.send(
    new GetCommand({ TableName: deps.config.tableName, Key: key, ConsistentRead: true }),
  );
  return out.Item ? recordFromItem(out.Item) : undefined;
}

/** Stores the answer of the request that holds the claim; a claim taken over since is left alone. */
export async function completeIdempotencyKey(
  deps: DbDeps,
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
  deps: DbDeps,
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
