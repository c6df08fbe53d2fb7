import { relatedTerms } from '#core/creative/pictures/wordnet.ts';
import { loadNlp } from '#core/text/nlp.ts';
import { visualPrompt } from '#generate/prompts/index.ts';
import type { Orientation } from '#generate/prompts/scene.ts';
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
  sample: string;
};

/** The production prompts of a brief's first angle in every orientation, checked against its gold. */
export async function checkPrompts(brief: PictureBrief): Promise<PromptCheck> {
  const nlp = await loadNlp();
  const head =
    (nlp(brief.gold.subject).match('#Noun').not('#Pronoun').out('array')[0] as string | undefined)
      ?.toLowerCase()
      .split(/\s+/)
      .at(-1) ?? '';
  const synonyms = new Set([head, ...[...relatedTerms(head, { senses: 2, levels: 0 }).keys()]]);
  const { brand, angle } = await slotCopy(brief, 0);
  const styleWords = (angle?.visual_style.toLowerCase().match(/[a-z]{4,}/g) ?? []).filter(
    (w) => !['with', 'from', 'photo', 'image', 'style'].includes(w),
  );
  const out: PromptCheck = {
    brief,
    prompts: 0,
    namesSubject: 0,
    textTriggers: 0,
    reflectsStyle: 0,
    head,
    sample: '',
  };
  for (const orientation of ORIENTATIONS) {
    const { prompt } = visualPrompt('stability', {
      angle,
      brief: { subject: brief.gold.subject, category: brief.gold.category },
      brand: { colors: brand.colors, tone_of_voice: brand.tone_of_voice },
      hasProduct: false,
      orientation,
      names: [brief.client_name],
    });
    const lower = prompt.toLowerCase();
    out.prompts++;
    if (
      [...synonyms].some((s) => s && new RegExp(`\\b${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`).test(lower))
    )
      out.namesSubject++;
    if (TEXT_TRIGGERS.test(prompt)) out.textTriggers++;
    if (styleWords.length === 0 || styleWords.some((w) => lower.includes(w))) out.reflectsStyle++;
    out.sample ||= prompt;
  }
  return out;
}
