import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import type { Deps } from '../deps.ts';

/** The tenant. Its id is the Cognito user's `sub`; it holds the credits ledger. */
export type Account = {
  id: string;
  credits: { available: number; reserved: number; used: number };
  created_at: string;
  updated_at: string;
};

export function accountFromItem(item: Record<string, unknown>): Account {
  return {
    id: String(item.id),
    credits: {
      available: Number(item.credits_available ?? 0),
      reserved: Number(item.credits_reserved ?? 0),
      used: Number(item.credits_used ?? 0),
    },
    created_at: String(item.created_at),
    updated_at: String(item.updated_at),
  };
}

export async function getAccount(deps: Deps, accountId: string): Promise<Account | undefined> {
  const out = await deps.ddb.send(
    new GetCommand({ TableName: deps.config.tableName, Key: keys.account(accountId), ConsistentRead: true }),
  );
  return out.Item ? accountFromItem(out.Item) : undefined;
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
