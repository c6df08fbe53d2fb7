import { relatedTerms } from '#core/lexicon/wordnet.ts';

/**
 * What the picture shows, from the stored brief (ADR 0037): its `subject` ("a roofer replacing
 * slate tiles on a Victorian terraced house") is the scene, written by the brief's reader for a
 * camera, never re-guessed from the copy. Without a brief the prompt names no business at all:
 * a product still life when there is a product, else a calm brand-colour backdrop.
 */
export type Subject = {
  /** The scene to paint, e.g. "a baker pulling sourdough loaves from an oven". */
  subject: string;
  /** The surface the product stands on when the campaign has one. */
  productStage: string;
  /** Whether people are in the scene (hands and faces then go on the negative prompt). */
  people: boolean;
};

export type PictureBrief = { subject: string; category: string };

/** A noun of the subject is a person when WordNet files it under "person" (roofer, nanny, vet). */
function namesAPerson(text: string): boolean {
  const nouns = text.toLowerCase().match(/[a-z]{3,}/g) ?? [];
  return nouns.slice(0, 8).some((w) => relatedTerms(w, { senses: 1, levels: 8 }).has('person'));
}

/** Words that make a diffusion model paint lettering: the subject keeps none of them. */
function withoutTextTriggers(text: string): string {
  return text
    .replace(/\S*\d\S*/g, '')
    .replace(/\b(text|words?|sign(age)?|label(led|s)?|logo|caption|slogan|headline|handwritten card)\b/gi, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

export function subjectFromBrief(brief: PictureBrief | undefined, hasProduct: boolean): Subject {
  if (brief?.subject.trim()) {
    const subject = withoutTextTriggers(brief.subject);
    return {
      subject,
      productStage: 'a clear stretch of surface in the scene',
      people: namesAPerson(subject),
    };
  }
  return {
    subject: hasProduct
      ? 'a refined product still life with soft shadows in a bright studio'
      : 'a calm backdrop of soft light and gentle texture',
    productStage: 'an empty plinth',
    people: false,
  };
}
