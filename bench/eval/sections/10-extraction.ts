import { countMatches, type Span, spanOf } from '../match.ts';
import { type EvalSection, gate, pct } from '../types.ts';

/** Fact extraction against the gold facts: lenient precision and recall (the gates), strict pairs beside. */
export const RECALL_GATE = 0.8;
export const PRECISION_GATE = 0.9;

export const section: EvalSection = {
  title: 'Fact extraction',
  async run(ctx) {
    let extracted = 0;
    let gold = 0;
    let precise = 0;
    let recalled = 0;
    let paired = 0;
    const details: string[] = [];
    for (const brief of ctx.briefs) {
      const fields = await ctx.extracted(brief);
      const ours = fields.facts.flatMap((f) => (f.span ? [f.span as Span] : []));
      const goldSpans = brief.gold.facts.flatMap((f) => {
        const span = spanOf(brief.research_summary, f.text);
        return span ? [span] : [];
      });
      const counts = countMatches(ours, goldSpans);
      extracted += counts.extracted;
      gold += counts.gold;
      precise += counts.precise;
      recalled += counts.recalled;
      paired += counts.paired;
      if (counts.precise < counts.extracted || counts.recalled < counts.gold) {
        details.push(
          `${brief.file}: precision ${counts.precise}/${counts.extracted}, recall ${counts.recalled}/${counts.gold}`,
        );
        for (const f of fields.facts) {
          if (f.span && !goldSpans.some((g) => countMatches([f.span as Span], [g]).precise)) {
            details.push(`  not gold: ${f.text}`);
          }
        }
        for (const g of brief.gold.facts) {
          const span = spanOf(brief.research_summary, g.text);
          if (span && !countMatches(ours, [span]).recalled) details.push(`  missed:   ${g.text}`);
        }
      }
    }
    const precision = extracted ? precise / extracted : 0;
    const recall = gold ? recalled / gold : 0;
    return {
      rows: [
        ['facts extracted / gold', `${extracted} / ${gold}`],
        ['precision (overlap ≥ 50 % of the shorter span)', pct(precision)],
        ['recall', pct(recall)],
        [
          'strict one-to-one pairs: precision / recall',
          `${pct(extracted ? paired / extracted : 0)} / ${pct(gold ? paired / gold : 0)}`,
        ],
      ],
      gates: [
        gate('fact recall', recall, recall >= RECALL_GATE, `≥ ${RECALL_GATE}`),
        gate('fact precision', precision, precision >= PRECISION_GATE, `≥ ${PRECISION_GATE}`),
      ],
      details,
    };
  },
};
