import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { parseAspectRatios } from '../aspect-ratio.ts';
import { ledger } from '../credits.ts';
import { cancellationReasons, isConditionalCheckFailed } from '../db/errors.ts';
import type { Deps } from '../deps.ts';
import { getAccount } from '../entities/account.ts';
import type { Campaign } from '../entities/campaign.ts';
import { finalizeJobIfDone, newJobItem } from '../entities/job.ts';
import { newSlotItems, settleFailed, writeSlots } from '../entities/slot.ts';
import { AppError, InsufficientCreditsError } from '../errors.ts';
import { METRIC } from '../telemetry.ts';
import { planSlots, type SlotPlan } from './batch.ts';
import { slotMessageBody } from './messages.ts';
import { prepareCampaign } from './prepare.ts';

export type DispatchedJob = { job_id: string; campaign_id: string; status: 'pending'; jobs: number };

/**
 * Orders a campaign's batch:
 * 1. plan one slot per image (spec rules 3–6); refuse at once if the balance cannot cover it;
 *    prepare the campaign's copy if it was not prepared;
 * 2. in one transaction, move the whole batch's credits available → reserved (only if the
 *    balance covers it) and write the job — nothing at all is written when credits are short;
 * 3. write the slots (deterministic ids) and enqueue one message per slot;
 * 4. if 3 fails part-way, fail every slot that was not enqueued and release its credit, so no
 *    credit is ever stranded; the caller gets a 500 saying nothing was charged for them.
 */
export async function dispatchGeneration(
  deps: Deps,
  accountId: string,
  given: Campaign,
): Promise<DispatchedJob> {
  const parsed = parseAspectRatios(given.aspect_ratio);
  if (!parsed.ok) throw new Error(`Stored campaign ${given.id} has an invalid aspect_ratio.`);
  const ratios = parsed.ratios.map((r) => r.label);
  const plans = planSlots(given.selected_angle_ids, ratios, given.volume);
  const jobs = plans.length;
  // A batch that cannot be paid for is refused before anything is written (the reservation
  // below re-checks atomically, so this early answer is only a courtesy, not the guard).
  const balance = (await getAccount(deps, accountId))?.credits.available ?? 0;
  if (balance < jobs) throw new InsufficientCreditsError(jobs, balance);
  // Creatives use the prepared copy; prepare it now when the caller did not.
  const campaign = given.prepared
    ? given
    : { ...given, prepared: await prepareCampaign(deps, accountId, given) };
  const jobId = deps.newId();
  const now = deps.now().toISOString();
  const table = deps.config.tableName;

  try {
    await deps.ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          ledger.reserve(table, accountId, jobs),
          {
            Put: {
              TableName: table,
              Item: newJobItem(accountId, {
                job_id: jobId,
                campaign_id: campaign.id,
                client_id: campaign.client_id,
                jobs,
                angle_ids: campaign.selected_angle_ids,
                aspect_ratios: ratios,
                created_at: now,
                updated_at: now,
              }),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  } catch (error) {
    if (cancellationReasons(error)[0] === 'ConditionalCheckFailed') {
      const account = await getAccount(deps, accountId);
      throw new InsufficientCreditsError(jobs, account?.credits.available ?? 0);
    }
    throw error;
  }
  deps.telemetry.count(METRIC.creditsReserved, jobs);

  const slotInput = { accountId, campaignId: campaign.id, clientId: campaign.client_id, jobId, now };
  const items = newSlotItems(slotInput, plans);
  const enqueued = new Set<number>();
  try {
    await writeSlots(deps, items);
    await enqueue(deps, accountId, jobId, plans, enqueued);
  } catch (error) {
    await releaseUnsent(deps, items, plans, enqueued, accountId, jobId, campaign.id);
    const answer = new AppError(
      500,
      'internal_error',
      `Generation could not be queued for ${jobs - enqueued.size} of ${jobs} images; their credits were released. Retry later.`,
      { job_id: jobId, queued: enqueued.size },
    );
    // Keep what went wrong for the log; the caller only sees the envelope.
    answer.cause = error;
    throw answer;
  }
  return { job_id: jobId, campaign_id: campaign.id, status: 'pending', jobs };
}

async function enqueue(
  deps: Deps,
  accountId: string,
  jobId: string,
  plans: SlotPlan[],
  enqueued: Set<number>,
) {
  for (let i = 0; i < plans.length; i += 10) {
    const chunk = plans.slice(i, i + 10);
    const out = await deps.sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: deps.config.queueUrl,
        Entries: chunk.map((plan) => ({
          Id: String(plan.index),
          MessageBody: slotMessageBody(accountId, jobId, plan.index),
        })),
      }),
    );
    for (const ok of out.Successful ?? []) enqueued.add(Number(ok.Id));
    if ((out.Failed ?? []).length > 0) {
      throw new Error(`SQS refused ${out.Failed?.length} of ${chunk.length} messages.`);
    }
  }
}

async function releaseUnsent(
  deps: Deps,
  items: Record<string, unknown>[],
  plans: SlotPlan[],
  enqueued: Set<number>,
  accountId: string,
  jobId: string,
  campaignId: string,
) {
  for (const plan of plans) {
    if (enqueued.has(plan.index)) continue;
    const item = items[plan.index];
    // The slot may not have been written if writing was what failed; write it (never over one
    // a worker already touched) so that it can be failed and its credit released.
    try {
      await deps.ddb.send(
        new PutCommand({
          TableName: deps.config.tableName,
          Item: item,
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
    await settleFailed(
      deps,
      {
        account_id: accountId,
        job_id: jobId,
        campaign_id: campaignId,
        index: plan.index,
        id: String(item?.id),
      },
      'dispatch_failed: the image could not be queued',
    );
  }
  await finalizeJobIfDone(deps, accountId, jobId);
}
