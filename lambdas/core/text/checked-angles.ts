import type { BriefFields } from '../brief/schema.ts';
import { UpstreamError } from '../errors.ts';
import { anglesFromBrief, briefSources } from './brief-angles.ts';
import { InvalidModelAnswerError } from './model-errors.ts';
import { copyViolations, type PolicyContext } from './policy/copy-policy.ts';
import { fillPrompt } from './prompts.ts';
import type { BriefForPlanning } from './types.ts';
import { ANGLES_PER_SET, type PlannedAngle, type TextModel } from './types.ts';

const isOffline = (model: TextModel) => model.id.startsWith('heuristic');

/** Why a model's angles cannot be stored (empty when they can): the copy policy, and fact ids the brief has. */
export function angleProblems(
  angles: readonly PlannedAngle[],
  brief: BriefForPlanning,
  banned: readonly string[],
): string[] {
  const ids = new Set(brief.facts.map((f) => f.id));
  const base: PolicyContext = {
    language: brief.language,
    banned,
    avoid: brief.avoid,
    sources: briefSources(brief),
  };
  return angles.flatMap((a) => [
    ...copyViolations(a.hook, { ...base, limit: 200 }).map((v) => `hook "${a.hook}": ${v}`),
    ...(['name', 'copy_direction'] as const).flatMap((f) =>
      copyViolations(a[f], base)
        .filter((v) => !v.startsWith('ends mid-phrase'))
        .map((v) => `${f} of "${a.name}": ${v}`),
    ),
    ...a.fact_ids
      .filter((id) => !ids.has(id))
      .map((id) => `"${a.name}" cites ${id}, which the brief does not have`),
  ]);
}

/** One model call, then one repair naming what was wrong, then a 502 (never a partial or unchecked set). */
async function withOneRepair<T>(
  ask: (repairNote?: string) => Promise<T>,
  problemsOf: (answer: T) => string[],
  what: string,
): Promise<T> {
  let problems: string[];
  try {
    const first = await ask();
    problems = problemsOf(first);
    if (problems.length === 0) return first;
  } catch (error) {
    if (!(error instanceof InvalidModelAnswerError)) throw error;
    problems = error.problems;
  }
  const repaired = await ask(fillPrompt('repair', { problems: problems.slice(0, 10).join('; ') }));
  const left = problemsOf(repaired);
  if (left.length > 0)
    throw new UpstreamError(
      `The text model's ${what} broke the copy policy after a repair request: ${left.slice(0, 3).join('; ')}.`,
    );
  return repaired;
}

/**
 * Ten angles from the stored brief, validated whatever the model. Offline, the planner writes the
 * languages it has a catalogue for (else 400 unsupported_language). A Bedrock answer is held to
 * the same copy policy, repaired once, then answers 502.
 */
export async function generateCheckedAngles(input: {
  model: TextModel;
  brief: BriefForPlanning;
  bannedWords: readonly string[];
  toneOfVoice?: string;
}): Promise<{ angles: PlannedAngle[]; warnings: string[] }> {
  const { model, brief, bannedWords } = input;
  const tone = input.toneOfVoice ? { toneOfVoice: input.toneOfVoice } : {};
  if (isOffline(model)) {
    return {
      angles: await anglesFromBrief(brief, {
        banned: bannedWords,
        ...(input.toneOfVoice ? { tone: input.toneOfVoice } : {}),
      }),
      warnings: [],
    };
  }
  const angles = await withOneRepair(
    (repairNote) =>
      model.generateAngles({ brief, bannedWords, ...tone, ...(repairNote ? { repairNote } : {}) }),
    (answer) =>
      answer.length === ANGLES_PER_SET
        ? angleProblems(answer, brief, bannedWords)
        : [`${answer.length} angles, not ${ANGLES_PER_SET}`],
    'angles',
  );
  return { angles, warnings: [] };
}

/**
 * The model's reading of a research summary into the Brief schema: every fact must be a span of the
 * summary (its span is found here) and every figure must be in its fact; one repair, then 502.
 */
export async function modelBrief(
  model: TextModel,
  input: { researchSummary: string; language: string; clientName: string },
): Promise<BriefFields> {
  const extract = model.extractBrief;
  if (!extract) throw new UpstreamError(`The text model ${model.id} cannot read a brief.`);
  const answer = await withOneRepair(
    (repairNote) => extract({ ...input, ...(repairNote ? { repairNote } : {}) }),
    (b) =>
      b.facts.flatMap((f) => [
        ...(input.researchSummary.includes(f.text)
          ? []
          : [`${f.id} "${f.text}" is not word for word in the summary`]),
        ...f.numbers
          .filter((n) => !f.text.includes(n))
          .map((n) => `${f.id}: the figure ${n} is not in its text`),
      ]),
    'brief',
  );
  return {
    ...answer,
    facts: answer.facts.map((f) => {
      const at = input.researchSummary.indexOf(f.text);
      return { ...f, span: [at, at + f.text.length] as [number, number] };
    }),
  };
}
