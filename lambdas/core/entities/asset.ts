import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { NotFoundError, ValidationError } from '../db/app-errors.ts';
import type { DbDeps } from '../db/deps.ts';
import { defineEntity } from '../db/entity.ts';
import { cancellationReasons, isConditionalCheckFailed } from '../db/errors.ts';
import { inCollection, keys } from '../db/keys.ts';
import type { Page } from '../db/pagination.ts';
import type { PageRequest } from '../db/query.ts';
import { batchDelete, collectionKeys, getItem, putNew, queryPage } from '../db/table.ts';
import { nullableNumber, nullableString } from '../db/zod-fields.ts';
import { clientExists } from './client.ts';

/** `photo`: the client's own photography (lifestyle, team, location), shown as a creative's picture (ADR 0059). */
export const ASSET_KINDS = ['logo', 'product', 'photo'] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];
export const ASSET_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AssetContentType = (typeof ASSET_CONTENT_TYPES)[number];
export const ASSET_STATUSES = ['pending_upload', 'ready', 'rejected'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export const MAX_ASSET_BYTES = 10 * 1024 * 1024;

/**
 * The smallest image of each kind that still looks sharp where the creative shows it (ADR 0059).
 * A logo is drawn small and is often a wide wordmark (400×100): its long side carries the
 * detail, its short side only has to exist. A product fills a hero region of a 1080 px canvas.
 * A photo fills the whole canvas: with 720 px on its short side, the square cut reaches 1080 px
 * at 1.5×, the enlargement a shared model visual is allowed (MAX_UPSCALE).
 */
const MIN_ASSET_SIDES: Record<AssetKind, { long: number; short: number }> = {
  logo: { long: 200, short: 32 },
  product: { long: 200, short: 200 },
  photo: { long: 720, short: 720 },
};

/** Why an image of this size cannot serve as this kind of asset, or undefined when it can. */
export function assetSizeProblem(kind: AssetKind, width: number, height: number): string | undefined {
  const min = MIN_ASSET_SIDES[kind];
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  if (long >= min.long && short >= min.short) return undefined;
  const rule =
    min.long === min.short
      ? `each side must be at least ${min.short} px`
      : `the long side must be at least ${min.long} px and the short side at least ${min.short} px`;
  return `the image is ${width}×${height} px; ${rule} for a ${kind}`;
}
/** How long a presigned upload URL stays valid. */
export const UPLOAD_TTL_SECONDS = 900;

/** An image a client uploaded once and campaigns or brand kits use by id. */
export type Asset = {
  id: string;
  client_id: string;
  kind: AssetKind;
  content_type: AssetContentType;
  content_length: number;
  status: AssetStatus;
  /** Why it was rejected; null otherwise. */
  reason: string | null;
  /** Measured once the upload decoded; null before. */
  width: number | null;
  height: number | null;
  created_at: string;
  updated_at: string;
};

export type AssetUpload = {
  url: string;
  method: 'PUT';
  /** Send exactly these headers: both are part of the signature. */
  headers: Record<string, string>;
  expires_at: string;
};

/** The object of an asset: under its account and client, so nothing else can name it. */
export function assetObjectKey(accountId: string, asset: Pick<Asset, 'client_id' | 'id'>): string {
  return `assets/${accountId}/${asset.client_id}/${asset.id}`;
}

export const assetEntity = defineEntity({
  name: 'asset',
  module: 'lambdas/core/entities/asset.ts',
  schema: z.object({
    id: z.string(),
    client_id: z.string(),
    kind: z.enum(ASSET_KINDS),
    content_type: z.enum(ASSET_CONTENT_TYPES),
    content_length: z.number().int().nonnegative(),
    status: z.enum(ASSET_STATUSES),
    reason: nullableString,
    width: nullableNumber,
    height: nullableNumber,
    created_at: z.string(),
    updated_at: z.string(),
  }),
  keys: ['assetById', 'assetsOfClient', 'assetsOfClientByKind'],
  patterns: [
    {
      does: 'create an asset for a client of this account',
      operation: 'TransactWrite: ConditionCheck client + Put asset `attribute_not_exists(pk)`',
      consistency: '–',
      functions: ['createAsset'],
    },
    {
      does: 'get an asset, checking a finished upload once',
      operation:
        'GetItem `pk = ACCOUNT#<a>, sk = ASSET#<id>`; UpdateItem `status = pending_upload` (pinning `object_etag`)',
      consistency: 'strong',
      functions: ['getAsset', 'assetForUse', 'assetFileUnchanged'],
    },
    {
      does: "list a client's assets (of one kind), newest first",
      operation: 'Query gsi1 `begins_with(gsi1sk, ASSET#)` / gsi2 `…#ASSETS#<kind>`',
      consistency: 'eventual (GSI)',
      functions: ['listAssetsOfClient'],
    },
    {
      does: "delete a client's asset records (its deletion sweep)",
      operation: 'Query gsi1 `begins_with(gsi1sk, ASSET#)` for the keys, then BatchWriteItem DeleteRequest',
      consistency: 'eventual (GSI)',
      functions: ['deleteAssetsOfClient'],
    },
  ],
});

export const assetFromItem: (item: Record<string, unknown>) => Asset = assetEntity.fromItem;

export function assetToItem(accountId: string, asset: Asset): Record<string, unknown> {
  return {
    ...keys.assetById(accountId, asset.id),
    ...inCollection(keys.assetsOfClient(accountId, asset.client_id), asset.id),
    ...inCollection(keys.assetsOfClientByKind(accountId, asset.client_id, asset.kind), asset.id),
    entity: 'asset',
    account_id: accountId,
    ...asset,
  };
}

/** Records a pending asset, conditional on the client existing in this account. */
export async function createAsset(
  deps: DbDeps,
  accountId: string,
  input: { client_id: string; kind: AssetKind; content_type: AssetContentType; content_length: number },
): Promise<Asset> {
  const now = deps.now().toISOString();
  const asset: Asset = {
    id: deps.newId(),
    ...input,
    status: 'pending_upload',
    reason: null,
    width: null,
    height: null,
    created_at: now,
    updated_at: now,
  };
  const table = deps.config.tableName;
  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          clientExists(table, accountId, input.client_id),
          putNew(table, assetToItem(accountId, asset)),
        ],
      }),
    );
  } catch (error) {
    if (cancellationReasons(error)[0] === 'ConditionalCheckFailed')
      throw new NotFoundError('client', input.client_id);
    throw error;
  }
  return asset;
}

