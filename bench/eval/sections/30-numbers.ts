import { type EvalSection, gate } from '../types.ts';

/**
 * Figures of the extracted facts. Untraced: a figure that is not in the brief as written.
 * Misread: a figure that stops short of the gold number written at the same place, so a rating
 * lost its scale ("4.7" of "4.7/5") or a duration its unit. Both must be 0.
 */
export const section: EvalSection = {
  title: 'Numbers',
  async run(ctx) {
    let figures = 0;
    let untraced = 0;
    let misread = 0;
    let covered = 0;
    let goldNumbers = 0;
    const details: string[] = [];
    for (const brief of ctx.briefs) {
      const fields = await ctx.extracted(brief);
      const summary = brief.research_summary;
      const ours = new Set<string>();
      for (const fact of fields.facts) {
        let from = 0;
        for (const figure of fact.numbers) {
          figures++;
          ours.add(figure);
          if (!summary.includes(figure)) {
            untraced++;
            details.push(`${brief.file}: untraced "${figure}" in "${fact.text}"`);
            continue;
          }
          const at = fact.text.indexOf(figure, from);
          from = at >= 0 ? at + figure.length : from;
          const rest = at >= 0 ? fact.text.slice(at) : '';
          const longer = brief.gold.numbers.find(
            (g) => g.length > figure.length && g.startsWith(figure) && rest.startsWith(g),
          );
          if (longer) {
            misread++;
            details.push(`${brief.file}: "${figure}" where the brief writes "${longer}"`);
          }
        }
      }
      for (const g of brief.gold.numbers) {
        goldNumbers++;
        if (ours.has(g)) covered++;
      }
    }
    return {
      rows: [
        ['figures in extracted facts', String(figures)],
        ['untraced figures', String(untraced)],
        ['misread figures (scale or unit lost)', String(misread)],
        ['gold numbers carried by some fact', `${covered} / ${goldNumbers}`],
      ],
      gates: [
        gate('untraced figures', untraced, untraced === 0, '= 0'),
        gate('misread figures', misread, misread === 0, '= 0'),
      ],
      details,
    };
  },
};
