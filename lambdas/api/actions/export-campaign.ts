import * as z from 'zod';
import { getCampaign } from '#core/entities/campaign.ts';
import { createExport, EXPORT_INCLUDES } from '#core/entities/export.ts';
import { NotFoundError } from '#core/errors.ts';
import { enqueueExport } from '#core/export/run.ts';
import { exportView } from '#core/export/view.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

/**
 * Starts an export of a campaign's creatives for the ad managers (ADR 0042): a ZIP of the PNGs,
 * Meta's bulk-import CSV, a Google Ads Editor CSV and a manifest, built by a worker. Poll
 * get_export, or subscribe to `export.completed`.
 */
export const exportCampaignAction = defineAction({
  name: 'export_campaign',
  credential: 'api_key',
  input: z.strictObject({
    campaign_id: id('campaign_id'),
    include: z.enum(EXPORT_INCLUDES).default('approved'),
  }),
  run: async (input, { principal, deps }) => {
    if (!(await getCampaign(deps, principal.accountId, input.campaign_id))) {
      throw new NotFoundError('campaign', input.campaign_id);
    }
    const record = await createExport(deps, {
      accountId: principal.accountId,
      campaignId: input.campaign_id,
      include: input.include,
    });
    await enqueueExport(deps, record);
    return { export: await exportView(deps, record) };
  },
});
