import type { LibraryPicture } from '#core/creative/pictures/library.ts';
import { lemmaOf, relatedTerms } from '#core/creative/pictures/wordnet.ts';
import { loadNlp } from '#core/text/nlp.ts';

/**
 * The project's relevance check (ADR 0037): a picture is relevant to a brief when one of its
 * CLDR name words or emojilib keywords is, in WordNet, a noun (or two-word compound such as
 * "hearing aid") of the brief's subject or of its sub-vertical, a synonym of one, or at most one
 * step broader
 * ("puppy" → "dog" → "canine"). The words come from the gold annotations, not from what
 * the chooser read, but the vocabulary (WordNet) is the same: the check says the picture is
 * about the right thing, a reader still judges whether it is a good picture of it.
 */
export async function relevanceSet(gold: { subject: string; category: string }): Promise<Set<string>> {
  const nlp = await loadNlp();
  const nouns = (text: string) => {
    const words: string[] = nlp(text.replace(/\([^)]*\)/g, ' '))
      .match('#Noun')
      .not('(#Pronoun|#Place|#Person)')
      .out('array')
      .flatMap((t: string) => t.toLowerCase().split(/[^a-z-]+/))
      .filter((w: string) => w.length >= 3);
    const pairs = words
      .slice(1)
      .map((w, i) => `${words[i]} ${w}`)
      .filter((p) => lemmaOf(p));
    return [...pairs, ...words];
  };
  const [, sub = ''] = gold.category.split('>').map((s) => s.trim());
  const wanted = new Set<string>();
  for (const w of [...nouns(gold.subject), ...nouns(sub)])
    for (const [related] of relatedTerms(w, { senses: 2, levels: 1 })) wanted.add(related);
  return wanted;
}

export function relevant(picture: LibraryPicture, wanted: Set<string>): boolean {
  const words = [...picture.nameWords, picture.nameWords.join(' '), ...picture.keywords];
  return words.some((w) => wanted.has(w) || wanted.has(lemmaOf(w) ?? ''));
}
