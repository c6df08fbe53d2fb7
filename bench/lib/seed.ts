import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '#core/db/keys.ts';
import type { Deps } from '#core/deps.ts';
import { createCampaign } from '#core/entities/campaign.ts';
import { createClient } from '#core/entities/client.ts';
import { newJobItem } from '#core/entities/job.ts';
import { newSlotItems, writeSlots } from '#core/entities/slot.ts';
import { planSlots } from '#core/generation/batch.ts';

export async function seedClients(deps: Deps, accountId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await createClient(deps, accountId, `Bench client ${i + 1}`)).id);
  return ids;
}

/**
 * A campaign with `count` succeeded creatives, written straight through the repository (one
 * job, slots in the `succeeded` group of gsi1 exactly as `settleSlot` leaves them).
 * Objects are not uploaded: listing only presigns their keys.
 */
export async function seedCampaignWithCreatives(
  deps: Deps,
  accountId: string,
  clientId: string,
  count: number,
): Promise<{ campaignId: string; seconds: number }> {
  const started = performance.now();
  const campaign = await createCampaign(deps, accountId, {
    client_id: clientId,
    name: `Scaling ${count}`,
    cta_text: 'Shop now',
    offer_text: '30% off',
    aspect_ratio: '1:1',
    volume: Math.min(500, count),
    selected_angle_ids: [],
    platform_target: [],
    landing_url: '',
    reference_image_url: null,
    product_image_url: null,
    product_asset_id: null,
    photo_asset_ids: [],
  });
  const jobId = deps.newId();
  const now = deps.now().toISOString();
  // Slots are only written under a live job (the job is the deletion fence, ADR 0029): the
  // job as settlement leaves it, completed and off the open-jobs index.
  const job: Record<string, unknown> = newJobItem(accountId, {
    job_id: jobId,
    campaign_id: campaign.id,
    client_id: clientId,
    jobs: count,
    angle_ids: [],
    aspect_ratios: ['1:1'],
    created_at: now,
    updated_at: now,
  });
  for (const open of ['gsi2pk', 'gsi2sk']) delete job[open];
  await deps.ddb.send(
    new PutCommand({
      TableName: deps.config.tableName,
      Item: { ...job, status: 'completed', succeeded: count, dispatch: 'dispatched' },
    }),
  );
  const plans = planSlots([], ['1:1'], count);
  const succeeded = keys.creativesOfCampaign(accountId, campaign.id, 'succeeded');
  const items = newSlotItems({ accountId, campaignId: campaign.id, clientId, jobId, now }, plans).map(
    (item) => ({
      ...item,
      status: 'succeeded',
      gsi1pk: succeeded.partition,
      gsi1sk: `${succeeded.skPrefix}${now}#${String(item.index).padStart(5, '0')}#${String(item.id)}`,
      attempts: 1,
      width: 1080,
      height: 1080,
      bytes: 160_000,
      model: 'template-v1',
      completed_at: now,
    }),
  );
  // Four writers in parallel, each 25 items a call (writeSlots retries unprocessed items).
  const lanes = 4;
  const per = Math.ceil(items.length / lanes);
  await Promise.all(
    Array.from({ length: lanes }, (_, i) => writeSlots(deps, items.slice(i * per, (i + 1) * per))),
  );
  return { campaignId: campaign.id, seconds: (performance.now() - started) / 1000 };
}
