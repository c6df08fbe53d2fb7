import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { DbDeps } from '../db/deps.ts';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import type { Outbox } from '../db/outbox.ts';
import type { ReviewState, Slot } from './slot.ts';

/** One decision on one creative: its state and the reviewer's note (null clears it). */
export type ReviewDecision = { state: ReviewState; note: string | null };

/** Who decided, as stored: `api_key:<id>`, `user:<sub>` or `review_link:<id>`. */
export type Reviewer = string;

/** Whether a decision changes nothing: the same state and note are already recorded. */
export function isSameDecision(slot: Slot, decision: ReviewDecision): boolean {
  return slot.review_state === decision.state && (slot.review_note ?? null) === decision.note;
}

/**
 * Records a decision on a creative (ADR 0040), with what the caller's outbox records of it
 * (the `creative.reviewed` event) in the same transaction, so a subscriber hears of exactly the decisions that were stored.
 * Only a finished image can be reviewed; the condition re-checks it, so a creative deleted since
 * it was read fails cleanly. Answers the slot as it now is, or undefined when it is gone.
 */
export async function reviewCreative(
  deps: DbDeps,
  slot: Slot,
  decision: ReviewDecision,
  reviewer: Reviewer,
  outbox: Outbox<Slot>,
): Promise<Slot | undefined> {
  const now = deps.now().toISOString();
  const event = await outbox(slot, new Date(now));
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: deps.config.tableName,
              Key: keys.slot(slot.account_id, slot.job_id, slot.index),
              UpdateExpression:
                'SET review_state = :state, review_note = :note, reviewed_by = :by, reviewed_at = :now, updated_at = :now',
              ConditionExpression: 'attribute_exists(pk) AND #status = :succeeded',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':state': decision.state,
                ':note': decision.note,
                ':by': reviewer,
                ':now': now,
                ':succeeded': 'succeeded',
              },
            },
          },
          ...event.puts,
        ],
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
  await event.committed();
  return {
    ...slot,
    review_state: decision.state,
    review_note: decision.note,
    reviewed_by: reviewer,
    reviewed_at: now,
    updated_at: now,
  };
}
