import { keys } from './db/keys.ts';
import type { Page } from './db/pagination.ts';
import { queryCollection } from './db/query.ts';
import type { Deps } from './deps.ts';
import { markOwnerInactive } from './entities/account.ts';
import { type ApiKeyRecord, apiKeyFromItem, revokeApiKey } from './entities/api-key.ts';
import { openJobsOfAccount } from './entities/job.ts';
import { disableWebhookEndpoints } from './entities/webhook-endpoint.ts';
import { cancelJob } from './generation/cancel.ts';

/**
 * Offboarding: when the Cognito user who owns an account is disabled or deleted, the account's
 * owner is marked inactive (the key actions then refuse that user's still-valid access tokens)
 * and every API key of the account is revoked (so the hot API-key path needs no extra read: a
 * revoked key already answers 401); its webhook endpoints are disabled and its images not
 * started are cancelled, their credits released (ADR 0029). Run by the `Offboarding` Lambda on Cognito's CloudTrail
 * events, and at once by `npm run offboard-user`.
 */

/** The Cognito calls (CloudTrail event names) after which a user's account must stop working. */
export const OFFBOARDING_EVENT_NAMES = ['AdminDisableUser', 'AdminDeleteUser', 'DeleteUser'] as const;

export type OffboardReport = {
  accountId: string;
  /** Ids of the keys this run revoked (keys revoked before are not listed). */
  revokedKeyIds: string[];
  /** The owner was already marked inactive before this run. */
  wasInactive: boolean;
  /** Webhook endpoints this run disabled. */
  disabledEndpoints: number;
  /** Credits of images not started that this run cancelled and released. */
  creditsReleased: number;
};

/**
 * Stops what the account has running (ADR 0029): its webhook endpoints disabled (nothing more is
 * fanned out or sent to them, pending deliveries end failed at their next attempt) and every
 * image not started cancelled, its credit released, as `cancel_job` does. Images already
 * rendering finish; their events go nowhere.
 */
async function stopAccountWork(deps: Deps, accountId: string) {
  const disabledEndpoints = await disableWebhookEndpoints(deps, accountId);
  let creditsReleased = 0;
  for (const job of await openJobsOfAccount(deps, accountId)) {
    creditsReleased += (await cancelJob(deps, accountId, job.job_id))?.creditsReleased ?? 0;
  }
  return { disabledEndpoints, creditsReleased };
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
  const first = await stopAccountWork(deps, accountId);
  await new Promise((resolve) => setTimeout(resolve, options.settleMs ?? 1000));
  revokedKeyIds.push(...(await revokeAllKeys(deps, accountId)));
  // A dispatch in flight at the first pass may have written slots since.
  const second = await stopAccountWork(deps, accountId);
  return {
    accountId,
    revokedKeyIds,
    wasInactive,
    disabledEndpoints: first.disabledEndpoints + second.disabledEndpoints,
    creditsReleased: first.creditsReleased + second.creditsReleased,
  };
}