function getAssetRecord(deps: DbDeps, accountId: string, assetId: string): Promise<Asset | undefined> {
  return getItem(deps, keys.assetById(accountId, assetId), assetFromItem);
}

/** The uploaded bytes of an asset (tenant-scoped key), or undefined while nothing was uploaded. */
export async function readAssetObject(
  deps: DbDeps,
  accountId: string,
  asset: Pick<Asset, 'client_id' | 'id'>,
): Promise<Buffer | undefined> {
  return (await readAssetVersion(deps, accountId, asset))?.bytes;
}

/** The uploaded bytes with the ETag S3 answered them with (the version that was read). */
async function readAssetVersion(
  deps: DbDeps,
  accountId: string,
  asset: Pick<Asset, 'client_id' | 'id'>,
): Promise<{ bytes: Buffer; etag: string | null } | undefined> {
  try {
    const out = await deps.s3.send(
      new GetObjectCommand({ Bucket: deps.config.bucketName, Key: assetObjectKey(accountId, asset) }),
    );
    if (!out.Body) return undefined;
    return { bytes: Buffer.from(await out.Body.transformToByteArray()), etag: out.ETag ?? null };
  } catch (error) {
    if (isMissingObject(error)) return undefined;
    throw error;
  }
}

/**
 * Whether the asset's file is still the one its check read (ADR 0031): a presigned upload URL
 * stays valid for 15 minutes, so the file can be replaced after the check passed. One ranged
 * GET (a byte) with If-Match on the ETag pinned at the check; S3 answers 412 when it changed.
 * An asset checked before pinning existed has no ETag and counts as unchanged.
 */
export async function assetFileUnchanged(deps: DbDeps, accountId: string, assetId: string): Promise<boolean> {
  const pinned = await getItem(deps, keys.assetById(accountId, assetId), (item) => ({
    asset: assetFromItem(item),
    etag: typeof item.object_etag === 'string' ? item.object_etag : null,
  }));
  if (!pinned?.etag) return true;
  try {
    const out = await deps.s3.send(
      new GetObjectCommand({
        Bucket: deps.config.bucketName,
        Key: assetObjectKey(accountId, pinned.asset),
        IfMatch: pinned.etag,
        Range: 'bytes=0-0',
      }),
    );
    await out.Body?.transformToByteArray();
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if (status === 412 || (error as { name?: string }).name === 'PreconditionFailed') return false;
    if (isMissingObject(error)) return false;
    throw error;
  }
}

