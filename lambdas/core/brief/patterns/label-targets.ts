import type { FactRole } from '../schema.ts';

/**
 * Section labels agencies put in briefs ("Proof points:", "Pains:", "Zielgruppe:") are role
 * markers: a label decides what the text after it is, and it is never copied into a fact. The
 * lexicons (labels-en/es/de/fr.ts) are written from how briefs, creative briefs and intake forms
 * are usually laid out, not from any one brief. Keys are lower case, without the colon.
 */
export type LabelTarget =
  | {
      field:
        | 'business'
        | 'product'
        | 'audience'
        | 'location'
        | 'tone'
        | 'mandatories'
        | 'avoid'
        | 'skip'
        | 'aside'
        | 'claims';
    }
  | { role: FactRole; list?: boolean };

export const business = { field: 'business' } as const;
export const product = { field: 'product' } as const;
export const audience = { field: 'audience' } as const;
export const location = { field: 'location' } as const;
export const tone = { field: 'tone' } as const;
export const mandatories = { field: 'mandatories' } as const;
export const avoid = { field: 'avoid' } as const;
export const skip = { field: 'skip' } as const;
/** The writer's context or aside ("Quick context:", "Aside:"): the whole line is a note, not facts. */
export const aside = { field: 'aside' } as const;
/** A section of claims that says nothing of their roles ("Key messages:", "Claims we can make"): each is read as unlabelled. */
export const claims = { field: 'claims' } as const;
export const role = (r: FactRole, list = false): LabelTarget => ({ role: r, list });
