import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ConflictError } from '../db/app-errors.ts';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { isConditionalCheckFailed } from '../db/errors.ts';
import { keys } from '../db/keys.ts';
import { batchDelete, getItem } from '../db/table.ts';
import { nullableString, stringList } from '../db/zod-fields.ts';
import { FONT_FAMILIES, type FontFamily } from '../fonts.ts';

export type BrandColors = {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  text: string;
};

export type BrandKit = {
  client_id: string;
  colors: BrandColors;
  fonts: { heading: FontFamily; body: FontFamily };
  logo_url: string | null;
  /** An uploaded logo (a `ready` asset of the same client); used before `logo_url`. */
  logo_asset_id: string | null;
  tone_of_voice: string;
  tagline: string;
  banned_words: string[];
  updated_at: string;
};

export type BrandKitPatch = {
  colors?: Partial<BrandColors> | undefined;
  fonts?: Partial<BrandKit['fonts']> | undefined;
  logo_url?: string | null | undefined;
  logo_asset_id?: string | null | undefined;
  tone_of_voice?: string | undefined;
  tagline?: string | undefined;
  banned_words?: string[] | undefined;
};

/** Neutral defaults every client starts with: legible, brand-agnostic, WCAG AA text contrast. */
export function defaultBrandKit(clientId: string, now: string): BrandKit {
  return {
    client_id: clientId,
    colors: {
      primary: '#1F2937',
      secondary: '#4B5563',
      accent: '#2563EB',
      background: '#F9FAFB',
      text: '#111827',
    },
    fonts: { heading: 'Inter', body: 'Inter' },
    logo_url: null,
    logo_asset_id: null,
    tone_of_voice: 'Clear, friendly and confident.',
    tagline: '',
    banned_words: [],
    updated_at: now,
  };
}

const color = z.string();
const font = z.enum(FONT_FAMILIES);

/** The stored kit: the kit and its version (optimistic concurrency; absent on the oldest kits). */
const storedBrandKit = z.object({
  client_id: z.string(),
  colors: z.object({ primary: color, secondary: color, accent: color, background: color, text: color }),
  fonts: z.object({ heading: font, body: font }),
  logo_url: nullableString,
  logo_asset_id: nullableString,
  tone_of_voice: z.string().default(''),
  tagline: z.string().default(''),
  banned_words: stringList,
  updated_at: z.string(),
  version: z.number().int().nonnegative().default(0),
});

export const brandKitEntity = defineEntity({
  name: 'brand_kit',
  module: 'lambdas/core/entities/brand-kit.ts',
  schema: storedBrandKit.transform(({ version: _version, ...kit }): BrandKit => kit),
  keys: ['brandKitOfClient'],
  patterns: [
    {
      does: "get / update a client's brand kit",
      operation: 'GetItem `pk = ACCOUNT#<a>, sk = BRANDKIT#<client>`; PutItem `version = :v`',
      consistency: 'strong',
      functions: ['getBrandKit', 'updateBrandKit'],
    },
    {
      does: "delete a client's brand kit (its deletion sweep)",
      operation: 'BatchWriteItem DeleteRequest `pk = ACCOUNT#<a>, sk = BRANDKIT#<client>`',
      consistency: '–',
      functions: ['deleteBrandKit'],
    },
  ],
});

export function brandKitToItem(accountId: string, kit: BrandKit, version: number): Record<string, unknown> {
  return {
    ...keys.brandKitOfClient(accountId, kit.client_id),
    entity: 'brand_kit',
    account_id: accountId,
    version,
    ...kit,
  };
}

function getStoredBrandKit(deps: DbDeps, accountId: string, clientId: string) {
  return getItem(deps, keys.brandKitOfClient(accountId, clientId), (item) =>
    brandKitEntity.fromItemAs(storedBrandKit, item),
  );
}

export async function getBrandKit(
  deps: DbDeps,
  accountId: string,
  clientId: string,
): Promise<BrandKit | undefined> {
  const stored = await getStoredBrandKit(deps, accountId, clientId);
  if (!stored) return undefined;
  const { version: _version, ...kit } = stored;
  return kit;
}

/**
 * Applies a partial update. Optimistic concurrency on a version number: two concurrent updates
 * cannot silently drop each other's fields; the loser gets a 409 and can retry.
 */
export async function updateBrandKit(
  deps: DbDeps,
  accountId: string,
  clientId: string,
  patch: BrandKitPatch,
): Promise<BrandKit | undefined> {
  const stored = await getStoredBrandKit(deps, accountId, clientId);
  if (!stored) return undefined;
  const { version, ...current } = stored;
  const next: BrandKit = {
    ...current,
    colors: { ...current.colors, ...definedOnly(patch.colors) },
    fonts: { ...current.fonts, ...definedOnly(patch.fonts) },
    logo_url: patch.logo_url === undefined ? current.logo_url : patch.logo_url,
    logo_asset_id: patch.logo_asset_id === undefined ? current.logo_asset_id : patch.logo_asset_id,
    tone_of_voice: patch.tone_of_voice ?? current.tone_of_voice,
    tagline: patch.tagline ?? current.tagline,
    banned_words: patch.banned_words ?? current.banned_words,
    updated_at: deps.now().toISOString(),
  };
  try {
    await deps.ddb.send(
      new PutCommand({
        TableName: deps.config.tableName,
        Item: brandKitToItem(accountId, next, version + 1),
        ConditionExpression: 'attribute_exists(pk) AND version = :version',
        ExpressionAttributeValues: { ':version': version },
      }),
    );
  } catch (error) {
    if (isConditionalCheckFailed(error)) {
      throw new ConflictError('The brand kit was changed by another request at the same time; retry.');
    }
    throw error;
  }
  return next;
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  if (!value) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Deletes a client's brand kit (its deletion sweep). */
export function deleteBrandKit(deps: DbDeps, accountId: string, clientId: string): Promise<void> {
  return batchDelete(deps, [keys.brandKitOfClient(accountId, clientId)]);
}
