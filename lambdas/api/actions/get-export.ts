import * as z from 'zod';
import { getExport } from '#core/entities/export.ts';
import { NotFoundError } from '#core/errors.ts';
import { exportView } from '#core/export/view.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

/** An export, with a fresh presigned download URL once its ZIP is ready (ADR 0042). */
export const getExportAction = defineAction({
  name: 'get_export',
  credential: 'api_key',
  input: z.strictObject({ export_id: id('export_id') }),
  run: async (input, { principal, deps }) => {
    const record = await getExport(deps, principal.accountId, input.export_id);
    if (!record) throw new NotFoundError('export', input.export_id);
    return { export: await exportView(deps, record) };
  },
});
