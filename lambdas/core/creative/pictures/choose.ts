import { loadNlp, type Nlp } from '../../text/nlp.ts';
import { type LibraryPicture, pictureLibrary } from './library.ts';
import { lemmaOf, relatedTerms } from './wordnet.ts';

/**
 * Which library picture shows this business, from its brief's `subject` and `category` (ADR
 * 0037), or none. Each word of the subject and of the category's sub-vertical and vertical is
 * widened through WordNet (synonyms, then broader terms, each step worth less); a picture scores
 * by its CLDR name words (full weight) and emojilib keywords (0.6). The best score must reach
 * {@link MIN_SCORE}: below that, nothing relevant is in the library, and the creative shows no
 * picture rather than a wrong one.
 */

export const MIN_SCORE = 0.6;

export type Term = { word: string; weight: number };

/** Words that show anyone at all: a picture of "a woman" says little about a business. */
const ANYONE = new Set([
  'man',
  'woman',
  'person',
  'people',
  'child',
  'children',
  'couple',
  'family',
  'kid',
  'kids',
  'boy',
  'girl',
]);

/** Nouns of a text (compromise), singular, lower case; two-word compounds WordNet knows come first. */
function nounsOf(nlp: Nlp, text: string): string[] {
  const doc = nlp(text.replace(/\([^)]*\)/g, ' ').replace(/[>&]/g, ','));
  const nouns = doc
    .match('#Noun')
    .not('(#Pronoun|#Possessive|#Value|#Place|#Person|#Organization)')
    .json()
    .flatMap((m: { terms: Array<{ normal: string }> }) => m.terms.map((t) => t.normal))
    .map((w: string) => w.replace(/[^a-z-]/g, ''))
    .filter((w: string) => w.length >= 3);
  const out: string[] = [];
  for (let i = 0; i + 1 < nouns.length; i++) {
    const pair = `${nouns[i]} ${nouns[i + 1]}`;
    if (text.toLowerCase().includes(pair) && lemmaOf(pair)) out.push(pair);
  }
  return [...out, ...nouns];
}

/** The brief's words that can name a picture, most telling first: subject, sub-vertical, vertical. */
export async function termsOf(picture: { subject: string; category: string }): Promise<Term[]> {
  const nlp = await loadNlp();
  const [vertical = '', sub = ''] = picture.category.split('>').map((s) => s.trim());
  const out = new Map<string, number>();
  const add = (w: string, weight: number) => out.set(w, Math.max(out.get(w) ?? 0, weight));
  // The subject's first noun is who or what the picture is of; later ones are the setting.
  nounsOf(nlp, picture.subject).forEach((w, i) => {
    add(w, (i < 2 ? 1 : 0.8) * (ANYONE.has(w) ? 0.6 : 1));
  });
  // In a sub-vertical ("bakery chain", "pest control") the first noun says what the trade is.
  nounsOf(nlp, sub).forEach((w, i) => {
    add(w, i === 0 ? 0.95 : 0.6);
  });
  for (const w of nounsOf(nlp, vertical)) add(w, 0.6);
  return [...out].map(([word, weight]) => ({ word, weight }));
}

export type Chosen = { picture: LibraryPicture; score: number; because: string };

/** Expanded terms, each word's closeness times the brief term's weight. */
function expand(terms: readonly Term[]): Map<string, { weight: number; from: string }> {
  const out = new Map<string, { weight: number; from: string }>();
  for (const t of terms) {
    const forms = [t.word, lemmaOf(t.word)].filter((w): w is string => Boolean(w));
    for (const form of new Set(forms)) {
      const related = relatedTerms(form);
      if (related.size === 0) related.set(form, 1);
      for (const [w, closeness] of related) {
        const weight = closeness * t.weight;
        if ((out.get(w)?.weight ?? 0) < weight) out.set(w, { weight, from: t.word });
      }
    }
  }
  return out;
}

export function scorePicture(
  picture: LibraryPicture,
  expanded: Map<string, { weight: number; from: string }>,
): { score: number; because: string } {
  // The best match per brief term; a second term that agrees adds a third of its weight.
  const perTerm = new Map<string, { weight: number; word: string }>();
  const consider = (word: string, factor: number) => {
    const hit = expanded.get(word);
    if (!hit) return;
    const weight = hit.weight * factor;
    if ((perTerm.get(hit.from)?.weight ?? 0) < weight) perTerm.set(hit.from, { weight, word });
  };
  // The last word of a name is what the picture is ("first place medal" is a medal).
  consider(picture.nameWords.join(' '), 1);
  picture.nameWords.forEach((w, i) => {
    consider(w, i === picture.nameWords.length - 1 ? 1 : 0.75);
  });
  for (const k of picture.keywords) consider(k, 0.6);
  const ranked = [...perTerm].sort((a, b) => b[1].weight - a[1].weight);
  const [first, second] = ranked;
  if (!first) return { score: 0, because: '' };
  return {
    score: first[1].weight + (second ? second[1].weight / 3 : 0),
    because: ranked
      .slice(0, 2)
      .map(([from, hit]) => `${from} → ${hit.word}`)
      .join(', '),
  };
}

/** The best picture for the brief, or undefined when none reaches {@link MIN_SCORE}. */
export async function choosePicture(brief: {
  subject: string;
  category: string;
}): Promise<Chosen | undefined> {
  const expanded = expand(await termsOf(brief));
  let best: Chosen | undefined;
  for (const picture of pictureLibrary()) {
    const { score, because } = scorePicture(picture, expanded);
    // Ties go to the picture whose own name is shortest: "house" before "house with garden".
    if (
      score > (best?.score ?? 0) ||
      (best && score === best.score && picture.nameWords.length < best.picture.nameWords.length)
    )
      best = { picture, score, because };
  }
  return best && best.score >= MIN_SCORE ? best : undefined;
}
