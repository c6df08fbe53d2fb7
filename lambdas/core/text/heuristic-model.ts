import { buildAngles } from './angles.ts';
import { extractBriefFacts } from './brief-facts.ts';
import { HEURISTIC_TEXT_MODEL_ID } from './deferred.ts';
import { loadNlp } from './nlp.ts';
import type { AngleDraft, DraftCopy, PrepareCopyInput, TextModel } from './types.ts';

/**
 * The offline text model: reads the brief into facts (compromise, loaded on first use, for
 * English) and fills angle archetypes from them through the language's phrase grammar.
 * Deterministic: the same brief always gives the same angles.
 */
export async function offlineAngles(input: {
  researchSummary: string;
  language: string;
  clientName: string;
  bannedWords?: readonly string[];
  toneOfVoice?: string;
}): Promise<AngleDraft[]> {
  const nlp = input.language === 'en' ? await loadNlp() : undefined;
  const facts = extractBriefFacts(input.researchSummary, input.clientName, input.language, nlp);
  return buildAngles({
    facts,
    banned: input.bannedWords ?? [],
    ...(input.toneOfVoice ? { tone: input.toneOfVoice } : {}),
  });
}

export function createHeuristicTextModel(): TextModel {
  return {
    id: HEURISTIC_TEXT_MODEL_ID,
    generateAngles: offlineAngles,
    // prepare_campaign writes offline copy itself from candidates (lambdas/core/text/copy.ts).
    async draftCopy(_input: PrepareCopyInput): Promise<DraftCopy[]> {
      return [];
    },
  };
}
