import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { briefFactSchema, briefFieldsSchema } from '../brief/schema.ts';

export { InvalidModelAnswerError };

import { InvalidModelAnswerError } from './model-errors.ts';
import { PLATFORM_LIMITS } from './platform-limits.ts';
import { fillPrompt, PROMPTS } from './prompts.ts';
import { structuredCall } from './structured-call.ts';
import type { BriefForPlanning } from './types.ts';
import {
  AWARENESS_LEVELS,
  angleSetSchema,
  copyVariantSchema,
  type DraftCopy,
  type TextModel,
} from './types.ts';

/** The Brief schema as a model answers it: the same fields, spans left to the service (it finds them in the summary). */
export const modelBriefSchema = briefFieldsSchema.extend({
  facts: z.array(briefFactSchema.omit({ span: true })).max(80),
});

const anglesAnswer = z.strictObject({ angles: angleSetSchema });
const copyAnswer = z.strictObject({ copy: z.array(copyVariantSchema).min(1) });

/** The brief's facts as the prompts list them: one line each, with the id an answer cites. */
export const factLines = (brief: BriefForPlanning) =>
  brief.facts.map((f) => `- ${f.id} (${f.role}): ${f.text}`).join('\n');
const orNone = (list: readonly string[]) => (list.length > 0 ? list.join(', ') : PROMPTS.none);

/**
 * The Bedrock text model: the brief, angles and copy through Converse, each answer constrained to a
 * zod schema (structured output on models that take it, forced tool use on the others) and parsed
 * with the same schema. Every prompt carries the brief's facts; nothing here checks copy rules:
 * the callers hold answers to the one copy policy and ask for one repair.
 */
export function createBedrockTextModel(client: BedrockRuntimeClient, modelId: string): TextModel {
  const call = async <T>(
    name: string,
    description: string,
    schema: z.ZodType<T>,
    system: string,
    prompt: string,
    repairNote?: string,
  ) => {
    const answer = await structuredCall({
      client,
      modelId,
      name,
      description,
      schema,
      system,
      prompt: repairNote ? `${prompt}\n\n${repairNote}` : prompt,
      maxTokens: 4096,
    });
    if (!answer.ok) throw new InvalidModelAnswerError(modelId, answer.problems);
    return answer.value;
  };
  return {
    id: modelId,
    extractBrief: ({ researchSummary, language, clientName, repairNote }) =>
      call(
        'submit_brief',
        'The research brief read into facts',
        modelBriefSchema,
        PROMPTS.extractSystem,
        fillPrompt('extractUser', { client: clientName, language, summary: researchSummary }),
        repairNote,
      ),
    async generateAngles({ brief, bannedWords = [], toneOfVoice, repairNote }) {
      const system = fillPrompt('anglesSystem', {
        language: brief.language,
        tone: toneOfVoice ? fillPrompt('toneSuffix', { tone: toneOfVoice }) : '',
      });
      const prompt = fillPrompt('anglesUser', {
        client: brief.business_name,
        product: brief.product || PROMPTS.none,
        audience: brief.audience || PROMPTS.none,
        location: brief.location || PROMPTS.none,
        subject: brief.subject,
        facts: factLines(brief),
        levels: AWARENESS_LEVELS.join(', '),
        banned: orNone(bannedWords),
        avoid: orNone(brief.avoid),
      });
      const answer = await call(
        'submit_angles',
        'Ten marketing angles',
        anglesAnswer,
        system,
        prompt,
        repairNote,
      );
      return answer.angles;
    },
    async draftCopy(input) {
      const platforms =
        input.campaign.platform_target.length > 0 ? input.campaign.platform_target : (['general'] as const);
      const system = fillPrompt('copySystem', {
        client: input.brief.business_name,
        language: input.brief.language,
        tone: input.brand.tone_of_voice || PROMPTS.defaultTone,
        banned: orNone(input.brand.banned_words),
        avoid: orNone(input.brief.avoid),
      });
      const prompt = fillPrompt('copyUser', {
        facts: factLines(input.brief),
        offer: input.campaign.offer_text || PROMPTS.none,
        cta: input.campaign.cta_text || PROMPTS.none,
        tagline: input.brand.tagline || PROMPTS.none,
        limits: platforms
          .map(
            (p) =>
              `${p}: headline ${PLATFORM_LIMITS[p].headline}, primary_text ${PLATFORM_LIMITS[p].primary_text}, description ${PLATFORM_LIMITS[p].description}, cta ${PLATFORM_LIMITS[p].cta}`,
          )
          .join('; '),
        angles:
          input.angles.length > 0
            ? input.angles.map((a) => `- id=${a.id} [${(a.fact_ids ?? []).join(', ')}]: ${a.hook}`).join('\n')
            : `- id=null: ${PROMPTS.none}`,
        campaign: input.campaign.name,
      });
      const answer = await call(
        'submit_copy',
        'Ad copy per angle and platform',
        copyAnswer,
        system,
        prompt,
        input.repairNote,
      );
      const known = new Set<string>(platforms);
      return answer.copy
        .filter((c) => known.has(c.platform))
        .map((c) => ({ ...c, platform: c.platform as DraftCopy['platform'] }));
    },
  };
}
