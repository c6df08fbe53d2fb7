import { isPerson } from '../../brief/noun-phrases.ts';
import { lemmaOf, offsetsOf, relatedTerms } from '../../lexicon/wordnet.ts';

/**
 * Where a picture subject's head phrase ends: its first verb form, preposition or "and" ("a jar
 * | of skincare cream", "a pizza maker | sliding …", "a keyboard | and mouse …").
 */
const HEAD_END =
  /^(?:\p{L}+ing|of|with|on|in|at|beside|from|for|behind|by|under|near|and|&|past|into|onto|through)$/u;
const ARTICLE = /^(?:a|an|the|two|three|some|one)$/u;

/** The head noun of an English picture subject ("jar" of "a jar of skincare cream beside …"). */
export function subjectHead(subject: string): string {
  const words = subject.toLowerCase().match(/[\p{L}'-]+/gu) ?? [];
  const phrase: string[] = [];
  for (const w of words) {
    if (phrase.length === 0 && ARTICLE.test(w)) continue;
    if (phrase.length > 0 && HEAD_END.test(w)) break;
    phrase.push(w);
  }
  return phrase.at(-1) ?? '';
}

/**
 * Whether the subject is a thing rather than people: its head is a noun WordNet knows that is
 * neither a person nor a group of people ("a jar of cream", "a glass of beer"; not "a roofer",
 * "a crowd", nor a word WordNet lacks). A thing gets no art direction about a team or people.
 */
export function showsAThing(subject: string): boolean {
  const head = subjectHead(subject);
  const lemma = lemmaOf(head) ?? head;
  if (!lemma || offsetsOf(lemma).length === 0) return false;
  return !isPerson(lemma) && !relatedTerms(lemma, { senses: 1, levels: 16 }).has('social group');
}
