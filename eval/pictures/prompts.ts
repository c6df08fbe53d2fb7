import { loadNlp } from '#core/text/nlp.ts';
import { visualPrompt } from '#generate/prompts/index.ts';
import type { Orientation } from '#generate/prompts/scene.ts';
import { goldHeads, goldNames, namesOneOf } from '../gold-subject.ts';
import { slotCopy } from './compose-corpus.ts';
import type { PictureBrief } from './corpus.ts';

const ORIENTATIONS: Orientation[] = ['square', 'portrait', 'landscape'];
const TEXT_TRIGGERS = /["'“”‘’«»]|\d|#[0-9a-f]{3,8}\b/i;

export type PromptCheck = {
  brief: PictureBrief;
  prompts: number;
  /** Prompts naming the gold subject's head noun or a WordNet synonym of it. */
  namesSubject: number;
  /** Prompts with a quote, a digit or a hex colour. */
  textTriggers: number;
  /** Prompts carrying a content word of the angle's visual style. */
  reflectsStyle: number;
  head: string;
  /**
   * Whether the brief itself names the gold head or a synonym (in any language's text, the
   * English word as written). A prompt is written from what the brief says; a gold subject may
   * show what its annotator pictured (a "pint" for a brief that says "IPA"), which no reading
   * of the brief can name.
   */
  briefNames: boolean;
  sample: string;
};

/**
 * The production prompts of a brief's first angle in every orientation, written as the worker
 * writes them (from the extracted brief's subject and category), checked against the gold subject.
 */
export async function checkPrompts(brief: PictureBrief): Promise<PromptCheck> {
  const nlp = await loadNlp();
  // The head of the gold subject's first noun phrase ("a compact mechanical keyboard" → keyboard)
  // and of an "of" complement ("a pint of IPA"); their WordNet synonyms count too.
  const head = goldHeads(nlp, brief.gold.subject).join('/');
  const synonyms = goldNames(nlp, brief.gold.subject);
  const { brand, angle, stored } = await slotCopy(brief, 0);
  // The style's own words: a word the subject also says would be found in any prompt of it.
  const subjectWords = new Set(stored.subject.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  const styleWords = (angle?.visual_style.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter(
    (w) => !['with', 'from', 'photo', 'image', 'style'].includes(w) && !subjectWords.has(w),
  );
  const out: PromptCheck = {
    brief,
    prompts: 0,
    namesSubject: 0,
    textTriggers: 0,
    reflectsStyle: 0,
    head,
    briefNames: namesOneOf(brief.research_summary, synonyms, { whole: true }),
    sample: '',
  };
  for (const orientation of ORIENTATIONS) {
    const { prompt } = visualPrompt('stability', {
      angle,
      // The worker writes the prompt from the stored (extracted) brief; it is judged on the gold subject.
      brief: stored,
      brand: { colors: brand.colors, tone_of_voice: brand.tone_of_voice },
      hasProduct: false,
      orientation,
      names: [brief.client_name],
    });
    const lower = prompt.toLowerCase();
    out.prompts++;
    if (namesOneOf(prompt, synonyms)) out.namesSubject++;
    if (TEXT_TRIGGERS.test(prompt)) out.textTriggers++;
    if (styleWords.length === 0 || styleWords.some((w) => lower.includes(w))) out.reflectsStyle++;
    out.sample ||= prompt;
  }
  return out;
}
