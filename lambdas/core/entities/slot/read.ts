import * as z from 'zod';
import type { DbDeps } from '../../db/deps.ts';
import { keys } from '../../db/keys.ts';
import { queryAll } from '../../db/query.ts';
import { getItem } from '../../db/table.ts';
import { type Slot, slotEntity, slotFromItem } from './entity.ts';

export function getSlot(
  deps: DbDeps,
  accountId: string,
  jobId: string,
  index: number,
): Promise<Slot | undefined> {
  return getItem(deps, keys.slot(accountId, jobId, index), slotFromItem);
}

/** Every slot of a job, in index order (base table, strongly consistent). */
export function slotsOfJob(deps: DbDeps, accountId: string, jobId: string): Promise<Slot[]> {
  return queryAll(deps.ddb, deps.config.tableName, keys.slotsOfJob(accountId, jobId), slotFromItem);
}

const pointerSchema = z.object({ job_id: z.string(), index: z.number().int().nonnegative() });

/** A creative's slot by the creative id; undefined for an unknown id (or a slot written before pointers). */
export async function getSlotByCreativeId(
  deps: DbDeps,
  accountId: string,
  creativeId: string,
): Promise<Slot | undefined> {
  const pointer = await getItem(deps, keys.creativeById(accountId, creativeId), (item) =>
    slotEntity.fromItemAs(pointerSchema, item),
  );
  return pointer ? getSlot(deps, accountId, pointer.job_id, pointer.index) : undefined;
}

/** The ids of the jobs that have creatives in a campaign (all states). */
export async function jobIdsOfCampaignCreatives(
  deps: DbDeps,
  accountId: string,
  campaignId: string,
): Promise<string[]> {
  const ids = await queryAll(
    deps.ddb,
    deps.config.tableName,
    keys.allCreativesOfCampaign(accountId, campaignId),
    (item) => String(item.job_id),
  );
  return [...new Set(ids)];
}
