import type { Action } from '../action.ts';
import { cancelJobAction } from './cancel-job.ts';
import { createApiKeyAction } from './create-api-key.ts';
import { createAssetUploadAction } from './create-asset-upload.ts';
import { createCampaignAction } from './create-campaign.ts';
import { createClientAction } from './create-client.ts';
import { deleteCampaignAction } from './delete-campaign.ts';
import { deleteClientAction } from './delete-client.ts';
import { estimateCreativesAction } from './estimate-creatives.ts';
import { generateAnglesAction } from './generate-angles.ts';
import { generateCreativesAction } from './generate-creatives.ts';
import { getAngleAction } from './get-angle.ts';
import { getAssetAction } from './get-asset.ts';
import { getBrandKitAction } from './get-brand-kit.ts';
import { getBriefAction } from './get-brief.ts';
import { getCampaignAction } from './get-campaign.ts';
import { getClientAction } from './get-client.ts';
import { getCreditsAction } from './get-credits.ts';
import { getJobAction } from './get-job.ts';
import { listAnglesAction } from './list-angles.ts';
import { listApiKeysAction } from './list-api-keys.ts';
import { listAssetsAction } from './list-assets.ts';
import { listCampaignsAction } from './list-campaigns.ts';
import { listClientsAction } from './list-clients.ts';
import { listCreativesAction } from './list-creatives.ts';
import { listJobsAction } from './list-jobs.ts';
import { liveActions } from './live.ts';
import { prepareCampaignAction } from './prepare-campaign.ts';
import { regenerateCreativeAction } from './regenerate-creative.ts';
import { revokeApiKeyAction } from './revoke-api-key.ts';
import { updateBrandKitAction } from './update-brand-kit.ts';
import { updateBriefAction } from './update-brief.ts';
import { updateCampaignAction } from './update-campaign.ts';
import { updateClientAction } from './update-client.ts';
import { webhookActions } from './webhooks.ts';

/** The typed table the router dispatches through; adding an action is adding a line here. */
export const actions = [
  listClientsAction,
  createClientAction,
  listCampaignsAction,
  createCampaignAction,
  listCreativesAction,
  listAnglesAction,
  getAngleAction,
  generateAnglesAction,
  getBriefAction,
  updateBriefAction,
  getBrandKitAction,
  updateBrandKitAction,
  prepareCampaignAction,
  generateCreativesAction,
  estimateCreativesAction,
  getJobAction,
  getCreditsAction,
  listApiKeysAction,
  createApiKeyAction,
  revokeApiKeyAction,
  createAssetUploadAction,
  getAssetAction,
  listAssetsAction,
  listJobsAction,
  cancelJobAction,
  regenerateCreativeAction,
  getClientAction,
  updateClientAction,
  getCampaignAction,
  updateCampaignAction,
  deleteCampaignAction,
  deleteClientAction,
  ...webhookActions,
  ...liveActions,
] as const satisfies readonly Action[];

export type ActionName = (typeof actions)[number]['name'];

export const actionNames: readonly string[] = actions.map((a) => a.name);
