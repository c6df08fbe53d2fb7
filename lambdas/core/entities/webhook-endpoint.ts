import { DeleteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { cancellationReasons, isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import { type PageRequest, queryAll } from '../db/query.ts';
import { Again, retryWithBackoff } from '../db/retry.ts';
import { getItem, putNew, queryPage, updateIf } from '../db/table.ts';
import { transactWrite } from '../db/transact.ts';
import { nullableString } from '../db/zod-fields.ts';
import {
  MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT,
  SECRET_OVERLAP_MS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from '../webhooks/events.ts';

/**
 * A receiver of an account's events. The secret is stored as issued: signing needs it, so it
 * cannot be hashed like an API key; the table's encryption at rest covers it, and no answer but
 * create and rotate ever shows it (ADR 0025).
 */
export type WebhookEndpoint = {
  id: string;
  url: string;
  events: WebhookEventType[];
  secret: string;
  /** The secret a rotation replaced, still signing until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** Set when its account's owner was offboarded (ADR 0029): nothing more is sent to it. */
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
};

export const webhookEndpointEntity = defineEntity({
  name: 'webhook_endpoint',
  module: 'lambdas/core/entities/webhook-endpoint.ts',
  schema: z.object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    secret: z.string(),
    previous_secret: nullableString,
    previous_secret_expires_at: nullableString,
    disabled_at: nullableString,
    created_at: z.string(),
    updated_at: z.string(),
  }),
  keys: ['webhookEndpointById', 'webhookEndpointsOfAccount'],
  patterns: [
    {
      does: 'create a webhook endpoint',
      operation:
        'TransactWrite: Put `attribute_not_exists(pk)` + account `webhook_endpoints + 1` conditional on `webhook_endpoints < 10`',
      consistency: '–',
      functions: ['createWebhookEndpoint'],
    },
    {
      does: 'get a webhook endpoint by id',
      operation: 'GetItem `pk = ACCOUNT#<a>, sk = WEBHOOK#<id>`',
      consistency: 'strong',
      functions: ['getWebhookEndpoint'],
    },
    {
      does: "list an account's webhook endpoints, newest first (also: which endpoints an event goes to)",
      operation: 'Query `pk = ACCOUNT#<a> AND begins_with(sk, WEBHOOK#)`',
      consistency: 'strong',
      functions: ['listWebhookEndpoints', 'allWebhookEndpoints'],
    },
    {
      does: "rotate an endpoint's secret",
      operation: 'UpdateItem `secret = :read` (the old one kept 24 h as previous_secret)',
      consistency: '–',
      functions: ['rotateWebhookSecret'],
    },
    {
      does: 'delete a webhook endpoint',
      operation: 'TransactWrite: Delete `attribute_exists(pk)` + account `webhook_endpoints - 1`',
      consistency: '–',
      functions: ['deleteWebhookEndpoint'],
    },
    {
      does: "disable an account's endpoints (offboarding)",
      operation: 'UpdateItem `SET disabled_at` on each (after the Query of its endpoints)',
      consistency: '–',
      functions: ['disableWebhookEndpoints'],
    },
  ],
});

export const webhookEndpointFromItem: (item: Record<string, unknown>) => WebhookEndpoint =
  webhookEndpointEntity.fromItem;

/** The endpoint as callers see it: never a secret. */
export function toWebhookEndpointView(endpoint: WebhookEndpoint) {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    created_at: endpoint.created_at,
    updated_at: endpoint.updated_at,
  };
}

/** The secrets a delivery is signed with at `now`: the current one, and the replaced one during its overlap. */
export function signingSecrets(endpoint: WebhookEndpoint, now: Date): string[] {
  const previous =
    endpoint.previous_secret &&
    endpoint.previous_secret_expires_at &&
    Date.parse(endpoint.previous_secret_expires_at) > now.getTime()
      ? [endpoint.previous_secret]
      : [];
  return [endpoint.secret, ...previous];
}

/** Thrown when the account already has MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT endpoints. */
export class EndpointLimitError extends Error {
  constructor() {
    super(`at most ${MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints per account`);
    this.name = 'EndpointLimitError';
  }
}

/** The account item's count of its endpoints, checked and moved in the endpoint's own transaction. */
const COUNTER = 'webhook_endpoints';

/**
 * Writes a new endpoint and counts it on the account in one transaction, conditional on the
 * count being under the cap: however many creates race, at most the cap succeed (ADR 0029).
 * An account whose endpoints predate the counter gets it from a count of its endpoints, set
 * only if still absent (a racing create retries against the counter). Throws
 * EndpointLimitError at the cap.
 */