function isMissingObject(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}

/** What a fresh upload's bytes are: ready with its size, or rejected with the reason. */
export type UploadVerdict = Pick<Asset, 'status' | 'reason' | 'width' | 'height'>;

/**
 * Judges a fresh upload's bytes (the image decoder lives above the entities: the caller passes
 * `checkUpload` from core/assets/check-upload.ts).
 */
export type UploadCheck = (bytes: Buffer, kind: AssetKind) => Promise<UploadVerdict>;

/**
 * An asset as it stands now. A pending asset whose upload has arrived is checked on this first
 * read by `check`, then stored as `ready` or `rejected` with the reason, once (conditional on
 * still being pending).
 */
export async function getAsset(
  deps: DbDeps,
  accountId: string,
  assetId: string,
  check: UploadCheck,
): Promise<Asset | undefined> {
  const asset = await getAssetRecord(deps, accountId, assetId);
  if (asset?.status !== 'pending_upload') return asset;
  const key = assetObjectKey(accountId, asset);
  try {
    await deps.s3.send(new HeadObjectCommand({ Bucket: deps.config.bucketName, Key: key }));
  } catch (error) {
    if (isMissingObject(error)) return asset;
    throw error;
  }
  const read = await readAssetVersion(deps, accountId, asset);
  if (!read) return asset;
  const { bytes, etag } = read;
  const checked = await check(bytes, asset.kind);
  const now = deps.now().toISOString();
  try {
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.config.tableName,
        Key: keys.assetById(accountId, asset.id),
        UpdateExpression:
          // The ETag of the bytes checked pins them: an order refuses a file replaced since.
          'SET #status = :status, reason = :reason, width = :w, height = :h, object_etag = :etag, updated_at = :now',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':status': checked.status,
          ':reason': checked.reason,
          ':w': checked.width,
          ':h': checked.height,
          ':etag': etag,
          ':now': now,
          ':pending': 'pending_upload',
        },
      }),
    );
  } catch (error) {
    // Another read checked it at the same moment: its verdict stands.
    if (isConditionalCheckFailed(error)) return getAssetRecord(deps, accountId, assetId);
    throw error;
  }
  return { ...asset, ...checked, updated_at: now };
}

/**
 * The asset a campaign or brand kit is about to use: it must belong to this client (another
 * client's or account's asset answers like an unknown id), be of the expected kind, and be
 * `ready`; otherwise a 400 says why.
 */
export async function assetForUse(
  deps: DbDeps,
  accountId: string,
  ref: { assetId: string; clientId: string; kind: AssetKind; field: string },
  check: UploadCheck,
): Promise<Asset> {
  const asset = await getAsset(deps, accountId, ref.assetId, check);
  if (!asset || asset.client_id !== ref.clientId) throw new NotFoundError('asset', ref.assetId);
  const refuse = (message: string) =>
    new ValidationError(`${ref.field} cannot be used: ${message}`, [{ path: ref.field, message }]);
  if (asset.kind !== ref.kind) throw refuse(`asset '${asset.id}' is a ${asset.kind}, not a ${ref.kind}.`);
  if (asset.status === 'pending_upload')
    throw refuse(`asset '${asset.id}' is not uploaded yet (status pending_upload); PUT the file first.`);
  if (asset.status === 'rejected') throw refuse(`asset '${asset.id}' was rejected: ${asset.reason}.`);
  return asset;
}

export function listAssetsOfClient(
  deps: DbDeps,
  accountId: string,
  clientId: string,
  kind: AssetKind | undefined,
  page: PageRequest,
): Promise<Page<Asset>> {
  return queryPage(
    deps,
    kind ? keys.assetsOfClientByKind(accountId, clientId, kind) : keys.assetsOfClient(accountId, clientId),
    page,
    assetFromItem,
  );
}

/** Deletes every asset record of a client (its deletion sweep; the objects go by prefix); answers how many. */
export async function deleteAssetsOfClient(
  deps: DbDeps,
  accountId: string,
  clientId: string,
): Promise<number> {
  const found = await collectionKeys(deps, keys.assetsOfClient(accountId, clientId));
  await batchDelete(deps, found);
  return found.length;
}

/** Where a client's uploaded objects live: `assets/<account>/<client>/` (see assetObjectKey). */
export function assetPrefixOfClient(accountId: string, clientId: string): string {
  return `assets/${accountId}/${clientId}/`;
}
