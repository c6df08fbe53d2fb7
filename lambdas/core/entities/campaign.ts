import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { defineEntity } from '../db/entity.ts';
import { cancellationReasons } from '../db/errors.ts';
import { inCollection, keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import type { PageRequest } from '../db/query.ts';
import { getItem, putNew, queryPage } from '../db/table.ts';
import { nullableString, stringList } from '../db/zod-fields.ts';
import type { Deps } from '../deps.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import { PLATFORM_TARGETS, type PlatformTarget } from '../platforms.ts';
import type { PreparedCampaign } from '../text/types.ts';
import { clientExists } from './client.ts';

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
  use_brand_kit: true;
  /** Set by prepare_campaign (or implicitly by generate_creatives). */
  prepared?: PreparedCampaign;
  created_at: string;
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
  keys: ['campaignById', 'campaignsOfClient'],
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
      does: "store a campaign's prepared copy",
      operation: 'UpdateItem `SET prepared` `attribute_exists(pk)`',
      consistency: '–',
      functions: ['savePreparedCampaign'],
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
export async function createCampaign(deps: Deps, accountId: string, input: NewCampaign): Promise<Campaign> {
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
          ...input.selected_angle_ids.map((angleId) => ({
            ConditionCheck: {
              TableName: table,
              Key: keys.angleById(accountId, angleId),
              ConditionExpression: 'attribute_exists(pk) AND client_id = :client',
              ExpressionAttributeValues: { ':client': input.client_id },
            },
          })),
          putNew(table, campaignToItem(accountId, campaign)),
        ],
      }),
    );
  } catch (error) {
    const reasons = cancellationReasons(error);
    if (reasons[0] === 'ConditionalCheckFailed') throw new NotFoundError('client', input.client_id);
    const badAngles = input.selected_angle_ids.filter((_, i) => reasons[i + 1] === 'ConditionalCheckFailed');
    if (badAngles.length > 0) {
      throw new ValidationError(
        'selected_angle_ids must name angles of the same client.',
        badAngles.map((id) => ({
          path: `selected_angle_ids[${input.selected_angle_ids.indexOf(id)}]`,
          message: `Angle '${id}' is not an angle of client '${input.client_id}'.`,
        })),
      );
    }
    throw error;
  }
  return campaign;
}

export function getCampaign(
  deps: Deps,
  accountId: string,
  campaignId: string,
): Promise<Campaign | undefined> {
  return getItem(deps, keys.campaignById(accountId, campaignId), campaignFromItem);
}

export function listCampaignsOfClient(
  deps: Deps,
  accountId: string,
  clientId: string,
  page: PageRequest,
): Promise<Page<Campaign>> {
  return queryPage(deps, keys.campaignsOfClient(accountId, clientId), page, campaignFromItem);
}

/** Stores the prepared copy and recommendations on the campaign (prepare_campaign, or dispatch). */
export async function savePreparedCampaign(
  deps: Deps,
  accountId: string,
  campaignId: string,
  prepared: PreparedCampaign,
): Promise<void> {
  await deps.ddb.send(
    new UpdateCommand({
      TableName: deps.config.tableName,
      Key: keys.campaignById(accountId, campaignId),
      UpdateExpression: 'SET prepared = :prepared, updated_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':prepared': prepared, ':now': prepared.prepared_at },
    }),
  );
}
