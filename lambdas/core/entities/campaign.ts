import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../db/app-errors.ts';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { cancellationReasons } from '../db/errors.ts';
import { inCollection, keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import { type PageRequest, queryAll } from '../db/query.ts';
import { batchDelete, getItem, putNew, queryPage, updateIf } from '../db/table.ts';
import { nullableString, stringList } from '../db/zod-fields.ts';
import { PLATFORM_TARGETS, type PlatformTarget } from '../platforms.ts';
import type { PreparedCampaign } from '../text/plan.schema.ts';
import { clientExists, gsi2Values, NOT_DELETING } from './client.ts';

/** Every field of the spec's create_campaign table, plus identity and timestamps. */
export type Campaign = {
  id: string;
  client_id: string;
  name: string;
  cta_text: string;
  offer_text: string;
  /** Normalised comma-separated `w:h` list, e.g. `1:1,9:16`. */
  aspect_ratio: string;
  volume: number;
  selected_angle_ids: string[];
  platform_target: PlatformTarget[];
  landing_url: string;
  reference_image_url: string | null;
  product_image_url: string | null;
  /** An uploaded product image (a `ready` asset of the same client); used before the URL. */
  product_asset_id: string | null;
  /** The client's own photos (`ready` photo assets of the same client), shown as the picture (ADR 0059). */
  photo_asset_ids: string[];
  use_brand_kit: true;
  /** Set by prepare_campaign (or implicitly by generate_creatives). */
  prepared?: PreparedCampaign;
  created_at: string;
  /** The content version: moved by create and update_campaign only, not by storing copy (ADR 0044). */
  updated_at: string;
};

export type NewCampaign = Omit<Campaign, 'id' | 'created_at' | 'updated_at' | 'use_brand_kit' | 'prepared'>;

const campaignSchema: z.ZodType<Campaign> = z
  .object({
    id: z.string(),
    client_id: z.string(),
    name: z.string(),
    cta_text: z.string().default(''),
    offer_text: z.string().default(''),
    aspect_ratio: z.string(),
    volume: z.number().int(),
    selected_angle_ids: stringList,
    platform_target: z.array(z.enum(PLATFORM_TARGETS)).default([]),
    landing_url: z.string().default(''),
    reference_image_url: nullableString,
    product_image_url: nullableString,
    product_asset_id: nullableString,
    photo_asset_ids: stringList,
    prepared: z
      .custom<PreparedCampaign>((v) => typeof v === 'object' && v !== null && !Array.isArray(v))
      .optional(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .transform(({ prepared, ...campaign }) => ({
    ...campaign,
    use_brand_kit: true as const,
    ...(prepared ? { prepared } : {}),
  }));

export const campaignEntity = defineEntity({
  name: 'campaign',
  module: 'lambdas/core/entities/campaign.ts',
  schema: campaignSchema,
  keys: ['campaignById', 'campaignsOfClient', 'pendingDeletions'],
  patterns: [
    {
      does: 'create a campaign for a client of this account with angles of that client',
      operation:
        'TransactWrite: ConditionCheck client exists, ConditionCheck each angle `client_id = :client`, Put campaign',
      consistency: '–',
      functions: ['createCampaign'],
    },
    {
      does: 'get a campaign by id',
      operation: 'GetItem `pk = ACCOUNT#<a>, sk = CAMPAIGN#<id>`',
      consistency: 'strong',
      functions: ['getCampaign'],
    },
    {
      does: "list a client's campaigns, newest first",
      operation: 'Query gsi1 `gsi1pk = ACCOUNT#<a>#CLIENT#<c> AND begins_with(gsi1sk, CAMPAIGN#)`',
      consistency: 'eventual (GSI)',
      functions: ['listCampaignsOfClient'],
    },
    {
      does: 'update a campaign (the create fields) with angles of its client',
      operation:
        'GetItem (with `last_job_id`), then TransactWrite: ConditionCheck each angle `client_id = :client`, Put campaign `updated_at = :read AND attribute_not_exists(deleting_at) AND last_job_id = :last`',
      consistency: 'strong',
      functions: ['getCampaignForUpdate', 'updateCampaign'],
    },
    {
      does: "begin, find and finish a campaign's deletion (ADR 0028)",
      operation:
        'UpdateItem `SET deleting_at` + gsi2 `DELETIONS#pending` `attribute_not_exists(deleting_at)`; gsi1 for every campaign of a client; DeleteItem at the end',
      consistency: '–',
      functions: ['markCampaignDeleting', 'getCampaignForSweep', 'campaignIdsOfClient', 'deleteCampaignItem'],
    },
    {
      does: "store a campaign's prepared copy (not an edit: `updated_at` stays)",
      operation:
        'UpdateItem `SET prepared` `updated_at = :read AND attribute_not_exists(deleting_at)` (an order: `AND attribute_not_exists(prepared)`, else the stored copy is read and kept)',
      consistency: '–',
      functions: ['savePreparedCampaign'],
    },
    {
      does: "record an order as the campaign's latest, if the campaign is unchanged since the order read it",
      operation:
        "Update inside the job's reservation transaction: `SET last_job_id` `attribute_not_exists(deleting_at) AND updated_at = :version`",
      consistency: '–',
      functions: ['campaignOrdered'],
    },
  ],
});

export const campaignFromItem = campaignEntity.fromItem;

export function campaignToItem(accountId: string, campaign: Campaign): Record<string, unknown> {
  return {
    ...keys.campaignById(accountId, campaign.id),
    ...inCollection(keys.campaignsOfClient(accountId, campaign.client_id), campaign.id),
    entity: 'campaign',
    account_id: accountId,
    ...campaign,
  };
}

/**
 * Writes the campaign in one transaction that also checks, at the same instant, that the
 * client exists in this account and that every selected angle belongs to that client. Nothing
 * is written when any check fails.
 */
export async function createCampaign(deps: DbDeps, accountId: string, input: NewCampaign): Promise<Campaign> {
  const now = deps.now().toISOString();
  const campaign: Campaign = {
    ...input,
    id: deps.newId(),
    use_brand_kit: true,
    created_at: now,
    updated_at: now,
  };
  const table = deps.config.tableName;
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          clientExists(table, accountId, input.client_id),
          ...input.selected_angle_ids.map((angleId) =>
            angleOfClient(table, accountId, angleId, input.client_id),
          ),
          putNew(table, campaignToItem(accountId, campaign)),
        ],
      }),
    );
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons[0] === 'ConditionalCheckFailed') throw new NotFoundError('client', input.client_id);
    const badAngles = input.selected_angle_ids.filter((_, i) => reasons[i + 1] === 'ConditionalCheckFailed');
    if (badAngles.length > 0) throw badAnglesError(input.selected_angle_ids, badAngles, input.client_id);
    throw error;
  }
  return campaign;
}

