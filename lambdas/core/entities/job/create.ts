import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ConflictError, NotFoundError } from '../../db/app-errors.ts';
import type { DbDeps } from '../../db/deps.ts';
import { cancellationReasons } from '../../db/errors.ts';
import { Again, retryWithBackoff } from '../../db/retry.ts';
import { putNew } from '../../db/table.ts';
import { TRANSACTION_CONFLICTS } from '../../db/transact.ts';
import { campaignOrdered, getCampaign } from '../campaign.ts';
import { ledger } from '../ledger.ts';
import { newJobItem } from './entity.ts';

/**
 * Moves `amount` credits available → reserved and writes the job, in one transaction: nothing
 * is written when the balance does not cover the batch (answers false) or when a job of that id
 * exists (answers `exists`: an Idempotency-Key's retry raced its first request, ADR 0031).
 */
export async function createJobReservingCredits(
  deps: DbDeps,
  accountId: string,
  job: Parameters<typeof newJobItem>[1],
  /** The campaign's `updated_at` the order was planned from (ADR 0031). */
  campaignVersion: string,
): Promise<boolean | 'exists'> {
  const table = deps.config.tableName;
  // Parallel orders of one campaign write its item (and the account's ledger) in the same
  // instant: DynamoDB cancels the losers with TransactionConflict (no condition failed), and an
  // order tried again is right.
  return retryWithBackoff(async () => {
    const answer = await reserveOnce(deps, table, accountId, job, campaignVersion);
    return answer === 'conflict'
      ? new Again(new ConflictError('The campaign is being ordered by other requests; order again.'))
      : answer;
  }, TRANSACTION_CONFLICTS);
}

async function reserveOnce(
  deps: DbDeps,
  table: string,
  accountId: string,
  job: Parameters<typeof newJobItem>[1],
  campaignVersion: string,
): Promise<boolean | 'exists' | 'conflict'> {
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          ledger.reserve(table, accountId, job.jobs),
          putNew(table, newJobItem(accountId, job)),
          // The campaign's deletion marker fences new jobs out: a job ordered while a delete
          // sweeps the campaign would otherwise outlive it (ADR 0028). An update since the order
          // read the campaign fences it out too, and update_campaign is fenced by this job.
          campaignOrdered(table, accountId, { id: job.campaign_id, version: campaignVersion }, job.job_id),
        ],
      }),
    );
    return true;
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons[2] === 'ConditionalCheckFailed') {
      if (!(await getCampaign(deps, accountId, job.campaign_id)))
        throw new NotFoundError('campaign', job.campaign_id);
      throw new ConflictError('The campaign was updated while the order was placed; order again.');
    }
    if (reasons[1] === 'ConditionalCheckFailed') return 'exists';
    if (reasons[0] === 'ConditionalCheckFailed') return false;
    if (reasons.includes('TransactionConflict')) return 'conflict';
    throw error;
  }
}
