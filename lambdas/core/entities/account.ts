import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import { getItem } from '../db/table.ts';
import * as s from '../small-schema.ts';

/** The tenant. Its id is the Cognito user's `sub`; it holds the credits ledger. */
export type Account = {
  id: string;
  credits: { available: number; reserved: number; used: number };
  created_at: string;
  updated_at: string;
};

const credit = s.withDefault(s.number({ int: true }), 0);

export const accountEntity = defineEntity({
  name: 'account',
  module: 'lambdas/core/entities/account.ts',
  // small-schema, not zod: authentication reads this item before any action module loads (ADR 0011).
  schema: s.map(
    s.object({
      id: s.string(),
      credits_available: credit,
      credits_reserved: credit,
      credits_used: credit,
      created_at: s.string(),
      updated_at: s.string(),
    }),

    (a): Account => ({
      id: a.id,
      credits: { available: a.credits_available, reserved: a.credits_reserved, used: a.credits_used },
      created_at: a.created_at,
      updated_at: a.updated_at,
    }),
  ),
  keys: ['account'],
  patterns: [
    {
      does: 'get or create an account exactly once',
      operation: 'PutItem `attribute_not_exists(pk)`, then GetItem',
      consistency: 'strong',
      functions: ['ensureAccount'],
    },
    {
      does: 'read the credits',
      operation: 'GetItem `pk = ACCOUNT#<a>, sk = ACCOUNT`',
      consistency: 'strong',
      functions: ['getAccount'],
    },
    {
      does: 'mark the owner inactive (offboarding), creating the account empty if it never existed',
      operation: 'UpdateItem `SET owner_status = inactive` with `if_not_exists` defaults',
      consistency: '–',
      functions: ['markOwnerInactive'],
    },
    {
      does: "read the owner's standing on the user-token path",
      operation: 'GetItem `pk = ACCOUNT#<a>, sk = ACCOUNT`, projection `owner_status`',
      consistency: 'strong',
      functions: ['ownerStanding'],
    },
    {
      does: 'move credits (reserve, consume, release, grant)',
      operation: 'Update of the account inside the transaction of the state change it pays for',
      consistency: '–',
      functions: ['ledger'],
      module: 'lambdas/core/entities/ledger.ts',
    },
  ],
});

/** `owner_status` on the account item; absent means active. */
export const OWNER_INACTIVE = 'inactive';

export const accountFromItem = accountEntity.fromItem;

export function getAccount(deps: DbDeps, accountId: string): Promise<Account | undefined> {
  return getItem(deps, keys.account(accountId), accountFromItem);
}

/**
 * Creates the account with its starting credits exactly once: the put is conditional on the
 * item not existing, so concurrent first calls all end with the same single account.
 */
export async function ensureAccount(
  deps: DbDeps,
  accountId: string,
  startingCredits: number = deps.config.defaultCredits,
): Promise<Account> {
  const now = deps.now().toISOString();
  try {
    await deps.ddb.send(
      new PutCommand({
        TableName: deps.config.tableName,
        Item: {
          ...keys.account(accountId),
          entity: 'account',
          id: accountId,
          credits_available: startingCredits,
          credits_reserved: 0,
          credits_used: 0,
          active_api_keys: 0,
          created_at: now,
          updated_at: now,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
  }
  const account = await getAccount(deps, accountId);
  if (!account) throw new Error(`Account ${accountId} vanished right after it was ensured.`);
  return account;
}

/**
 * Marks the owner inactive. If the user never called the API, the account is created here,
 * already inactive and empty, so an unexpired token cannot create it afterwards.
 */
export async function markOwnerInactive(deps: DbDeps, accountId: string): Promise<boolean> {
  const now = deps.now().toISOString();
  const out = await deps.ddb.send(
    new UpdateCommand({
      TableName: deps.config.tableName,
      Key: keys.account(accountId),
      UpdateExpression: [
        'SET owner_status = :inactive',
        'owner_deactivated_at = if_not_exists(owner_deactivated_at, :now)',
        'entity = if_not_exists(entity, :entity)',
        'id = if_not_exists(id, :id)',
        'credits_available = if_not_exists(credits_available, :zero)',
        'credits_reserved = if_not_exists(credits_reserved, :zero)',
        'credits_used = if_not_exists(credits_used, :zero)',
        'active_api_keys = if_not_exists(active_api_keys, :zero)',
        'created_at = if_not_exists(created_at, :now)',
        'updated_at = :now',
      ].join(', '),
      ExpressionAttributeValues: {
        ':inactive': OWNER_INACTIVE,
        ':now': now,
        ':entity': 'account',
        ':id': accountId,
        ':zero': 0,
      },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return out.Attributes?.owner_status === OWNER_INACTIVE;
}

/**
 * Whether the account's owner has been offboarded; answers undefined when there is no account
 * yet. One strongly consistent read of two attributes: the user-token path makes it in place of
 * the existence check it already made.
 */
export async function ownerStanding(
  deps: DbDeps,
  accountId: string,
): Promise<'active' | 'inactive' | undefined> {
  const out = await deps.ddb.send(
    new GetCommand({
      TableName: deps.config.tableName,
      Key: keys.account(accountId),
      ConsistentRead: true,
      ProjectionExpression: 'pk, owner_status',
    }),
  );
  if (!out.Item) return undefined;
  return out.Item.owner_status === OWNER_INACTIVE ? 'inactive' : 'active';
}
