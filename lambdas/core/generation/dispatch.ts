import type { Deps } from '../deps.ts';
import { getAccount } from '../entities/account.ts';
import { assetFileUnchanged } from '../entities/asset.ts';
import { getBrandKit } from '../entities/brand-kit.ts';
import type { Campaign } from '../entities/campaign.ts';
import {
  createJobReservingCredits,
  finalizeJobIfDone,
  getJob,
  type Job,
  JobClosedError,
  markJobDispatched,
} from '../entities/job.ts';
import {
  createSlotIfMissing,
  newSlotItems,
  type SlotPlan,
  settleSlot,
  writeSlots,
} from '../entities/slot.ts';
import {
  AppError,
  ConflictError,
  IdempotencyKeyReusedError,
  InsufficientCreditsError,
  NotFoundError,
} from '../errors.ts';
import { consumeTextModelCall } from '../rate-limit.ts';
import { METRIC } from '../telemetry.ts';
import { planCampaignBatch } from './batch.ts';
import { enqueueSlots, slotRefKey } from './enqueue.ts';
import { jobCompletedOutbox, settlementOutbox } from './outboxes.ts';
import { prepareCampaign } from './prepare.ts';

export type DispatchedJob = { job_id: string; campaign_id: string; status: 'pending'; jobs: number };

/**
 * A batch other than the campaign's own plan: regenerate_creative orders one slot of a given
 * angle and ratio, recording the creative it redoes (and the caller's seed, if any).
 */
export type BatchOrder = {
  angleIds: string[];
  ratios: string[];
  plans: SlotPlan[];
  regeneratedFrom: string;
  seed?: number | undefined;
};

/**
 * Orders a campaign's batch:
 * 1. plan one slot per image (spec rules 3–6); refuse at once if the balance cannot cover it;
 *    prepare the campaign's copy if it was not prepared;
 * 2. in one transaction, move the whole batch's credits available → reserved (only if the
 *    balance covers it) and write the job — nothing at all is written when credits are short;
 * 3. write the slots (deterministic ids) and enqueue one message per slot;
 * 4. if 3 fails part-way, fail every slot that was not enqueued and release its credit, so no
 *    credit is ever stranded; the caller gets a 500 saying nothing was charged for them;
 *    A deletion of the campaign closes the job (ADR 0029): the next slot write fails, nothing
 *    more is written or enqueued, and the caller gets 404 as for any deleted campaign;
 * 5. mark the job `dispatched`. If the process dies anywhere between 2 and 5 the job stays
 *    `planned`, and the reconciler (reconcile.ts) finishes the dispatch from the job's plan.
 */
export async function dispatchGeneration(
  deps: Deps,
  accountId: string,
  given: Campaign,
  order?: BatchOrder,
  /** The job's id when the caller's Idempotency-Key is bound to one (ADR 0031). */
  boundJobId?: string,
): Promise<DispatchedJob> {
  // A retry of an order whose request died after reserving: answer the job it made. Checked
  // before the balance, which that job's reservation has lowered.
  const earlier = boundJobId && (await getJob(deps, accountId, boundJobId));
  if (earlier) return answerEarlier(earlier, given, order);
  const { ratios, plans } = order ?? planCampaignBatch(given);
  const jobs = plans.length;
  await refuseReplacedAssets(deps, accountId, given);
  // A batch that cannot be paid for is refused before anything is written (the reservation
  // below re-checks atomically, so this early answer is only a courtesy, not the guard).
  const balance = (await getAccount(deps, accountId))?.credits.available ?? 0;
  if (balance < jobs) throw new InsufficientCreditsError(jobs, balance);
  // Creatives use the prepared copy; prepare it now when the caller did not. Writing it calls
  // the text model, which counts against the account's allowance like prepare_campaign does.
  const campaign = given.prepared
    ? given
    : await prepared(deps, accountId, given, order ? undefined : ratios);
  const jobId = boundJobId ?? deps.newId();
  const now = deps.now().toISOString();

  const reserved = await createJobReservingCredits(
    deps,
    accountId,
    {
      job_id: jobId,
      campaign_id: campaign.id,
      client_id: campaign.client_id,
      jobs,
      angle_ids: order?.angleIds ?? campaign.selected_angle_ids,
      aspect_ratios: ratios,
      regenerated_from: order?.regeneratedFrom ?? null,
      seed: order?.seed ?? null,
      created_at: now,
      updated_at: now,
    },
    campaign.updated_at,
  );
  if (reserved === 'exists') {
    // The same key's other request reserved it between our read and our write.
    const job = await getJob(deps, accountId, jobId);
    if (job) return answerEarlier(job, given, order);
  }
  if (reserved !== true) {
    const account = await getAccount(deps, accountId);
    throw new InsufficientCreditsError(jobs, account?.credits.available ?? 0);
  }
  deps.telemetry.count(METRIC.creditsReserved, jobs);
  await deps.checkpoint('dispatch.reserved', 0);

  const slotInput = {
    accountId,
    campaignId: campaign.id,
    clientId: campaign.client_id,
    jobId,
    now,
    regeneratedFrom: order?.regeneratedFrom,
    seed: order?.seed,
  };
  const items = newSlotItems(slotInput, plans);
  const enqueued = new Set<string>();
  const refs = plans.map((p) => ({ accountId, jobId, index: p.index }));
  try {
    await writeSlots(deps, items, (n) => deps.checkpoint('dispatch.slots_written', n));
    await enqueueSlots(deps, refs, enqueued, (n) => deps.checkpoint('dispatch.enqueued', n));
  } catch (error) {
    // The campaign (or its client) was deleted meanwhile: the deletion closed the job and
    // released every credit it held, and deletes whatever was written (ADR 0029).
    if (error instanceof JobClosedError) throw new NotFoundError('campaign', campaign.id);
    const unsent = refs.filter((r) => !enqueued.has(slotRefKey(r))).map((r) => r.index);
    await releaseUnsent(deps, items, unsent, accountId, jobId, campaign.id);
    await markJobDispatched(deps, accountId, jobId);
    const answer = new AppError(
      500,
      'internal_error',
      `Generation could not be queued for ${unsent.length} of ${jobs} images; their credits were released. Retry later.`,
      { job_id: jobId, queued: enqueued.size },
    );
    // Keep what went wrong for the log; the caller only sees the envelope.
    answer.cause = error;
    throw answer;
  }
  await markJobDispatched(deps, accountId, jobId);
  return { job_id: jobId, campaign_id: campaign.id, status: 'pending', jobs };
}

