/**
 * The shape of the extraction's pattern data (ADR 0033). Every pattern carries the examples that
 * are its unit test (test/unit/brief-patterns.test.ts iterates them): `match` is what the pattern
 * must find in `text` (the first match, whole), or null when it must find nothing.
 */
export type PatternExample = { text: string; match: string | null };

export type Pattern = {
  id: string;
  /** Without the `g` flag; the code adds it where it scans. */
  re: RegExp;
  examples: readonly PatternExample[];
};

export type Language = 'en' | 'es' | 'de' | 'fr';
export const PATTERN_LANGUAGES: readonly Language[] = ['en', 'es', 'de', 'fr'];

/** The pattern set a brief is read with: its own language's, English for any other. */
export function patternLanguage(code: string): Language {
  return (PATTERN_LANGUAGES as readonly string[]).includes(code) ? (code as Language) : 'en';
}