/** The campaign, unless it does not exist or its deletion has begun (then it reads as gone at once). */
export async function getCampaign(
  deps: DbDeps,
  accountId: string,
  campaignId: string,
): Promise<Campaign | undefined> {
  const live = (item: Record<string, unknown>) => (item.deleting_at ? null : campaignFromItem(item));
  return (await getItem(deps, keys.campaignById(accountId, campaignId), live)) ?? undefined;
}

export function listCampaignsOfClient(
  deps: DbDeps,
  accountId: string,
  clientId: string,
  page: PageRequest,
): Promise<Page<Campaign>> {
  return queryPage(deps, keys.campaignsOfClient(accountId, clientId), page, campaignFromItem, NOT_DELETING);
}

/**
 * The campaign's share of an order's transaction (ADR 0031): the order was planned from the
 * campaign's fields as they stood at `version` (its `updated_at`, which only create and
 * update_campaign move: ADR 0044), so the transaction holds only if the campaign still exists,
 * is not being deleted and its fields were not updated since; and it records the job as the
 * campaign's latest order, which update_campaign's write is conditional on. Either write fails
 * when the other came first. Parallel orders leave the version alone, so they never fail each
 * other's condition (they may collide in the same instant: TransactionConflict, retried).
 */
export function campaignOrdered(
  tableName: string,
  accountId: string,
  campaign: { id: string; version: string },
  jobId: string,
) {
  return {
    Update: {
      TableName: tableName,
      Key: keys.campaignById(accountId, campaign.id),
      UpdateExpression: 'SET last_job_id = :job',
      ConditionExpression:
        'attribute_exists(pk) AND attribute_not_exists(deleting_at) AND updated_at = :version',
      ExpressionAttributeValues: { ':job': jobId, ':version': campaign.version },
    },
  };
}

