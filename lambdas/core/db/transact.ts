import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DbDeps } from './deps.ts';
import { cancellationReasons } from './errors.ts';
import { Again, retryWithBackoff } from './retry.ts';

/** How a transaction cancelled by a concurrent write to one of its items is tried again. */
export const TRANSACTION_CONFLICTS = { baseMs: 20, capMs: 500, maxAttempts: 10 };

/**
 * Whether DynamoDB cancelled a transaction only because another write touched one of its items
 * in the same instant (a `TransactionConflict`, no condition failed): the same transaction,
 * sent again, is right. The account item is hot (the credits ledger of every settled image,
 * the key and endpoint counters), so a one-off transaction on it meets this under load.
 */
function isTransactionConflictOnly(error: unknown): boolean {
  const reasons = cancellationReasons(error);
  return reasons.includes('TransactionConflict') && !reasons.includes('ConditionalCheckFailed');
}

/**
 * Sends a TransactWrite, again while it is cancelled only by a concurrent write
 * ({@link isTransactionConflictOnly}); any other failure, a failed condition among them, is
 * thrown at once for the caller to read.
 */
export async function transactWrite(deps: DbDeps, input: TransactWriteCommandInput): Promise<void> {
  await retryWithBackoff(async () => {
    try {
      await deps.ddb.send(new TransactWriteCommand(input));
      return undefined;
    } catch (error) {
      if (isTransactionConflictOnly(error)) return new Again(error);
      throw error;
    }
  }, TRANSACTION_CONFLICTS);
}
