import * as z from 'zod';
import { extractBrief } from '#core/brief/extract.ts';
import { plainSummary } from '#core/brief/plain-text.ts';
import { fieldsFromCaller } from '#core/brief/revise.ts';
import type { Brief, BriefFields } from '#core/brief/schema.ts';
import { putAngles } from '#core/entities/angle.ts';
import { getBrandKit } from '#core/entities/brand-kit.ts';
import { getBrief, putBriefVersion } from '#core/entities/brief.ts';
import { type Client, getClient } from '#core/entities/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '#core/errors.ts';
import { LANGUAGE_CODES } from '#core/languages.ts';
import { consumeTextModelCall } from '#core/rate-limit.ts';
import { generateCheckedAngles, modelBrief } from '#core/text/checked-angles.ts';
import type { ActionContext } from '../action.ts';
import { defineAction } from '../action.ts';
import { callerBriefSchema } from '../brief-input.ts';
import { id, plainText } from '../schemas.ts';

const input = z
  .strictObject({
    client_id: id('client_id'),
    // Pasted from a CMS, an e-mail or Word: line ends and markup are read as plain text first
    // (what is stored and read is the brief's words and lines).
    research_summary: z
      .preprocess(
        (value) => (typeof value === 'string' ? plainSummary(value) : value),
        z
          .string()
          .trim()
          .min(20, 'must be at least 20 characters')
          .max(20_000, 'must be at most 20,000 characters')
          .superRefine(plainText({ multiline: true })),
      )
      .optional(),
    /** A stored brief version (e.g. after update_brief): angles are planned from it, nothing is re-read. */
    brief_id: id('brief_id').optional(),
    /** The brief's fields sent by the caller, stored as a version of source `caller`. */
    brief: callerBriefSchema.optional(),
    language: z
      .string()
      .toLowerCase()
      .refine((code) => LANGUAGE_CODES.has(code), 'must be an ISO 639-1 language code such as en, de, fr')
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.research_summary && !value.brief_id && !value.brief) {
      ctx.addIssue({
        code: 'custom',
        path: ['research_summary'],
        message: 'is required unless brief_id or brief is given',
      });
    }
    if (value.brief_id && (value.research_summary || value.brief)) {
      ctx.addIssue({
        code: 'custom',
        path: ['brief_id'],
        message: 'cannot be combined with research_summary or brief',
      });
    }
  });

/**
 * Ten angles for a client, planned from its brief. A research summary is read once into a new
 * brief version (stored, returned as `brief`); a `brief_id` reuses a stored version (a corrected
 * one, typically); a `brief` object is the caller's own. Consumes no credit. The text model answers
 * exactly ten valid angles or fails; they are stored all together or not at all.
 */
export const generateAnglesAction = defineAction({
  name: 'generate_angles',
  credential: 'api_key',
  input,
  run: async (input, { principal, deps }) => {
    const client = await getClient(deps, principal.accountId, input.client_id);
    if (!client) throw new NotFoundError('client', input.client_id);
    // The brief is resolved first (an unknown brief_id costs nothing); the text model is the
    // costly shared resource: every call counts against the account's allowance.
    const planned = await briefToPlanFrom(input, client, { principal, deps });
    await consumeTextModelCall(deps, principal.accountId);
    const brand = await getBrandKit(deps, principal.accountId, client.id);
    // Planned from the brief itself: its facts, its avoid list (the copy policy applies it) and ids.
    const { angles: drafts, warnings } = await generateCheckedAngles({
      model: deps.textModel,
      brief: { ...planned.fields, research_summary: planned.summary },
      bannedWords: brand?.banned_words ?? [],
      ...(brand?.tone_of_voice ? { toneOfVoice: brand.tone_of_voice } : {}),
    });
    // Stored only once the angles exist: a refused language or a failed model stores nothing.
    const brief = planned.stored ?? (await storeNewBrief(planned, client.id, { principal, deps }));
    const angles = await putAngles(deps, principal.accountId, client.id, drafts, brief.language, brief.id);
    if (!angles) throw new NotFoundError('client', input.client_id);
    return { brief, angles, warnings };
  },
});

type Input = z.output<typeof input>;

type Planned = {
  fields: BriefFields & { source: Brief['source'] };
  summary: string;
  /** Set when the brief is a stored version (brief_id); otherwise it is stored with the angles. */
  stored?: Brief;
};

/** The brief the angles are planned from: the stored version named, or a new one read or sent now. */
async function briefToPlanFrom(
  input: Input,
  client: Client,
  { principal, deps }: Pick<ActionContext, 'principal' | 'deps'>,
): Promise<Planned> {
  if (input.brief_id) {
    const stored = await getBrief(deps, principal.accountId, input.brief_id);
    if (!stored || stored.client_id !== client.id) throw new NotFoundError('brief', input.brief_id);
    if (input.language && input.language !== stored.language) {
      throw new ValidationError('language differs from the stored brief’s.', [
        { path: 'language', message: `the brief is in '${stored.language}'; correct it with update_brief` },
      ]);
    }
    return { fields: stored, summary: stored.research_summary, stored };
  }
  const language = input.language ?? 'en';
  const summary = input.research_summary ?? '';
  if (input.brief) {
    const fields = fieldsFromCaller(input.brief, { language, clientName: client.name, summary });
    return { fields: { ...fields, source: 'caller' }, summary };
  }
  const read = { researchSummary: summary, language, clientName: client.name };
  // With a model (TEXT_PROVIDER=bedrock) the model reads the brief against the same schema.
  if (deps.textModel.extractBrief)
    return { fields: { ...(await modelBrief(deps.textModel, read)), source: 'model' }, summary };
  return { fields: { ...(await extractBrief(read)), source: 'extracted' }, summary };
}

async function storeNewBrief(
  planned: Planned,
  clientId: string,
  { principal, deps }: Pick<ActionContext, 'principal' | 'deps'>,
): Promise<Brief> {
  const { source, ...fields } = planned.fields;
  // A new analysis follows whatever version is latest: a race with another one is retried once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const stored = await putBriefVersion(deps, principal.accountId, {
      clientId,
      fields,
      source,
      researchSummary: planned.summary,
    });
    if ('missing' in stored) throw new NotFoundError('client', clientId);
    if ('brief' in stored) return stored.brief;
  }
  throw new ConflictError('Other briefs of this client were stored at the same moment; try again.');
}
