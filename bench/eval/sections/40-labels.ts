import { leadingLabel } from '#core/brief/label-lookup.ts';
import { ABBREVIATIONS } from '#core/brief/patterns/abbreviations.ts';
import { patternLanguage } from '#core/brief/patterns/types.ts';
import { type EvalSection, gate } from '../types.ts';

/** Section labels of the brief ("Proof points:", "Zielgruppe:") printed inside a fact's text: must be 0. */
export const section: EvalSection = {
  title: 'Labels',
  async run(ctx) {
    let leaked = 0;
    const details: string[] = [];
    for (const brief of ctx.briefs) {
      const fields = await ctx.extracted(brief);
      const language = patternLanguage(brief.language);
      for (const fact of fields.facts) {
        // A label opens the fact, or one of its sentences. A stop after an abbreviation the
        // segmenter knows ("Avg. time to offer: 18 days") ends no sentence, so starts none.
        const starts = [
          0,
          ...[...fact.text.matchAll(/[.;!?]\s+/gu)]
            .filter((m) => !endsWithAbbreviation(fact.text.slice(0, (m.index ?? 0) + 1)))
            .map((m) => (m.index ?? 0) + m[0].length),
        ];
        if (starts.some((at) => leadingLabel(fact.text.slice(at), language))) {
          leaked++;
          details.push(`${brief.file}: "${fact.text}"`);
        }
      }
    }
    return {
      rows: [['facts that print a label', String(leaked)]],
      gates: [gate('labels in facts', leaked, leaked === 0, '= 0')],
      details,
    };
  },
};

function endsWithAbbreviation(text: string): boolean {
  const last = text.toLowerCase().split(/\s+/).at(-1) ?? '';
  return ABBREVIATIONS.includes(last);
}
