import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationReasons } from '../db/errors.ts';
import { inCollection, keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import { type PageRequest, queryCollection } from '../db/query.ts';
import type { Deps } from '../deps.ts';
import { NotFoundError, ValidationError } from '../errors.ts';
import type { PlatformTarget } from '../platforms.ts';
import type { PreparedCampaign } from '../text/types.ts';

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

export function campaignFromItem(item: Record<string, unknown>): Campaign {
  const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
  const optional = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: String(item.id),
    client_id: String(item.client_id),
    name: String(item.name),
    cta_text: String(item.cta_text ?? ''),
    offer_text: String(item.offer_text ?? ''),
    aspect_ratio: String(item.aspect_ratio),
    volume: Number(item.volume),
    selected_angle_ids: strings(item.selected_angle_ids),
    platform_target: strings(item.platform_target) as PlatformTarget[],
    landing_url: String(item.landing_url ?? ''),
    reference_image_url: optional(item.reference_image_url),
    product_image_url: optional(item.product_image_url),
    product_asset_id: optional(item.product_asset_id),
    use_brand_kit: true,
    ...(item.prepared ? { prepared: item.prepared as PreparedCampaign } : {}),
    created_at: String(item.created_at),
    updated_at: String(item.updated_at),
  };
}

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
          {
            ConditionCheck: {
              TableName: table,
              Key: keys.clientById(accountId, input.client_id),
              ConditionExpression: 'attribute_exists(pk)',
            },
          },
          ...input.selected_angle_ids.map((angleId) => ({
            ConditionCheck: {
              TableName: table,
              Key: keys.angleById(accountId, angleId),
              ConditionExpression: 'attribute_exists(pk) AND client_id = :client',
              ExpressionAttributeValues: { ':client': input.client_id },
            },
          })),
          {
            Put: {
              TableName: table,
              Item: campaignToItem(accountId, campaign),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
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

export async function getCampaign(
  deps: Deps,
  accountId: string,
  campaignId: string,
): Promise<Campaign | undefined> {
  const out = await deps.ddb.send(
    new GetCommand({
      TableName: deps.config.tableName,
      Key: keys.campaignById(accountId, campaignId),
      ConsistentRead: true,
    }),
  );
  return out.Item ? campaignFromItem(out.Item) : undefined;
}

export function listCampaignsOfClient(
  deps: Deps,
  accountId: string,
  clientId: string,
  page: PageRequest,
): Promise<Page<Campaign>> {
  return queryCollection(
    deps.ddb,
    deps.config.tableName,
    keys.campaignsOfClient(accountId, clientId),
    page,
    campaignFromItem,
  );
}