export async function createWebhookEndpoint(
  deps: DbDeps,
  accountId: string,
  endpoint: Omit<WebhookEndpoint, 'disabled_at'>,
): Promise<WebhookEndpoint> {
  const table = deps.config.tableName;
  const created: WebhookEndpoint = { ...endpoint, disabled_at: null };
  const put = putNew(table, {
    ...keys.webhookEndpointById(accountId, endpoint.id),
    entity: 'webhook_endpoint',
    account_id: accountId,
    ...created,
  });
  return retryWithBackoff(
    async () => {
      const account = await getItem(deps, keys.account(accountId), (item) => item[COUNTER]);
      const counted =
        typeof account === 'number' ? undefined : (await allWebhookEndpoints(deps, accountId)).length;
      if ((counted ?? Number(account)) >= MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT) throw new EndpointLimitError();
      const count =
        counted === undefined
          ? {
              UpdateExpression: 'SET #count = #count + :one',
              ConditionExpression: '#count < :max',
              ExpressionAttributeNames: { '#count': COUNTER },
              ExpressionAttributeValues: { ':one': 1, ':max': MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT },
            }
          : {
              UpdateExpression: 'SET #count = :next',
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#count)',
              ExpressionAttributeNames: { '#count': COUNTER },
              ExpressionAttributeValues: { ':next': counted + 1 },
            };
      try {
        await deps.ddb.send(
          new TransactWriteCommand({
            TransactItems: [put, { Update: { TableName: table, Key: keys.account(accountId), ...count } }],
          }),
        );
        return created;
      } catch (error) {
        if (cancellationReasons(error).length === 0) throw error;
        // The count moved under us (or a write was in flight): read it again.
        return new Again(error);
      }
    },
    { baseMs: 10, capMs: 250, maxAttempts: 20 },
  );
}

export function getWebhookEndpoint(
  deps: DbDeps,
  accountId: string,
  endpointId: string,
): Promise<WebhookEndpoint | undefined> {
  return getItem(deps, keys.webhookEndpointById(accountId, endpointId), webhookEndpointFromItem);
}

export function listWebhookEndpoints(
  deps: DbDeps,
  accountId: string,
  page: PageRequest,
): Promise<Page<WebhookEndpoint>> {
  return queryPage(deps, keys.webhookEndpointsOfAccount(accountId), page, webhookEndpointFromItem);
}

/** Every endpoint of the account (at most MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT): one Query. */
export function allWebhookEndpoints(deps: DbDeps, accountId: string): Promise<WebhookEndpoint[]> {
  return queryAll(
    deps.ddb,
    deps.config.tableName,
    keys.webhookEndpointsOfAccount(accountId),
    webhookEndpointFromItem,
  );
}

/**
 * Replaces the secret with `next`; the replaced one keeps signing for 24 h. Conditional on the
 * secret read, so two rotations at once cannot both keep a "previous" that the other dropped.
 * Answers the endpoint as written, or undefined when it does not exist or the race was lost.
 */
export async function rotateWebhookSecret(
  deps: DbDeps,
  accountId: string,
  endpoint: WebhookEndpoint,
  next: string,
): Promise<WebhookEndpoint | undefined> {
  const now = deps.now();
  const rotated: WebhookEndpoint = {
    ...endpoint,
    secret: next,
    previous_secret: endpoint.secret,
    previous_secret_expires_at: new Date(now.getTime() + SECRET_OVERLAP_MS).toISOString(),
    updated_at: now.toISOString(),
  };
  const written = await updateIf(deps, {
    Key: keys.webhookEndpointById(accountId, endpoint.id),
    UpdateExpression:
      'SET secret = :next, previous_secret = :previous, previous_secret_expires_at = :until, updated_at = :now',
    ConditionExpression: 'secret = :previous',
    ExpressionAttributeValues: {
      ':next': rotated.secret,
      ':previous': rotated.previous_secret,
      ':until': rotated.previous_secret_expires_at,
      ':now': rotated.updated_at,
    },
  });
  return written ? rotated : undefined;
}

/**
 * Deletes the endpoint and uncounts it in one transaction; answers it as it was, or undefined
 * when there was none.
 */
export async function deleteWebhookEndpoint(
  deps: DbDeps,
  accountId: string,
  endpointId: string,
): Promise<WebhookEndpoint | undefined> {
  const table = deps.config.tableName;
  const endpoint = await getWebhookEndpoint(deps, accountId, endpointId);
  if (!endpoint) return undefined;
  try {
    await transactWrite(deps, {
      TransactItems: [
        {
          Delete: {
            TableName: table,
            Key: keys.webhookEndpointById(accountId, endpointId),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        {
          Update: {
            TableName: table,
            Key: keys.account(accountId),
            // An account from before the counter has none: the next create counts its endpoints.
            UpdateExpression: 'SET #count = #count - :one',
            ConditionExpression: '#count > :zero',
            ExpressionAttributeNames: { '#count': COUNTER },
            ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
          },
        },
      ],
    });
    return endpoint;
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons[0] === 'ConditionalCheckFailed') return undefined;
    if (reasons[1] !== 'ConditionalCheckFailed') throw error;
  }
  // No counter to take from (endpoints from before it): delete alone.
  try {
    await deps.ddb.send(
      new DeleteCommand({
        TableName: table,
        Key: keys.webhookEndpointById(accountId, endpointId),
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
    return endpoint;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}

/**
 * Disables every endpoint of the account (its owner was offboarded, ADR 0029): nothing more is
 * fanned out or sent to them. Answers how many it disabled.
 */
export async function disableWebhookEndpoints(deps: DbDeps, accountId: string): Promise<number> {
  let disabled = 0;
  const now = deps.now().toISOString();
  for (const endpoint of await allWebhookEndpoints(deps, accountId)) {
    if (endpoint.disabled_at) continue;
    const done = await updateIf(deps, {
      Key: keys.webhookEndpointById(accountId, endpoint.id),
      UpdateExpression: 'SET disabled_at = :now, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':now': now },
    });
    if (done) disabled++;
  }
  return disabled;
}
