import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { defineEntity } from '../db/entity.ts';
import { keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import { type PageRequest, queryAll } from '../db/query.ts';
import { getItem, putIfAbsent, queryPage, updateIf } from '../db/table.ts';
import { nullableString } from '../db/zod-fields.ts';
import type { Deps } from '../deps.ts';
import { SECRET_OVERLAP_MS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhooks/events.ts';

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
    created_at: z.string(),
    updated_at: z.string(),
  }),
  keys: ['webhookEndpointById', 'webhookEndpointsOfAccount'],
  patterns: [
    {
      does: 'create a webhook endpoint',
      operation: 'PutItem `attribute_not_exists(pk)` (after counting the account’s endpoints)',
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
      operation: 'DeleteItem `attribute_exists(pk)`, old item returned',
      consistency: '–',
      functions: ['deleteWebhookEndpoint'],
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

export async function createWebhookEndpoint(
  deps: Deps,
  accountId: string,
  endpoint: WebhookEndpoint,
): Promise<WebhookEndpoint> {
  await putIfAbsent(deps, {
    ...keys.webhookEndpointById(accountId, endpoint.id),
    entity: 'webhook_endpoint',
    account_id: accountId,
    ...endpoint,
  });
  return endpoint;
}

export function getWebhookEndpoint(
  deps: Deps,
  accountId: string,
  endpointId: string,
): Promise<WebhookEndpoint | undefined> {
  return getItem(deps, keys.webhookEndpointById(accountId, endpointId), webhookEndpointFromItem);
}

export function listWebhookEndpoints(
  deps: Deps,
  accountId: string,
  page: PageRequest,
): Promise<Page<WebhookEndpoint>> {
  return queryPage(deps, keys.webhookEndpointsOfAccount(accountId), page, webhookEndpointFromItem);
}

/** Every endpoint of the account (at most MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT): one Query. */
export function allWebhookEndpoints(deps: Deps, accountId: string): Promise<WebhookEndpoint[]> {
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
  deps: Deps,
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

/** Deletes the endpoint; answers it as it was, or undefined when there was none. */
export async function deleteWebhookEndpoint(
  deps: Deps,
  accountId: string,
  endpointId: string,
): Promise<WebhookEndpoint | undefined> {
  try {
    const out = await deps.ddb.send(
      new DeleteCommand({
        TableName: deps.config.tableName,
        Key: keys.webhookEndpointById(accountId, endpointId),
        ConditionExpression: 'attribute_exists(pk)',
        ReturnValues: 'ALL_OLD',
      }),
    );
    return out.Attributes ? webhookEndpointFromItem(out.Attributes) : undefined;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}