/**
 * A campaign read for update_campaign: the campaign, and the id of its latest order, which the
 * update checks (strongly: the list of a campaign's jobs is an index, read eventually) and is
 * conditional on.
 */
export async function getCampaignForUpdate(
  deps: DbDeps,
  accountId: string,
  campaignId: string,
): Promise<{ campaign: Campaign; lastJobId: string | null } | undefined> {
  const found = await getItem(deps, keys.campaignById(accountId, campaignId), (item) =>
    item.deleting_at
      ? null
      : {
          campaign: campaignFromItem(item),
          lastJobId: typeof item.last_job_id === 'string' ? item.last_job_id : null,
        },
  );
  return found ?? undefined;
}

/**
 * Replaces a campaign's fields, conditional on it being unchanged since `read` (its
 * `updated_at`) and on every selected angle being of its client, in one transaction. The
 * prepared copy is dropped: it was written for the old fields, and the next generation prepares
 * it again. Throws NotFoundError when the campaign is gone or being deleted, ConflictError when
 * it changed meanwhile, ValidationError for an angle of another client.
 */
export async function updateCampaign(
  deps: DbDeps,
  accountId: string,
  { campaign: read, lastJobId }: { campaign: Campaign; lastJobId: string | null },
  fields: Partial<Omit<NewCampaign, 'client_id'>>,
): Promise<Campaign> {
  const { prepared: _stale, ...kept } = read;
  const campaign: Campaign = { ...kept, ...fields, updated_at: deps.now().toISOString() };
  const table = deps.config.tableName;
  const angles = fields.selected_angle_ids ?? [];
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          ...angles.map((angleId) => angleOfClient(table, accountId, angleId, read.client_id)),
          {
            Put: {
              TableName: table,
              Item: {
                ...campaignToItem(accountId, campaign),
                ...(lastJobId ? { last_job_id: lastJobId } : {}),
              },
              // No order since the read either: the caller checked that the latest was final.
              ConditionExpression: lastJobId
                ? 'updated_at = :read AND attribute_not_exists(deleting_at) AND last_job_id = :last'
                : 'updated_at = :read AND attribute_not_exists(deleting_at) AND attribute_not_exists(last_job_id)',
              ExpressionAttributeValues: {
                ':read': read.updated_at,
                ...(lastJobId ? { ':last': lastJobId } : {}),
              },
            },
          },
        ],
      }),
    );
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons[angles.length] === 'ConditionalCheckFailed') {
      if (await getCampaign(deps, accountId, read.id)) {
        throw new ConflictError('The campaign changed while it was being updated; read it again and retry.');
      }
      throw new NotFoundError('campaign', read.id);
    }
    const bad = angles.filter((_, i) => reasons[i] === 'ConditionalCheckFailed');
    if (bad.length > 0) throw badAnglesError(angles, bad, read.client_id);
    throw error;
  }
  return campaign;
}

/**
 * Begins a campaign's deletion: it reads as gone from now on, takes no new job, and is listed
 * among pending deletions until the sweep deletes it. Answers false when it does not exist or
 * its deletion already began.
 */
