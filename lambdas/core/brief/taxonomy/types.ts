/**
 * One sub-vertical of the taxonomy (docs/taxonomy.md): cue terms per language ("|"-separated;
 * a term matches the word with a plural ending, so "roofer" also finds "roofers" but
 * "chiropract" finds nothing: see taxonomy.ts cueOccurs), and the English
 * picture subject: a concrete scene of who or what is shown doing what.
 */
export type SubVertical = {
  name: string;
  subject: string;
  cues: { en: string; es: string; de: string; fr: string };
};

export type Vertical = { name: string; subs: readonly SubVertical[] };

/** Terse constructor for the data files: name, subject, then the cue lists en, es, de, fr. */
export const sub = (
  name: string,
  subject: string,
  en: string,
  es: string,
  de: string,
  fr: string,
): SubVertical => ({
  name,
  subject,
  cues: { en, es, de, fr },
});
