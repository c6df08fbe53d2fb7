import * as z from 'zod';
import { FACT_ROLES } from '#core/brief/schema.ts';
import { plainText, trimmed } from './schemas.ts';

/** The parts of a brief a caller may write, for `generate_angles`'s `brief` and `update_brief`. */
const category = trimmed(3, 120).refine((c) => /^.+ > .+$/u.test(c), 'must read "vertical > sub-vertical"');

export const callerFactSchema = z.strictObject({
  role: z.enum(FACT_ROLES),
  text: trimmed(1, 300),
});

export const briefFieldInputs = {
  business_name: trimmed(1, 120).optional(),
  category: category.optional(),
  subject: trimmed(3, 200).optional(),
  product: z.string().trim().max(200).superRefine(plainText()).optional(),
  audience: z.string().trim().max(300).superRefine(plainText()).optional(),
  location: z.string().trim().max(200).superRefine(plainText()).optional(),
  tone: z.string().trim().max(300).superRefine(plainText()).optional(),
  mandatories: z.array(trimmed(1, 300)).max(20).optional(),
  avoid: z.array(trimmed(1, 120)).max(40).optional(),
};

/** A brief sent whole by the caller (generate_angles), instead of one read from a summary. */
export const callerBriefSchema = z.strictObject({
  ...briefFieldInputs,
  facts: z.array(callerFactSchema).min(1, 'must name at least one fact').max(80),
});

/** What `update_brief` changes; everything else is carried over from the version it corrects. */
export const briefCorrectionInputs = {
  ...briefFieldInputs,
  fix_facts: z
    .array(
      z.strictObject({
        id: z.string().regex(/^f[1-9]\d*$/, 'must look like f1, f2, …'),
        text: trimmed(1, 300).optional(),
        role: z.enum(FACT_ROLES).optional(),
      }),
    )
    .max(80)
    .optional(),
  add_facts: z.array(callerFactSchema).max(80).optional(),
  drop_facts: z
    .array(z.string().regex(/^f[1-9]\d*$/, 'must look like f1, f2, …'))
    .max(80)
    .optional(),
};
