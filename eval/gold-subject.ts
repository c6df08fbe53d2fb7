import { relatedTerms } from '#core/lexicon/wordnet.ts';
import { type Nlp, parseSubject } from '#core/text/nlp.ts';

/**
 * The head nouns of a gold subject ("a compact wireless keyboard on a desk" → keyboard): the last
 * noun of its first noun phrase, and of an "of" complement ("a pint of IPA" → pint, ipa). A verb
 * the tagger joined to the phrase ("a young couple holding", "an older man laughing") is not its
 * head. One definition for every eval that judges a subject against the gold (ADR 0033, 0063).
 */
export function goldHeads(nlp: Nlp, subject: string): string[] {
  // Parsed as the chooser parses a subject ("volunteers in red jackets" is no clause).
  // The whole subject's terms, not the tagger's first noun phrase: that phrase ends before an "of"
  // complement with adjectives ("a pint | of hazy golden IPA"), and the complement is a head too.
  const terms: Array<{ normal: string; tags: string[] }> = parseSubject(nlp, subject)
    .json()
    .flatMap((m: { terms: Array<{ normal: string; tags: string[] }> }) => m.terms);
  const heads: string[] = [];
  let head = '';
  for (const t of terms) {
    const is = (tag: string) => t.tags.includes(tag);
    // A word in -ing after the head is a verb the tagger joined to the phrase ("holding").
    const verb = is('Verb') || is('Gerund') || (head !== '' && t.normal.endsWith('ing'));
    if (is('Noun') && !verb && !is('Pronoun') && !is('Possessive') && !is('Value')) head = t.normal;
    // The phrase ends at that verb, "and", or a preposition; after "of" its complement is
    // named too ("a pint of IPA").
    else if (head && (verb || is('Conjunction') || is('Preposition'))) {
      heads.push(head);
      head = '';
      if (t.normal !== 'of') break;
    }
  }
  if (head) heads.push(head);
  return heads.map((h) => h.replace(/[^a-z-]/g, '')).filter(Boolean);
}

/** The heads and their WordNet synonyms (first two senses): the words that name the gold subject. */
export function goldNames(nlp: Nlp, subject: string): Set<string> {
  return new Set(
    goldHeads(nlp, subject).flatMap((h) => [h, ...relatedTerms(h, { senses: 2, levels: 0 }).keys()]),
  );
}

/** Whether a text names one of `names` at a word start (a plural or a compound's first part too). */
export function namesOneOf(text: string, names: ReadonlySet<string>, how: { whole?: boolean } = {}): boolean {
  const lower = text.toLowerCase();
  // Whole: the word itself or its plural, so "man" is not found in "Mandatory".
  const end = how.whole ? '(?:e?s)?\\b' : '';
  return [...names].some(
    (s) => s && new RegExp(`\\b${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${end}`, 'u').test(lower),
  );
}
