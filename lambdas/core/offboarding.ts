import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from './db/keys.ts';
import type { Page } from './db/pagination.ts';
import { queryCollection } from './db/query.ts';
import type { Deps } from './deps.ts';
import { type ApiKeyRecord, apiKeyFromItem, revokeApiKey } from './entities/api-key.ts';

/**
 * Offboarding: when the Cognito user who owns an account is disabled or deleted, the account's
 * owner is marked inactive (the key actions then refuse that user's still-valid access tokens)
 * and every API key of the account is revoked (so the hot API-key path needs no extra read: a
 * revoked key already answers 401). Run by the `Offboarding` Lambda on Cognito's CloudTrail
 * events, and at once by `npm run offboard-user`.
 */

/** The Cognito calls (CloudTrail event names) after which a user's account must stop working. */
export const OFFBOARDING_EVENT_NAMES = ['AdminDisableUser', 'AdminDeleteUser', 'DeleteUser'] as const;

/** `owner_status` on the account item; absent means active. */
export const OWNER_INACTIVE = 'inactive';

export type OffboardReport = {
  accountId: string;
  /** Ids of the keys this run revoked (keys revoked before are not listed). */
  revokedKeyIds: string[];
  /** The owner was already marked inactive before this run. */
  wasInactive: boolean;
};

/**
 * Marks the owner inactive. If the user never called the API, the account is created here,
 * already inactive and empty, so an unexpired token cannot create it afterwards.
 */
async function markOwnerInactive(deps: Deps, accountId: string): Promise<boolean> {
  const now = deps.now().toISOString();
  const out = await deps.ddb.send(
    new UpdateCommand({
      TableName: deps.config.tableName,
      Key: keys.account(accountId),
      UpdateExpression: [
        'SET owner_status = :inactive',
        'owner_deactivated_at = if_not_exists(owner_deactivated_at, :now)',
        'entity = if_not_exists(entity, :entity)',
        'id = if_not_exists(id, :id)',
        'credits_available = if_not_exists(credits_available, :zero)',
        'credits_reserved = if_not_exists(credits_reserved, :zero)',
        'credits_used = if_not_exists(credits_used, :zero)',
        'active_api_keys = if_not_exists(active_api_keys, :zero)',
        'created_at = if_not_exists(created_at, :now)',
        'updated_at = :now',
      ].join(', '),
      ExpressionAttributeValues: {
        ':inactive': OWNER_INACTIVE,
        ':now': now,
        ':entity': 'account',
        ':id': accountId,
        ':zero': 0,
      },
      ReturnValues: 'UPDATED_OLD',
    }),
  );
  return out.Attributes?.owner_status === OWNER_INACTIVE;
}

/** Revokes every key of the account that is not revoked yet; answers the ids it revoked. */
async function revokeAllKeys(deps: Deps, accountId: string): Promise<string[]> {
  const revoked: string[] = [];
  let nextToken: string | null = null;
  do {
    const page: Page<ApiKeyRecord> = await queryCollection(
      deps.ddb,
      deps.config.tableName,
      keys.apiKeysOfAccount(accountId),
      { limit: 100, nextToken },
      apiKeyFromItem,
    );
    for (const key of page.items) {
      if (key.revoked_at !== null) continue;
      const after = await revokeApiKey(deps, accountId, key.id);
      if (after && after.revoked_at !== null) revoked.push(key.id);
    }
    nextToken = page.nextToken;
  } while (nextToken);
  return revoked;
}

/**
 * Offboards the owner of `accountId` (the Cognito `sub`): inactive first, so no new key can be
 * created, then every key revoked. The key list is a GSI (eventually consistent), so a second
 * sweep after `settleMs` catches a key created just before the owner was marked. Idempotent.
 */
export async function offboardAccountOwner(
  deps: Deps,
  accountId: string,
  options: { settleMs?: number } = {},
): Promise<OffboardReport> {
  const wasInactive = await markOwnerInactive(deps, accountId);
  const revokedKeyIds = await revokeAllKeys(deps, accountId);
  await new Promise((resolve) => setTimeout(resolve, options.settleMs ?? 1000));
  revokedKeyIds.push(...(await revokeAllKeys(deps, accountId)));
  return { accountId, revokedKeyIds, wasInactive };
}

/**
 * Whether the account's owner has been offboarded; answers undefined when there is no account
 * yet. One strongly consistent read of two attributes: the user-token path makes it in place of
 * the existence check it already made.
 */
export async function ownerStanding(
  deps: Deps,
  accountId: string,
): Promise<'active' | 'inactive' | undefined> {
  const out = await deps.ddb.send(
    new GetCommand({
      TableName: deps.config.tableName,
      Key: keys.account(accountId),
      ConsistentRead: true,
      ProjectionExpression: 'pk, owner_status',
    }),
  );
  if (!out.Item) return undefined;
  return out.Item.owner_status === OWNER_INACTIVE ? 'inactive' : 'active';
}
