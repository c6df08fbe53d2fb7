import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { inCollection, keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import type { PageRequest } from '../db/query.ts';
import { getItem, queryPage } from '../db/table.ts';
import { transactWrite } from '../db/transact.ts';
import * as s from '../small-schema.ts';

/** What is stored for a key: never the key itself, only its hash and display parts. */
export type ApiKeyRecord = {
  id: string;
  account_id: string;
  name: string;
  hash: string;
  prefix: string;
  last4: string;
  created_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
};

export const MAX_ACTIVE_KEYS_PER_ACCOUNT = 25;

export const apiKeyEntity = defineEntity({
  name: 'api_key',
  module: 'lambdas/core/entities/api-key.ts',
  // small-schema, not zod: authentication reads this item before any action module loads (ADR 0011).
  schema: s.object({
    id: s.string(),
    account_id: s.string(),
    name: s.string(),
    hash: s.string(),
    prefix: s.string(),
    last4: s.string(),
    created_at: s.string(),
    expires_at: s.nullable(s.string()),
    revoked_at: s.nullable(s.string()),
    last_used_at: s.nullable(s.string()),
  }),
  keys: ['apiKeyById', 'apiKeysOfAccount', 'account'],
  patterns: [
    {
      does: 'authenticate an API key',
      operation: 'GetItem `pk = APIKEY#<key id>, sk = APIKEY`',
      consistency: 'strong',
      functions: ['getApiKeyById'],
    },
    {
      does: 'create an API key within the 25-key limit',
      operation: 'TransactWrite: Update account `active_api_keys < 25` + Put key `attribute_not_exists(pk)`',
      consistency: '–',
      functions: ['putApiKey'],
    },
    {
      does: "record a key's last use (at most once a minute)",
      operation: 'UpdateItem on the key `attribute_exists(pk)`',
      consistency: '–',
      functions: ['touchApiKey'],
    },
    {
      does: "list an account's API keys, newest first",
      operation: 'Query gsi1 `gsi1pk = ACCOUNT#<a>#APIKEYS AND begins_with(gsi1sk, APIKEY#)`',
      consistency: 'eventual (GSI)',
      functions: ['listApiKeysOfAccount'],
    },
    {
      does: 'revoke a key of this account and free its place in the count',
      operation:
        'GetItem key, then TransactWrite: Update key `account_id = :account AND revoked_at = null` + Update account `active_api_keys > 0`',
      consistency: 'strong',
      functions: ['revokeApiKey'],
    },
  ],
});

export const apiKeyFromItem: (item: Record<string, unknown>) => ApiKeyRecord = apiKeyEntity.fromItem;

export function getApiKeyById(deps: DbDeps, keyId: string): Promise<ApiKeyRecord | undefined> {
  return getItem(deps, keys.apiKeyById(keyId), apiKeyFromItem);
}

/** What is stored of a freshly issued key (auth/api-key-format.ts issues it): never the secret. */
type StoredKeyParts = { keyId: string; hash: string; prefix: string; last4: string };

/**
 * Stores a freshly issued key and counts it against the account's active keys, in one
 * transaction: the count can never pass the limit, even under concurrent creates.
 * Throws a cancelled transaction when the account is at the limit (the caller maps it).
 */
export async function putApiKey(
  deps: DbDeps,
  input: { accountId: string; name: string; issued: StoredKeyParts; expiresAt: string | null },
): Promise<ApiKeyRecord> {
  const now = deps.now().toISOString();
  const record: ApiKeyRecord = {
    id: input.issued.keyId,
    account_id: input.accountId,
    name: input.name,
    hash: input.issued.hash,
    prefix: input.issued.prefix,
    last4: input.issued.last4,
    created_at: now,
    expires_at: input.expiresAt,
    revoked_at: null,
    last_used_at: null,
  };
  await transactWrite(deps, {
    TransactItems: [
      {
        Update: {
          TableName: deps.config.tableName,
          Key: keys.account(input.accountId),
          UpdateExpression: 'SET active_api_keys = if_not_exists(active_api_keys, :zero) + :one',
          // An owner offboarded meanwhile (lambdas/core/offboarding.ts) gets no new key either.
          ConditionExpression:
            'attribute_exists(pk) AND (attribute_not_exists(active_api_keys) OR active_api_keys < :max) AND (attribute_not_exists(owner_status) OR owner_status <> :inactive)',
          ExpressionAttributeValues: {
            ':zero': 0,
            ':one': 1,
            ':max': MAX_ACTIVE_KEYS_PER_ACCOUNT,
            ':inactive': 'inactive',
          },
        },
      },
      {
        Put: {
          TableName: deps.config.tableName,
          Item: {
            ...keys.apiKeyById(record.id),
            ...inCollection(keys.apiKeysOfAccount(input.accountId), now, record.id),
            entity: 'api_key',
            ...record,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    ],
  });
  return record;
}

/**
 * Records use at most once a minute per key, so authentication stays one read on the hot path
 * and a write only now and then.
 */
export async function touchApiKey(deps: DbDeps, key: ApiKeyRecord): Promise<void> {
  const now = deps.now();
  if (key.last_used_at && now.getTime() - Date.parse(key.last_used_at) < 60_000) return;
  await deps.ddb.send(
    new UpdateCommand({
      TableName: deps.config.tableName,
      Key: keys.apiKeyById(key.id),
      UpdateExpression: 'SET last_used_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now.toISOString() },
    }),
  );
}

/** The caller-facing view of a key: everything but the hash (and never the key itself). */
export type ApiKeyView = Omit<ApiKeyRecord, 'hash' | 'account_id'> & {
  status: 'active' | 'revoked' | 'expired';
};

export function toApiKeyView(record: ApiKeyRecord, now: Date): ApiKeyView {
  const { hash: _hash, account_id: _account, ...visible } = record;
  const status =
    record.revoked_at !== null
      ? 'revoked'
      : record.expires_at !== null && Date.parse(record.expires_at) <= now.getTime()
        ? 'expired'
        : 'active';
  return { ...visible, status };
}

export function listApiKeysOfAccount(
  deps: DbDeps,
  accountId: string,
  page: PageRequest,
): Promise<Page<ApiKeyRecord>> {
  return queryPage(deps, keys.apiKeysOfAccount(accountId), page, apiKeyFromItem);
}

/**
 * Revokes a key of this account and frees its slot in the active-key count, in one
 * transaction. Revoking a revoked key changes nothing and answers it as it is. Answers
 * undefined for a key that is not this account's (unknown or foreign alike).
 */
export async function revokeApiKey(
  deps: DbDeps,
  accountId: string,
  keyId: string,
): Promise<ApiKeyRecord | undefined> {
  const existing = await getApiKeyById(deps, keyId);
  if (!existing || existing.account_id !== accountId) return undefined;
  if (existing.revoked_at !== null) return existing;
  const now = deps.now().toISOString();
  try {
    await transactWrite(deps, {
      TransactItems: [
        {
          Update: {
            TableName: deps.config.tableName,
            Key: keys.apiKeyById(keyId),
            UpdateExpression: 'SET revoked_at = :now',
            ConditionExpression: 'account_id = :account AND revoked_at = :null',
            ExpressionAttributeValues: { ':now': now, ':account': accountId, ':null': null },
          },
        },
        {
          Update: {
            TableName: deps.config.tableName,
            Key: keys.account(accountId),
            UpdateExpression: 'SET active_api_keys = active_api_keys - :one',
            ConditionExpression: 'active_api_keys > :zero',
            ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
          },
        },
      ],
    });
  } catch (error) {
    // A concurrent revoke won the race: the key is revoked either way.
    if (!isConditionalCheckFailed(error)) throw error;
    return getApiKeyById(deps, keyId);
  }
  return { ...existing, revoked_at: now };
}
