import { type BedrockRuntimeClient, ConverseCommand, type Message } from '@aws-sdk/client-bedrock-runtime';
import * as z from 'zod';
import { UpstreamError } from '../errors.ts';
import { PLATFORM_LIMITS } from './platform-limits.ts';
import {
  type AngleDraft,
  AWARENESS_LEVELS,
  angleSetSchema,
  type CopyPlatform,
  copyVariantSchema,
  type DraftCopy,
  type PrepareCopyInput,
  type TextModel,
} from './types.ts';

const ANGLES_TOOL = 'submit_angles';
const COPY_TOOL = 'submit_copy';

const angleJsonSchema = {
  type: 'object',
  properties: {
    angles: {
      type: 'array',
      minItems: 10,
      maxItems: 10,
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', maxLength: 80, description: 'Short unique name of the angle' },
          hook: { type: 'string', maxLength: 200, description: 'The opening line of the ad' },
          awareness_level: { type: 'string', enum: [...AWARENESS_LEVELS] },
          visual_style: { type: 'string', maxLength: 200, description: 'Art direction for the image' },
          copy_direction: { type: 'string', maxLength: 400, description: 'Guidance for the copywriter' },
        },
        required: ['name', 'hook', 'awareness_level', 'visual_style', 'copy_direction'],
      },
    },
  },
  required: ['angles'],
} as const;

const copyJsonSchema = {
  type: 'object',
  properties: {
    copy: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          angle_id: { type: ['string', 'null'] },
          platform: { type: 'string' },
          headline: {
            type: 'string',
            maxLength: Math.max(...Object.values(PLATFORM_LIMITS).map((l) => l.headline)),
          },
          primary_text: {
            type: 'string',
            maxLength: Math.max(...Object.values(PLATFORM_LIMITS).map((l) => l.primary_text)),
          },
          description: {
            type: 'string',
            maxLength: Math.max(...Object.values(PLATFORM_LIMITS).map((l) => l.description)),
          },
          cta: { type: 'string', maxLength: 20 },
        },
        required: ['angle_id', 'platform', 'headline', 'primary_text', 'description', 'cta'],
      },
    },
  },
  required: ['copy'],
} as const;

/** Removes what can be repaired without guessing: surrounding space, over-long fields, repeated names. */
function repairAngles(raw: unknown): unknown {
  const list = (raw as { angles?: unknown })?.angles;
  if (!Array.isArray(list)) return raw;
  const seen = new Map<string, number>();
  return list.map((item) => {
    if (typeof item !== 'object' || item === null) return item;
    const angle = { ...(item as Record<string, unknown>) };
    for (const [field, max] of [
      ['name', 80],
      ['hook', 200],
      ['visual_style', 200],
      ['copy_direction', 400],
    ] as const) {
      if (typeof angle[field] === 'string') angle[field] = (angle[field] as string).trim().slice(0, max);
    }
    if (typeof angle.awareness_level === 'string') {
      angle.awareness_level = angle.awareness_level.toLowerCase().replace(/[\s-]+/g, '_');
    }
    if (typeof angle.name === 'string') {
      const key = angle.name.toLowerCase();
      const count = (seen.get(key) ?? 0) + 1;
      seen.set(key, count);
      if (count > 1) angle.name = `${angle.name} (${count})`.slice(0, 80);
    }
    return angle;
  });
}

/**
 * Angles and copy from a Bedrock text model through the Converse API with forced tool use
 * (works on Claude and Nova): the model must answer by calling our tool, whose input schema
 * is the shape we need; the answer is then validated with zod. An answer that cannot be
 * repaired is asked for once more, with the problems named; a second failure is a 502.
 */
