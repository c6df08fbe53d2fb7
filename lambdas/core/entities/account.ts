import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { defineEntity } from '../db/entity.ts';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import { getItem } from '../db/table.ts';
import type { Deps } from '../deps.ts';

/** The tenant. Its id is the Cognito user's `sub`; it holds the credits ledger. */
export type Account = {
  id: string;
  credits: { available: number; reserved: number; used: number };
  created_at: string;
  updated_at: string;
};

const credit = z.number().int().default(0);

export const accountEntity = defineEntity({
  name: 'account',
  module: 'lambdas/core/entities/account.ts',
  schema: z
    .object({
      id: z.string(),
      credits_available: credit,
      credits_reserved: credit,
      credits_used: credit,
      created_at: z.string(),
      updated_at: z.string(),
    })
    .transform(
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
      does: 'move credits (reserve, consume, release, grant)',
      operation: 'Update of the account inside the transaction of the state change it pays for',
      consistency: '–',
      functions: ['ledger'],
      module: 'lambdas/core/entities/ledger.ts',
    },
  ],
});

export const accountFromItem = accountEntity.fromItem;

export function getAccount(deps: Deps, accountId: string): Promise<Account | undefined> {
  return getItem(deps, keys.account(accountId), accountFromItem);
}

/**
 * Creates the account with its starting credits exactly once: the put is conditional on the
 * item not existing, so concurrent first calls all end with the same single account.
 */
export async function ensureAccount(
  deps: Deps,
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
