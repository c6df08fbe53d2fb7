import { UnsupportedLanguageError } from '../errors.ts';
import { hasLabel } from './angles.ts';
import { containsBannedWord } from './copy-rules.ts';
import { OFFLINE_LANGUAGES } from './grammars.ts';
import { offlineAngles } from './heuristic-model.ts';
import type { AngleDraft, TextModel } from './types.ts';
import { untraced } from './validate.ts';

const isOffline = (model: TextModel) => model.id.startsWith('heuristic');

/** Why an angle cannot be stored as is (empty when it can). */
export function angleViolations(angle: AngleDraft, summary: string, banned: readonly string[]): string[] {
  const out: string[] = [];
  for (const field of ['name', 'hook', 'copy_direction', 'visual_style'] as const) {
    const text = angle[field];
    if (containsBannedWord(text, banned)) out.push(`${field} "${angle.name}" uses a banned word`);
    if (/…|\.\.\.|\{|\}|\bundefined\b|lorem ipsum/i.test(text))
      out.push(`${field} "${angle.name}" has a placeholder`);
    if (hasLabel(text)) out.push(`${field} "${angle.name}" lifts a label from the brief`);
    const invented = untraced(text, [summary]);
    if (invented.length > 0)
      out.push(`${field} "${angle.name}" uses what the brief does not say: ${invented.join(', ')}`);
  }
  return out;
}

/**
 * Ten angles in `language`, validated whatever the model. Offline, only the languages with a
 * phrase grammar are written (else 400 unsupported_language). With Bedrock, the language is
 * passed through; an answer with violations gets one repair request naming them, and the
 * angles still invalid are replaced by the offline engine's (in English when the language has
 * no grammar), with a warning.
 */
export async function generateCheckedAngles(input: {
  model: TextModel;
  researchSummary: string;
  language: string;
  clientName: string;
  bannedWords: readonly string[];
  toneOfVoice?: string;
}): Promise<{ angles: AngleDraft[]; warnings: string[] }> {
  const { model, researchSummary, language, clientName, bannedWords } = input;
  const tone = input.toneOfVoice ? { toneOfVoice: input.toneOfVoice } : {};
  if (isOffline(model)) {
    if (!OFFLINE_LANGUAGES.includes(language))
      throw new UnsupportedLanguageError(language, OFFLINE_LANGUAGES);
    return {
      angles: await offlineAngles({ researchSummary, language, clientName, bannedWords, ...tone }),
      warnings: [],
    };
  }
  const ask = (repairNote?: string) =>
    model.generateAngles({
      researchSummary,
      language,
      clientName,
      bannedWords,
      ...tone,
      ...(repairNote ? { repairNote } : {}),
    });
  let angles = await ask();
  let problems = angles.flatMap((a) => angleViolations(a, researchSummary, bannedWords));
  if (problems.length === 0) return { angles, warnings: [] };
  angles = await ask(
    `Your previous answer was rejected: ${problems.slice(0, 10).join('; ')}. Answer again with 10 angles that fix this.`,
  );
  problems = angles.flatMap((a) => angleViolations(a, researchSummary, bannedWords));
  if (problems.length === 0) return { angles, warnings: [] };
  const offlineLanguage = OFFLINE_LANGUAGES.includes(language) ? language : 'en';
  const offline = await offlineAngles({
    researchSummary,
    language: offlineLanguage,
    clientName,
    bannedWords,
    ...tone,
  });
  const used = new Set(angles.map((a) => a.name.toLowerCase()));
  const spare = offline.filter((o) => !used.has(o.name.toLowerCase()));
  let replaced = 0;
  const fixed = angles.map((a) => {
    if (angleViolations(a, researchSummary, bannedWords).length === 0) return a;
    replaced++;
    const sameLevel = spare.findIndex((o) => o.awareness_level === a.awareness_level);
    const [swap] = spare.splice(sameLevel >= 0 ? sameLevel : 0, 1);
    return swap ?? a;
  });
  const stillBad = fixed.some((a) => angleViolations(a, researchSummary, bannedWords).length > 0);
  return {
    angles: stillBad ? offline : fixed,
    warnings: [
      `The text model's answer broke the copy rules after a repair request (${problems.slice(0, 3).join('; ')}); ${stillBad ? 'all ten angles' : `${replaced} angle(s)`} come from the offline engine${offlineLanguage !== language ? ' in English' : ''}.`,
    ],
  };
}
