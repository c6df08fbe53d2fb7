import { keys } from '../../db/keys.ts';

/**
 * The condition every write that adds a slot to a job or moves its credits carries (slot writes,
 * settlements, cancellations): the job exists and is not closed for deletion. Closing is the
 * fence between a deletion and a dispatch still writing slots (ADR 0029).
 */
export const JOB_IS_LIVE = 'attribute_exists(pk) AND attribute_not_exists(deleting_at)';

/** A transaction item requiring the job live (see JOB_IS_LIVE). */
export function jobIsLive(tableName: string, accountId: string, jobId: string) {
  return {
    ConditionCheck: {
      TableName: tableName,
      Key: keys.jobById(accountId, jobId),
      ConditionExpression: JOB_IS_LIVE,
    },
  };
}

/** Thrown when a job was closed for deletion while something was adding to it. */
export class JobClosedError extends Error {
  constructor(readonly jobId: string) {
    super(`job ${jobId} was closed for deletion`);
    this.name = 'JobClosedError';
  }
}
