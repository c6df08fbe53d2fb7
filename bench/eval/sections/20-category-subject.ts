import { goldHeads, goldNames, namesOneOf } from '../../../eval/gold-subject.ts';
import { type EvalSection, pct } from '../types.ts';

/**
 * Category and subject against the gold ones (information, not gates: the taxonomy is ours, the
 * gold's vertical names are its author's). Vertical: the same words once "&" reads "and".
 * Sub-vertical: the same name without its bracket, or the same head word (last word, singular).
 * Subject: the head noun of the gold subject's first noun phrase (eval/gold-subject.ts: not a
 * verb the tagger joined to it, "a couple holding"), its singular, plural or a WordNet synonym,
 * is in ours, as the production prompts are judged (section 60).
 */
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/\([^)]*\)/g, '')
    .replace(/&/g, 'and')
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const singular = (w: string) => w.replace(/(?<=[^s])s$/u, '');
const head = (s: string) => singular(norm(s).split(' ').at(-1) ?? '');

export const section: EvalSection = {
  title: 'Category and subject',
  async run(ctx) {
    const nlp = await ctx.nlp();
    let vertical = 0;
    let sub = 0;
    let subject = 0;
    const details: string[] = [];
    for (const brief of ctx.briefs) {
      const fields = await ctx.extracted(brief);
      const [goldVertical = '', goldSub = ''] = brief.gold.category.split(' > ');
      const [ourVertical = '', ourSub = ''] = fields.category.split(' > ');
      const v = norm(goldVertical) === norm(ourVertical);
      const s = norm(goldSub) === norm(ourSub) || head(goldSub) === head(ourSub);
      const noun = goldHeads(nlp, brief.gold.subject).join('/');
      const subj = noun.length > 0 && namesOneOf(fields.subject, goldNames(nlp, brief.gold.subject));
      vertical += v ? 1 : 0;
      sub += s ? 1 : 0;
      subject += subj ? 1 : 0;
      if (!v || !s || !subj) {
        details.push(
          `${brief.file}: ours "${fields.category}" / gold "${brief.gold.category}"; subject head "${noun}" ${subj ? 'found' : 'missing'} in "${fields.subject}"`,
        );
      }
    }
    const n = ctx.briefs.length || 1;
    return {
      rows: [
        ['vertical agreement', pct(vertical / n)],
        ['sub-vertical agreement', pct(sub / n)],
        ['subject names the gold head noun', pct(subject / n)],
      ],
      gates: [],
      details,
    };
  },
};
