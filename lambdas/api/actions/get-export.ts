import * as z from 'zod';
import { getCampaign } from '#core/entities/campaign.ts';
import { getExport } from '#core/entities/export.ts';
import { NotFoundError } from '#core/errors.ts';
import { exportView } from '#core/export/view.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

/**
 * An export, with a fresh presigned download URL once its ZIP is ready (ADR 0042). An export of a
 * deleted campaign is gone with it (its ZIP is swept, ADR 0046): 404.
 */
export const getExportAction = defineAction({
  name: 'get_export',
  credential: 'api_key',
  input: z.strictObject({ export_id: id('export_id') }),
  run: async (input, { principal, deps }) => {
    const record = await getExport(deps, principal.accountId, input.export_id);
    if (!record || !(await getCampaign(deps, principal.accountId, record.campaign_id))) {
      throw new NotFoundError('export', input.export_id);
    }
    return { export: await exportView(deps, record) };
  },
});
