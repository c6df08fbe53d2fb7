import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { DbDeps } from '../../db/deps.ts';
import { cancellationReasons } from '../../db/errors.ts';
import { type ItemKey, keys } from '../../db/keys.ts';
import { queryAll } from '../../db/query.ts';
import { Again, retryWithBackoff } from '../../db/retry.ts';
import { batchDelete, getItem } from '../../db/table.ts';
import { TRANSACTION_CONFLICTS } from '../../db/transact.ts';
import { ledger } from '../ledger.ts';
import { counter, jobEntity } from './entity.ts';

const closingSchema = z.object({
  jobs: z.number().int().nonnegative(),
  succeeded: counter,
  failed: counter,
  cancelled: z.number().int().nonnegative().optional(),
  deleting_at: z.string().optional(),
});

/**
 * Closes a job for deletion (ADR 0029): in one transaction the job gets `deleting_at` (and leaves
 * the open-jobs index) and every credit it still holds (its pending count: images neither
 * settled nor cancelled, written or not) moves reserved → available. Conditional on the counters
 * read, so a settlement that lands first is retried around. From then on nothing can add a slot
 * to it or move its credits: every such write requires the job live (JOB_IS_LIVE), so a
 * dispatch still writing slots stops, a worker's late settlement fails cleanly, and a
 * cancellation finds nothing to release. Idempotent: a closed or missing job answers 0.
 * Answers how many credits it released.
 */
export async function closeJobForDeletion(deps: DbDeps, accountId: string, jobId: string): Promise<number> {
  const table = deps.config.tableName;
  return retryWithBackoff(
    async () => {
      const job = await getItem(deps, keys.jobById(accountId, jobId), (item) =>
        jobEntity.fromItemAs(closingSchema, item),
      );
      if (!job || job.deleting_at) return 0;
      const held = job.jobs - job.succeeded - job.failed - (job.cancelled ?? 0);
      try {
        await deps.ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Update: {
                  TableName: table,
                  Key: keys.jobById(accountId, jobId),
                  UpdateExpression: 'SET deleting_at = :now, updated_at = :now REMOVE gsi2pk, gsi2sk',
                  ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(deleting_at) AND succeeded = :s AND failed = :f AND ${
                    job.cancelled === undefined ? 'attribute_not_exists(cancelled)' : 'cancelled = :c'
                  }`,
                  ExpressionAttributeValues: {
                    ':now': deps.now().toISOString(),
                    ':s': job.succeeded,
                    ':f': job.failed,
                    ...(job.cancelled === undefined ? {} : { ':c': job.cancelled }),
                  },
                },
              },
              ...(held > 0 ? [ledger.release(table, accountId, held)] : []),
            ],
          }),
        );
        return held;
      } catch (error) {
        if (cancellationReasons(error).length === 0) throw error;
        // The counters moved (a settlement committed first) or a write was in flight: read again.
        return new Again(error);
      }
    },
    { ...TRANSACTION_CONFLICTS, maxAttempts: 20 },
  );
}

/**
 * Deletes a job's records: its creative pointers, then every item of its partition (slots,
 * shared-visual markers), then the job itself, last, so that a sweep interrupted part-way still
 * finds the job and finishes it.
 * Answers how many slots it deleted.
 */
export async function deleteJobRecords(deps: DbDeps, accountId: string, jobId: string): Promise<number> {
  const keyOf = (item: Record<string, unknown>): ItemKey => ({ pk: String(item.pk), sk: String(item.sk) });
  const slotItems = await queryAll(
    deps.ddb,
    deps.config.tableName,
    keys.slotsOfJob(accountId, jobId),
    (item) => ({
      key: keyOf(item),
      id: String(item.id),
    }),
  );
  const pointers = slotItems.map((s) => keys.creativeById(accountId, s.id));
  const visuals = await queryAll(
    deps.ddb,
    deps.config.tableName,
    keys.sharedVisualsOfJob(accountId, jobId),
    keyOf,
  );
  // Pointers before their slots: a sweep interrupted in between finds the slots again (and so
  // their pointers), while a pointer whose slot is gone could no longer be found.
  await batchDelete(deps, pointers);
  await batchDelete(deps, [...slotItems.map((s) => s.key), ...visuals]);
  await batchDelete(deps, [keys.jobById(accountId, jobId)]);
  return slotItems.length;
}
