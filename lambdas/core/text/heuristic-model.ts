import { anglesFromBrief } from './brief-angles.ts';
import { HEURISTIC_TEXT_MODEL_ID } from './deferred-model-id.ts';
import type { DraftCopy, TextModel } from './types.ts';

/**
 * The offline text model: angles planned from the stored brief through the language's catalogue.
 * Deterministic: the same brief always gives the same angles. It has no reading of its own
 * (extraction is `brief/`) and drafts no copy (prepare_campaign writes offline copy from the brief).
 */
export function createHeuristicTextModel(): TextModel {
  return {
    id: HEURISTIC_TEXT_MODEL_ID,
    generateAngles: ({ brief, bannedWords, toneOfVoice }) =>
      anglesFromBrief(brief, { banned: bannedWords ?? [], ...(toneOfVoice ? { tone: toneOfVoice } : {}) }),
    async draftCopy(): Promise<DraftCopy[]> {
      return [];
    },
  };
}
