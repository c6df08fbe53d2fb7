import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed } from './db/errors.ts';
import { keys } from './db/keys.ts';
import { tableDesign } from './db/table-design.ts';
import type { Deps } from './deps.ts';
import { RateLimitedError } from './errors.ts';

/**
 * One use of a per-account allowance of `limit` per fixed window of `windowSeconds` (one
 * counter item per account, bucket and window, removed by TTL after it). Past the limit it
 * throws a 429 `rate_limited` whose Retry-After is the time left in the window. A limit of 0
 * turns the check off.
 */
export async function consumeRateLimit(
  deps: Deps,
  accountId: string,
  bucket: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  if (limit <= 0) return;
  const nowMs = deps.now().getTime();
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(nowMs / windowMs) * windowMs;
  const end = start + windowMs;
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
        Key: keys.rateWindow(accountId, bucket, new Date(start).toISOString()),
        UpdateExpression: 'SET uses = if_not_exists(uses, :zero) + :one, #ttl = :ttl, entity = :entity',
        ExpressionAttributeNames: { '#ttl': tableDesign.timeToLiveAttribute },
        ConditionExpression: 'attribute_not_exists(uses) OR uses < :limit',
        ExpressionAttributeValues: {
          ':zero': 0,
          ':one': 1,
          ':limit': limit,
          ':ttl': Math.ceil(end / 1000) + windowSeconds,
          ':entity': 'rate_window',
        },
      }),
    );
  } catch (error) {
    if (!isConditionalCheckFailed(error)) throw error;
    throw new RateLimitedError(
      `${bucket} is limited to ${limit} calls per ${windowSeconds / 60} minutes per account; retry after the window resets.`,
      (end - nowMs) / 1000,
    );
  }
}
