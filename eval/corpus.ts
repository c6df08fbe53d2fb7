import type { BriefFact } from '#core/brief/schema.ts';
import type { BriefForPlanning } from '#core/text/types.ts';
import type { CorpusBrief } from '../bench/eval/corpus.ts';

export { type CorpusBrief, halfOf, loadCorpus } from '../bench/eval/corpus.ts';

/**
 * The brief a perfect extraction would store: the gold facts with their spans (found with
 * indexOf) and figures (the gold numbers each fact contains). Planning and realisation are
 * measured on it apart from extraction.
 */
export function goldBrief(b: CorpusBrief): BriefForPlanning {
  const facts: BriefFact[] = b.gold.facts.map((f, i) => {
    const at = b.research_summary.indexOf(f.text);
    return {
      id: `f${i + 1}`,
      role: f.role,
      text: f.text,
      span: at >= 0 ? [at, at + f.text.length] : null,
      numbers: b.gold.numbers.filter((n) => f.text.includes(n)),
    };
  });
  return {
    language: b.language,
    business_name: b.client_name,
    category: b.gold.category,
    subject: b.gold.subject,
    product: b.gold.product,
    audience: b.gold.audience,
    location: b.gold.location,
    tone: '',
    mandatories: [],
    avoid: [],
    facts,
    research_summary: b.research_summary,
  };
}
