import * as z from 'zod';

/**
 * The stored brief: what `generate_angles` understands of a research summary, once, in a shape
 * that angles, copy and pictures are planned from (nothing downstream re-reads the summary).
 * This module is the contract between extraction (`brief/extract*`), planning and realisation
 * (`text/`) and the picture path (`creative/`, `generate/prompts/`).
 */

/** What a fact does for an ad. The same roles as the evaluation corpus's gold annotations. */
export const FACT_ROLES = [
  'pain',
  'benefit',
  'feature',
  'proof',
  'differentiator',
  'objection',
  'offer',
  'price',
  'guarantee',
  'competitor',
  'audience_insight',
] as const;
export type FactRole = (typeof FACT_ROLES)[number];

/** `[start, end)` in UTF-16 code units of the research summary, as `String.prototype.slice` takes. */
export const spanSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

export const briefFactSchema = z.strictObject({
  /** Stable within a brief: `f1`, `f2`, … (a correction keeps the ids of the facts it keeps). */
  id: z.string().regex(/^f[1-9]\d*$/, 'must look like f1, f2, …'),
  role: z.enum(FACT_ROLES),
  /** One claim, as short as it can be while usable on its own; the brief's words. */
  text: z.string().trim().min(1).max(300),
  /** Where the text stands in the research summary; null for a fact a caller added. */
  span: spanSchema.nullable(),
  /** Every figure of the text, as the brief writes it ("4.9/5", "312", "48 hours", "AUD 189"). */
  numbers: z.array(z.string().min(1).max(40)).max(20),
});
export type BriefFact = z.infer<typeof briefFactSchema>;

export const briefFieldsSchema = z.strictObject({
  /** ISO 639-1 code of the brief's language (en, es, de, fr for the offline engine). */
  language: z.string().min(2).max(3),
  business_name: z.string().trim().min(1).max(120),
  /** `vertical > sub-vertical`, in English, from the documented taxonomy (docs/taxonomy.md). */
  category: z.string().trim().min(1).max(120),
  /** What a picture of this business shows, in English: a concrete scene, never text. */
  subject: z.string().trim().min(1).max(200),
  /** What is sold, in the brief's words ("" when it names none). */
  product: z.string().trim().max(200),
  /** Who it is for, in the brief's words ("" when it names none). */
  audience: z.string().trim().max(300),
  /** Where, in the brief's words ("" when it names none). */
  location: z.string().trim().max(200),
  /** The brief's tone line, if any: guidance, never copy. */
  tone: z.string().trim().max(300),
  /** Things the brief says an ad must mention (mandatories): guidance, never copied as a label. */
  mandatories: z.array(z.string().trim().min(1).max(300)).max(20),
  /** Words and claims the brief forbids (legal notes, "don't say X"): the copy policy bans them. */
  avoid: z.array(z.string().trim().min(1).max(120)).max(40),
  facts: z.array(briefFactSchema).max(80),
});
export type BriefFields = z.infer<typeof briefFieldsSchema>;

/** Who wrote this version of the brief. */
export const BRIEF_SOURCES = ['extracted', 'model', 'caller', 'corrected'] as const;
export type BriefSource = (typeof BRIEF_SOURCES)[number];

export type Brief = BriefFields & {
  id: string;
  client_id: string;
  /** 1 for the first analysis; each `update_brief` stores the next version. */
  version: number;
  source: BriefSource;
  /** The text the facts' spans point into. */
  research_summary: string;
  created_at: string;
};
