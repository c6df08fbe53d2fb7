import { SPACED_DASH } from './patterns/layout.ts';
import { OWN_VOICE } from './patterns/replies.ts';
import { ROLE_CUES } from './patterns/role-cues.ts';
import type { FactRole } from './schema.ts';

// What a fact is for, read from its words (the cue catalogue), when no label says it.

/** A worry in the reader's own words: a quotation before its dash keeps its reply (the reader's voice, then ours). */
export function quotedWorry(text: string): boolean {
  const dash = SPACED_DASH.re.exec(text);
  // A straight single quote opens a quotation only before a word, never inside one ("it's").
  return /["“«„‘]|(?:^|\s)'/u.test(dash ? text.slice(0, dash.index) : text);
}

/** A role that states a worry the reader has: a pain or an objection. */
export const isWorry = (role: string): boolean => role === 'pain' || role === 'objection';

/** The role the first matching cue gives, if any (ROLE_CUES, most specific first). */
export function cueRole(text: string): FactRole | undefined {
  return ROLE_CUES.find((cue) => cue.re.test(text))?.role;
}

/** Roles a claim's own words say surely: a rating, a guarantee, a price, an offer. */
const SURE_ROLES: ReadonlySet<FactRole> = new Set(['proof', 'guarantee', 'price', 'offer']);

/**
 * The role of a claim under a label: the label's, except that a section of plain features ("Key
 * facts:", "Highlights:") holds ratings, guarantees and prices too, which their own words say,
 * and a worry's section holds the business's answer.
 */
export function labelledRole(label: FactRole, text: string): FactRole {
  // Under a worry's label, the business's own voice answers the worry ("Worry: waiting periods.
  // We have none on check-ups.").
  if (isWorry(label) && OWN_VOICE.re.test(text)) return roleOf(text);
  const cued = label === 'feature' ? cueRole(text) : undefined;
  return cued && SURE_ROLES.has(cued) ? cued : label;
}

/** A fact's role: its cue's, else a feature. */
export function roleOf(text: string): FactRole {
  return cueRole(text) ?? 'feature';
}
