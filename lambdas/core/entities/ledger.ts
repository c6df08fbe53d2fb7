import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { keys } from '../db/keys.ts';

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * The credits ledger: `available`, `reserved`, `used` on the account item; granted is their sum
 * and no move changes it. Each move is a transaction item, so it is only ever applied together
 * with the state change it pays for (job written, slot settled) — never twice, never alone.
 */
export const ledger = {
  /** available → reserved for a whole batch, only if the balance covers it. */
  reserve(tableName: string, accountId: string, amount: number): TransactItem {
    return {
      Update: {
        TableName: tableName,
        Key: keys.account(accountId),
        UpdateExpression:
          'SET credits_available = credits_available - :n, credits_reserved = credits_reserved + :n',
        ConditionExpression: 'attribute_exists(pk) AND credits_available >= :n',
        ExpressionAttributeValues: { ':n': amount },
      },
    };
  },
  /** reserved → used: one image delivered. */
  consume(tableName: string, accountId: string, amount = 1): TransactItem {
    return {
      Update: {
        TableName: tableName,
        Key: keys.account(accountId),
        UpdateExpression: 'SET credits_reserved = credits_reserved - :n, credits_used = credits_used + :n',
        ConditionExpression: 'credits_reserved >= :n',
        ExpressionAttributeValues: { ':n': amount },
      },
    };
  },
  /** reserved → available: images that will not be delivered. */
  release(tableName: string, accountId: string, amount = 1): TransactItem {
    return {
      Update: {
        TableName: tableName,
        Key: keys.account(accountId),
        UpdateExpression:
          'SET credits_reserved = credits_reserved - :n, credits_available = credits_available + :n',
        ConditionExpression: 'credits_reserved >= :n',
        ExpressionAttributeValues: { ':n': amount },
      },
    };
  },
  /** Operator grant: new credits straight into available. */
  grant(tableName: string, accountId: string, amount: number): TransactItem {
    return {
      Update: {
        TableName: tableName,
        Key: keys.account(accountId),
        UpdateExpression: 'SET credits_available = credits_available + :n',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':n': amount },
      },
    };
  },
};
