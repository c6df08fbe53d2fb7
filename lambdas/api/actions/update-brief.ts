import * as z from 'zod';
import { applyCorrection } from '#core/brief/revise.ts';
import { getBrief, putBriefVersion } from '#core/entities/brief.ts';
import { ConflictError, NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { briefCorrectionInputs } from '../brief-input.ts';
import { id } from '../schemas.ts';

/**
 * Corrects a brief: a misread fact fixed, the category or subject changed, facts added or
 * dropped. Stores the next version (source `corrected`); angles are then generated from it with
 * `generate_angles {brief_id}`. Only the latest version can be corrected (409 otherwise, so a
 * correction never silently undoes another).
 */
export const updateBriefAction = defineAction({
  name: 'update_brief',
  credential: 'api_key',
  input: z.strictObject({ brief_id: id('brief_id'), ...briefCorrectionInputs }),
  run: async (input, { principal, deps }) => {
    const { brief_id, ...correction } = input;
    const current = await getBrief(deps, principal.accountId, brief_id);
    if (!current) throw new NotFoundError('brief', brief_id);
    const {
      id: _id,
      client_id,
      version,
      source: _source,
      research_summary,
      created_at: _at,
      ...fields
    } = current;
    const next = applyCorrection(fields, research_summary, correction);
    const stored = await putBriefVersion(deps, principal.accountId, {
      clientId: client_id,
      fields: next,
      source: 'corrected',
      researchSummary: research_summary,
      previous: version,
    });
    if ('missing' in stored) throw new NotFoundError('brief', brief_id);
    if ('conflict' in stored) {
      throw new ConflictError(
        `Brief '${brief_id}' is not the latest version; read the latest with get_brief and correct that.`,
      );
    }
    return { brief: stored.brief };
  },
});
