import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { keys } from '../db/keys.ts';
import { updateIf } from '../db/table.ts';
import { tableDesign } from '../db/table-design.ts';
import * as s from '../small-schema.ts';

/** A per-account counter of one action group in one fixed window; removed by TTL after it. */
export const rateWindowEntity = defineEntity({
  name: 'rate_window',
  module: 'lambdas/core/entities/rate-window.ts',
  // small-schema, not zod: every request counts one use on the router's cold path (ADR 0032).
  schema: s.object({ uses: s.number({ int: true, min: 0 }), ttl: s.number({ int: true }) }),
  keys: ['rateWindow'],
  patterns: [
    {
      does: "count one use of an account's allowance in a window",
      operation:
        'UpdateItem `uses = if_not_exists(uses, 0) + 1` `attribute_not_exists(uses) OR uses < :limit`, TTL after the window',
      consistency: '–',
      functions: ['countUse'],
    },
  ],
});

/**
 * Counts one use in the window starting at `windowStart` unless `limit` uses are already
 * counted there. Answers false (nothing written) when the allowance is spent.
 */
export async function countUse(
  deps: DbDeps,
  window: { accountId: string; bucket: string; windowStart: Date; expiresAt: Date; limit: number },
): Promise<boolean> {
  return updateIf(deps, {
    Key: keys.rateWindow(window.accountId, window.bucket, window.windowStart.toISOString()),
    UpdateExpression: 'SET uses = if_not_exists(uses, :zero) + :one, #ttl = :ttl, entity = :entity',
    ExpressionAttributeNames: { '#ttl': tableDesign.timeToLiveAttribute },
    ConditionExpression: 'attribute_not_exists(uses) OR uses < :limit',
    ExpressionAttributeValues: {
      ':zero': 0,
      ':one': 1,
      ':limit': window.limit,
      ':ttl': Math.ceil(window.expiresAt.getTime() / 1000),
      ':entity': rateWindowEntity.name,
    },
  });
}