/**
 * An uploaded product, logo or photo whose file was replaced after its check would fail every slot (or
 * render what was never checked): the order is refused before anything is reserved.
 */
async function refuseReplacedAssets(deps: Deps, accountId: string, campaign: Campaign): Promise<void> {
  const brand = await getBrandKit(deps, accountId, campaign.client_id);
  const used = [
    { field: 'product_asset_id', id: campaign.product_asset_id },
    { field: 'logo_asset_id', id: brand?.logo_asset_id ?? null },
    ...campaign.photo_asset_ids.map((id, i) => ({ field: `photo_asset_ids.${i}`, id })),
  ];
  for (const { field, id } of used) {
    if (!id || (await assetFileUnchanged(deps, accountId, id))) continue;
    throw new ConflictError(
      `The file of asset '${id}' (${field}) was replaced after it was checked; upload the image again with create_asset_upload and set ${field} to the new asset.`,
      { asset_id: id, field },
    );
  }
}

/**
 * The answer the first request of an Idempotency-Key would have given, for the job it created.
 * The key's binding is kept when a different body takes over a dead request's lease: that body
 * did not order this job, so it is the key reused (409), as for a finished request.
 */
function answerEarlier(job: Job, campaign: Campaign, order: BatchOrder | undefined): DispatchedJob {
  const same =
    job.campaign_id === campaign.id && (job.regenerated_from ?? undefined) === order?.regeneratedFrom;
  if (!same) throw new IdempotencyKeyReusedError();
  return { job_id: job.job_id, campaign_id: job.campaign_id, status: 'pending', jobs: job.jobs };
}

async function prepared(
  deps: Deps,
  accountId: string,
  campaign: Campaign,
  ratios: readonly string[] | undefined,
): Promise<Campaign> {
  await consumeTextModelCall(deps, accountId);
  // Parallel first orders each write copy; the first stored is the campaign's, and storing it
  // leaves the campaign's version alone, so the orders do not fence each other out (ADR 0044).
  const copy = await prepareCampaign(deps, accountId, campaign, ratios, { ifUnprepared: true });
  return { ...campaign, prepared: copy };
}

/** Fails every slot in `unsent` (writing it first if it is missing) and releases its credit. */
export async function releaseUnsent(
  deps: Deps,
  items: Record<string, unknown>[],
  unsent: readonly number[],
  accountId: string,
  jobId: string,
  campaignId: string,
) {
  for (const index of unsent) {
    const item = items[index];
    // The slot may not have been written if writing was what failed; write it (never over one
    // a worker already touched) so that it can be failed and its credit released.
    if (item) await createSlotIfMissing(deps, item);
    const slot = {
      account_id: accountId,
      job_id: jobId,
      campaign_id: campaignId,
      index,
      id: String(item?.id),
    };
    await settleSlot(
      deps,
      slot,
      { status: 'failed', reason: 'dispatch_failed: the image could not be queued' },
      settlementOutbox(deps, slot),
    );
  }
  await finalizeJobIfDone(deps, accountId, jobId, jobCompletedOutbox(deps, accountId));
}