export function markCampaignDeleting(deps: DbDeps, accountId: string, campaignId: string): Promise<boolean> {
  const now = deps.now().toISOString();
  const pending = inCollection(keys.pendingDeletions(), now, accountId, 'campaign', campaignId);
  return updateIf(deps, {
    Key: keys.campaignById(accountId, campaignId),
    UpdateExpression: 'SET deleting_at = :now, gsi2pk = :g2pk, gsi2sk = :g2sk',
    ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting_at)',
    ExpressionAttributeValues: { ':now': now, ...gsi2Values(pending) },
  });
}

/** The campaign whatever its state, for the sweep that deletes it. */
export function getCampaignForSweep(
  deps: DbDeps,
  accountId: string,
  campaignId: string,
): Promise<(Campaign & { deleting: boolean }) | undefined> {
  return getItem(deps, keys.campaignById(accountId, campaignId), (item) => ({
    ...campaignFromItem(item),
    deleting: Boolean(item.deleting_at),
  }));
}

/** Every campaign id of a client, those being deleted included (a client's deletion sweep). */
export function campaignIdsOfClient(deps: DbDeps, accountId: string, clientId: string): Promise<string[]> {
  return queryAll(deps.ddb, deps.config.tableName, keys.campaignsOfClient(accountId, clientId), (item) =>
    String(item.id),
  );
}

/** The last step of a campaign's deletion. */
export function deleteCampaignItem(deps: DbDeps, accountId: string, campaignId: string): Promise<void> {
  return batchDelete(deps, [keys.campaignById(accountId, campaignId)]);
}

function angleOfClient(table: string, accountId: string, angleId: string, clientId: string) {
  return {
    ConditionCheck: {
      TableName: table,
      Key: keys.angleById(accountId, angleId),
      ConditionExpression: 'attribute_exists(pk) AND client_id = :client',
      ExpressionAttributeValues: { ':client': clientId },
    },
  };
}

function badAnglesError(all: readonly string[], bad: readonly string[], clientId: string) {
  return new ValidationError(
    'selected_angle_ids must name angles of the same client.',
    bad.map((id) => ({
      path: `selected_angle_ids[${all.indexOf(id)}]`,
      message: `Angle '${id}' is not an angle of client '${clientId}'.`,
    })),
  );
}

/**
 * Stores the prepared copy and recommendations on the campaign (prepare_campaign, or an order
 * preparing it implicitly), conditional on the campaign's fields being the ones the copy was
 * written from (its `updated_at`, the content version: copy written from fields an update has
 * since replaced is refused with 409, ADR 0031). Storing copy is not an edit of the campaign: it
 * leaves `updated_at` as it was, so it never fences out an order planned from the same fields
 * (ADR 0044).
 *
 * `ifUnprepared` (an order's implicit preparation) keeps a copy that a parallel order of the
 * same campaign stored first: answers that copy instead of replacing it, so parallel first
 * orders agree on one copy. Otherwise answers the copy given.
 */
export async function savePreparedCampaign(
  deps: DbDeps,
  accountId: string,
  campaign: Pick<Campaign, 'id' | 'updated_at'>,
  prepared: PreparedCampaign,
  options: { ifUnprepared?: boolean } = {},
): Promise<PreparedCampaign> {
  const unchanged = 'attribute_exists(pk) AND attribute_not_exists(deleting_at) AND updated_at = :read';
  const saved = await updateIf(deps, {
    Key: keys.campaignById(accountId, campaign.id),
    UpdateExpression: 'SET prepared = :prepared',
    ConditionExpression: options.ifUnprepared ? `${unchanged} AND attribute_not_exists(prepared)` : unchanged,
    ExpressionAttributeValues: { ':prepared': prepared, ':read': campaign.updated_at },
  });
  if (saved) return prepared;
  const now = await getCampaign(deps, accountId, campaign.id);
  if (!now) throw new NotFoundError('campaign', campaign.id);
  if (options.ifUnprepared && now.updated_at === campaign.updated_at && now.prepared) return now.prepared;
  throw new ConflictError('The campaign changed while its copy was being written; read it again and retry.');
}