export function createBedrockTextModel(client: BedrockRuntimeClient, modelId: string): TextModel {
  async function callTool(system: string, prompt: string, tool: string, schema: object, retryNote?: string) {
    const messages: Message[] = [
      { role: 'user', content: [{ text: retryNote ? `${prompt}\n\n${retryNote}` : prompt }] },
    ];
    try {
      const out = await client.send(
        new ConverseCommand({
          modelId,
          system: [{ text: system }],
          messages,
          inferenceConfig: { maxTokens: 4096, temperature: 0.7 },
          toolConfig: {
            tools: [
              {
                toolSpec: {
                  name: tool,
                  description: `Submit the result as ${tool}`,
                  inputSchema: { json: schema as never },
                },
              },
            ],
            toolChoice: { tool: { name: tool } },
          },
        }),
      );
      const use = out.output?.message?.content?.find((block) => block.toolUse?.name === tool)?.toolUse;
      return use?.input;
    } catch (error) {
      const name = (error as Error).name;
      if (
        name === 'ThrottlingException' ||
        name === 'ServiceUnavailableException' ||
        name === 'ModelNotReadyException'
      ) {
        throw new UpstreamError(`The text model ${modelId} is busy (${name}); retry shortly.`);
      }
      throw new UpstreamError(`The text model ${modelId} failed: ${name}.`);
    }
  }

  return {
    id: modelId,
    async generateAngles({
      researchSummary,
      language,
      clientName,
      bannedWords = [],
      toneOfVoice,
      repairNote,
    }) {
      const system =
        'You are a senior direct-response strategist. You write marketing angles for paid social and display ads. ' +
        `Write every text field in the language with ISO 639-1 code "${language}".` +
        (toneOfVoice ? ` The brand's tone of voice: ${toneOfVoice}.` : '');
      const prompt =
        `Client: ${clientName}\nResearch summary:\n"""\n${researchSummary}\n"""\n\n` +
        'Propose exactly 10 distinct marketing angles. Each has a unique name, a hook (the first line of the ad, ' +
        "using the summary's real product, audience, pains, benefits, proof and numbers), an awareness_level " +
        `(one of ${AWARENESS_LEVELS.join(', ')}; cover at least four levels), a visual_style (art direction, no text in the image) ` +
        `and a copy_direction. Use only numbers, prices, ratings, awards, guarantees and names the summary states. ` +
        `Never use these words: ${bannedWords.join(', ') || '(none)'}. Answer only by calling ${ANGLES_TOOL}.`;
      let note: string | undefined = repairNote;
      for (let attempt = 0; attempt < 2; attempt++) {
        const input = await callTool(system, prompt, ANGLES_TOOL, angleJsonSchema, note);
        const parsed = angleSetSchema.safeParse(repairAngles(input));
        if (parsed.success) return parsed.data as AngleDraft[];
        note = `Your previous answer was rejected: ${parsed.error.issues
          .map((i) => i.message)
          .slice(0, 5)
          .join('; ')}. Answer again with exactly 10 valid angles.`;
      }
      throw new UpstreamError(`The text model ${modelId} did not return ten valid angles after a retry.`);
    },

    async draftCopy(input: PrepareCopyInput): Promise<DraftCopy[]> {
      const platforms: readonly CopyPlatform[] =
        input.campaign.platform_target.length > 0 ? input.campaign.platform_target : ['general'];
      const angles =
        input.angles.length > 0 ? input.angles : [{ id: null, name: 'General', hook: input.campaign.name }];
      const system =
        `You are a performance copywriter for ${input.clientName}. Tone of voice: ${input.brand.tone_of_voice || 'clear and friendly'}. ` +
        `Never use these words: ${input.brand.banned_words.join(', ') || '(none)'}.`;
      const prompt =
        `CTA: ${input.campaign.cta_text || '(choose one per platform)'}\nOffer: ${input.campaign.offer_text || '(none)'}\n` +
        `Tagline: ${input.brand.tagline || '(none)'}\nPlatforms: ${platforms.join(', ')}\nAngles:\n` +
        angles.map((a) => `- id=${a.id ?? 'null'}: ${a.name} — ${a.hook}`).join('\n') +
        `\n\nWrite one copy entry per angle and platform (headline, primary_text, description, cta), within each platform's limits (${platforms.map((p) => `${p}: headline ${PLATFORM_LIMITS[p].headline}, primary_text ${PLATFORM_LIMITS[p].primary_text}, description ${PLATFORM_LIMITS[p].description}, cta ${PLATFORM_LIMITS[p].cta}`).join('; ')}). ` +
        `Never mention the internal campaign name. Use only numbers and claims from the input. Answer only by calling ${COPY_TOOL}.`;
      const schema = z.object({ copy: z.array(copyVariantSchema).min(1) });
      let note: string | undefined = input.repairNote;
      for (let attempt = 0; attempt < 2; attempt++) {
        const parsed = schema.safeParse(await callTool(system, prompt, COPY_TOOL, copyJsonSchema, note));
        if (parsed.success) {
          const known = new Set<string>(platforms);
          return parsed.data.copy
            .filter((c) => known.has(c.platform))
            .map((c) => ({ ...c, platform: c.platform as DraftCopy['platform'] }));
        }
        note = 'Your previous answer did not match the tool schema. Answer again.';
      }
      throw new UpstreamError(`The text model ${modelId} did not return usable copy after a retry.`);
    },
  };
}
