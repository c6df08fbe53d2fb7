import type { PictureBrief } from '../../../eval/pictures/corpus.ts';
import { checkPrompts } from '../../../eval/pictures/prompts.ts';
import { type EvalSection, gate, pct } from '../types.ts';

/**
 * Production image prompts (issue 24): the Stability writer's prompt for each brief's first angle
 * in three orientations, written from the extracted brief as the worker writes it. Gates: every
 * prompt names the gold subject's head noun or a WordNet synonym, none carries a quote, digit or
 * hex colour, every one keeps a word of the angle's visual style.
 *
 * The offline pictures' relevance over the corpus × 4 ratios composes 160 creatives (about 35 s
 * on one core, longer than this whole script): it stays in `npx tsx scripts/eval-pictures.ts`.
 */
export const section: EvalSection = {
  title: 'production image prompts (Stability writer, extracted briefs)',
  async run(ctx) {
    let prompts = 0;
    let names = 0;
    let triggers = 0;
    let style = 0;
    let named = 0;
    let namedNames = 0;
    const details: string[] = [];
    for (const brief of ctx.briefs) {
      const c = await checkPrompts(brief as unknown as PictureBrief);
      prompts += c.prompts;
      names += c.namesSubject;
      triggers += c.textTriggers;
      style += c.reflectsStyle;
      if (c.briefNames) {
        named += c.prompts;
        namedNames += c.namesSubject;
      }
      if (c.namesSubject < c.prompts || c.textTriggers > 0 || c.reflectsStyle < c.prompts)
        details.push(
          `[${brief.id}] head noun "${c.head}"${c.briefNames ? '' : ' (the brief never names it)'}: ${c.sample}`,
        );
    }
    const share = (n: number) => n / Math.max(1, prompts);
    return {
      rows: [
        ['prompts', String(prompts)],
        ["name the gold subject's head noun or a synonym", `${names} (${pct(share(names))})`],
        [
          'of them, where the brief itself names the gold head or a synonym',
          `${namedNames} of ${named} (${pct(namedNames / Math.max(1, named))})`,
        ],
        ['quotes, digits or hex colours', String(triggers)],
        ["keep a word of the angle's visual style", `${style} (${pct(share(style))})`],
      ],
      gates: [
        gate('prompts naming the subject', share(names), names === prompts, '100 %'),
        gate('prompts with text triggers', triggers, triggers === 0, '0'),
        gate('prompts keeping the visual style', share(style), style === prompts, '100 %'),
      ],
      details,
    };
  },
};
