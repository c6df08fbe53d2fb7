import { createReviewLinkAction } from './create-review-link.ts';
import { exportCampaignAction } from './export-campaign.ts';
import { getExportAction } from './get-export.ts';
import { reviewCreativesAction } from './review-creatives.ts';
import { revokeReviewLinkAction } from './revoke-review-link.ts';

/** The actions that take creatives live: review, review links, export (ADR 0040–0042). */
export const liveActions = [
  reviewCreativesAction,
  createReviewLinkAction,
  revokeReviewLinkAction,
  exportCampaignAction,
  getExportAction,
] as const;
