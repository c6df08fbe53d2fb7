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
  /**
   * The offline library picture that stands for the trade (`house-with-garden`, or
   * `tabler:steering-wheel` for a line icon) when the brief's subject names nothing the library
   * shows better: a trade's emblem an art director would pick (scales for a law firm), chosen by
   * a reader from the taxonomy's contact sheet, not matched from words.
   */
  picture?: string;
};

export type Vertical = { name: string; subs: readonly SubVertical[] };

/** Terse constructor for the data files: name, subject, the cue lists en, es, de, fr, then the trade's picture. */
export const sub = (
  name: string,
  subject: string,
  en: string,
  es: string,
  de: string,
  fr: string,
  picture?: string,
): SubVertical => ({
  name,
  subject,
  cues: { en, es, de, fr },
  ...(picture ? { picture } : {}),
});
