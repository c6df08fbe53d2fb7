import type { Deps } from '../deps.ts';
import { deleteAnglesOfClient } from '../entities/angle.ts';
import { assetPrefixOfClient, deleteAssetsOfClient } from '../entities/asset.ts';
import { deleteBrandKit } from '../entities/brand-kit.ts';
import { deleteBriefsOfClient } from '../entities/brief.ts';
import {
  campaignIdsOfClient,
  deleteCampaignItem,
  getCampaignForSweep,
  markCampaignDeleting,
} from '../entities/campaign.ts';
import {
  deleteClientItem,
  getClientForSweep,
  listPendingDeletions,
  markClientDeleting,
} from '../entities/client.ts';
import { closeJobForDeletion, deleteJobRecords, jobsOfCampaign } from '../entities/job.ts';
import { jobIdsOfCampaignCreatives } from '../entities/slot.ts';
import { deleteObjectsUnder } from '../s3/delete-prefix.ts';

/** What a deletion answers: `{ deleted: true, creatives_deleted, credits_released }`. */
export type DeletionReport = { deleted: true; creatives_deleted: number; credits_released: number };

/**
 * The object prefixes of one campaign (slot.ts, generate/shared-visual.ts and entities/export.ts
 * build the keys under them): its export ZIPs go with it (ADR 0046).
 */
export const campaignObjectPrefixes = (accountId: string, campaignId: string) => [
  `creatives/${accountId}/${campaignId}/`,
  `visuals/${accountId}/${campaignId}/`,
  `exports/${accountId}/${campaignId}/`,
];

const empty = (): DeletionReport => ({ deleted: true, creatives_deleted: 0, credits_released: 0 });

/**
 * Deletes a campaign (ADR 0028):
 * 1. mark it `deleting`: from this write on it reads as not found, takes no new job, and is
 *    listed among pending deletions; a second delete finds the mark and answers 404;
 * 2. sweep it (`sweepCampaign`). If the process dies part-way, the reconciler resumes the
 *    sweep from the mark (`resumeDeletions`). Undefined when there was nothing to delete.
 */
export async function deleteCampaign(
  deps: Deps,
  accountId: string,
  campaignId: string,
): Promise<DeletionReport | undefined> {
  if (!(await markCampaignDeleting(deps, accountId, campaignId))) return undefined;
  return sweepCampaign(deps, accountId, campaignId);
}

/**
 * The campaign's sweep, safe to run again from any point:
 * 1. close each job (ADR 0029): every credit it still holds comes back in one transaction, for
 *    its running slots and for slots a dispatch has not written yet alike, and from then on no
 *    slot can be added to it and no settlement can move its credits;
 * 2. delete each job with its slots, creative pointers and visual markers (the job item last);
 * 3. delete the campaign's objects (creatives, shared visuals and export ZIPs);
 * 4. delete the campaign item, which ends the deletion (and takes it off the pending list).
 * Jobs are found from the campaign's jobs index and from its creatives (jobs written before that
 * index existed), every list read in full, page by page.
 */
export async function sweepCampaign(
  deps: Deps,
  accountId: string,
  campaignId: string,
): Promise<DeletionReport> {
  const report = empty();
  const jobIds = new Set([
    ...(await jobsOfCampaign(deps, accountId, campaignId)).map((j) => j.job_id),
    ...(await jobIdsOfCampaignCreatives(deps, accountId, campaignId)),
  ]);
  for (const jobId of jobIds) {
    const swept = await sweepJob(deps, accountId, jobId);
    report.credits_released += swept.credits_released;
    report.creatives_deleted += swept.creatives_deleted;
  }
  for (const prefix of campaignObjectPrefixes(accountId, campaignId)) await deleteObjectsUnder(deps, prefix);
  await deleteCampaignItem(deps, accountId, campaignId);
  return report;
}

/**
 * One job of a deletion: closed (every credit it holds released, no slot written to it after),
 * then its records deleted. The reconciler also sweeps this way an open job whose campaign is
 * gone (`sweepOrphanJob`).
 */
async function sweepJob(deps: Deps, accountId: string, jobId: string): Promise<DeletionReport> {
  const credits_released = await closeJobForDeletion(deps, accountId, jobId);
  const creatives_deleted = await deleteJobRecords(deps, accountId, jobId);
  return { deleted: true, creatives_deleted, credits_released };
}

/**
 * An open job whose campaign no longer exists: its campaign's sweep missed it (the campaign's
 * jobs index is eventually consistent, so a job ordered just before the deletion mark may not
 * be listed yet). The reconciler closes it, deletes its records and its objects.
 */
export async function sweepOrphanJob(
  deps: Deps,
  accountId: string,
  campaignId: string,
  jobId: string,
): Promise<DeletionReport> {
  const report = await sweepJob(deps, accountId, jobId);
  const [creatives] = campaignObjectPrefixes(accountId, campaignId);
  await deleteObjectsUnder(deps, `${creatives}${jobId}/`);
  return report;
}

/**
 * Deletes a client with everything it owns (ADR 0028): the mark first (the client reads as not
 * found at once and takes no new campaign, angle or asset), then `sweepClient`.
 */
export async function deleteClient(
  deps: Deps,
  accountId: string,
  clientId: string,
): Promise<DeletionReport | undefined> {
  if (!(await markClientDeleting(deps, accountId, clientId))) return undefined;
  return sweepClient(deps, accountId, clientId);
}

/**
 * The client's sweep, safe to run again from any point: every campaign marked, then each swept
 * as above, then the angles, the asset records and their objects, the brand kit, and the client
 * item last.
 */
export async function sweepClient(deps: Deps, accountId: string, clientId: string): Promise<DeletionReport> {
  const report = empty();
  const campaignIds = await campaignIdsOfClient(deps, accountId, clientId);
  // Every campaign marked first (one small write each), so all of them read as gone before the
  // slow part begins.
  for (const campaignId of campaignIds) await markCampaignDeleting(deps, accountId, campaignId);
  for (const campaignId of campaignIds) {
    const swept = await sweepCampaign(deps, accountId, campaignId);
    report.creatives_deleted += swept.creatives_deleted;
    report.credits_released += swept.credits_released;
  }
  await deleteAnglesOfClient(deps, accountId, clientId);
  await deleteBriefsOfClient(deps, accountId, clientId);
  await deleteAssetsOfClient(deps, accountId, clientId);
  await deleteObjectsUnder(deps, assetPrefixOfClient(accountId, clientId));
  await deleteBrandKit(deps, accountId, clientId);
  await deleteClientItem(deps, accountId, clientId);
  return report;
}

/**
 * Finishes every deletion a crash left half done: each client or campaign marked `deleting`
 * before `olderThan` is swept again (run by the reconciler every minute, with a grace longer
 * than the router's timeout so a live deletion is left to its request; and by the local stack at
 * start, when nothing else runs). Answers how many it finished.
 */
export async function resumeDeletions(deps: Deps, olderThan: Date = deps.now()): Promise<number> {
  let finished = 0;
  const cutoff = olderThan.toISOString();
  for (const pending of await listPendingDeletions(deps)) {
    if (pending.since > cutoff) continue;
    if (pending.kind === 'client') {
      if ((await getClientForSweep(deps, pending.accountId, pending.id))?.deleting) {
        await sweepClient(deps, pending.accountId, pending.id);
        finished++;
      }
    } else if ((await getCampaignForSweep(deps, pending.accountId, pending.id))?.deleting) {
      await sweepCampaign(deps, pending.accountId, pending.id);
      finished++;
    }
  }
  return finished;
}
