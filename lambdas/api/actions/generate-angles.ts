import * as z from 'zod';
import { putAngles } from '#core/entities/angle.ts';
import { getBrandKit } from '#core/entities/brand-kit.ts';
import { getClient } from '#core/entities/client.ts';
import { NotFoundError } from '#core/errors.ts';
import { LANGUAGE_CODES } from '#core/languages.ts';
import { consumeTextModelCall } from '#core/rate-limit.ts';
import { generateCheckedAngles } from '#core/text/checked-angles.ts';
import { defineAction } from '../action.ts';
import { id, plainText } from '../schemas.ts';

/**
 * Ten angles from a research summary, stored for the client. Consumes no credit. The text model
 * answers exactly ten valid angles or fails; they are stored all together or not at all. The
 * offline engine writes the languages it has a grammar for (400 unsupported_language otherwise);
 * Bedrock writes any, held to the same validators.
 */
export const generateAnglesAction = defineAction({
  name: 'generate_angles',
  credential: 'api_key',
  input: z.strictObject({
    client_id: id('client_id'),
    research_summary: z
      .string()
      .trim()
      .min(20, 'must be at least 20 characters')
      .max(20_000, 'must be at most 20,000 characters')
      .superRefine(plainText({ multiline: true })),
    language: z
      .string()
      .toLowerCase()
      .refine((code) => LANGUAGE_CODES.has(code), 'must be an ISO 639-1 language code such as en, de, fr')
      .default('en'),
  }),
  run: async (input, { principal, deps }) => {
    const client = await getClient(deps, principal.accountId, input.client_id);
    if (!client) throw new NotFoundError('client', input.client_id);
    await consumeTextModelCall(deps, principal.accountId);
    const brand = await getBrandKit(deps, principal.accountId, client.id);
    const { angles: drafts, warnings } = await generateCheckedAngles({
      model: deps.textModel,
      researchSummary: input.research_summary,
      language: input.language,
      clientName: client.name,
      bannedWords: brand?.banned_words ?? [],
      ...(brand?.tone_of_voice ? { toneOfVoice: brand.tone_of_voice } : {}),
    });
    const angles = await putAngles(deps, principal.accountId, client.id, drafts, input.language);
    if (!angles) throw new NotFoundError('client', input.client_id);
    return { angles, warnings };
  },
});
