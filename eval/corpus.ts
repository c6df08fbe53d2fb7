import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BriefFact, FactRole } from '#core/brief/schema.ts';
import type { BriefForPlanning } from '#core/text/types.ts';

/** One brief of the shared evaluation corpus (see its README). */
export type CorpusBrief = {
  id: string;
  number: number;
  language: string;
  client_name: string;
  format: string;
  research_summary: string;
  campaign: { offer_text: string; cta_text: string };
  gold: {
    category: string;
    subject: string;
    product: string;
    audience: string;
    location: string;
    facts: { role: FactRole; text: string }[];
    numbers: string[];
    must_not_say: string[];
  };
  good_hooks: string[];
  bad_hooks: string[];
};

/** The corpus lies beside the clone (CI lays shared/ there): `../shared/briefs`. */
export const CORPUS_DIR = process.env.BRIEF_CORPUS_DIR ?? join(process.cwd(), '..', 'shared', 'briefs');

export function loadCorpus(dir = CORPUS_DIR): CorpusBrief[] {
  return readdirSync(dir)
    .filter((f) => /^\d\d-.*\.json$/.test(f))
    .sort()
    .map((f) => ({ ...JSON.parse(readFileSync(join(dir, f), 'utf8')), number: Number(f.slice(0, 2)) }));
}

/** Odd briefs are developed against; even ones are the held-out half. */
export const halfOf = (b: CorpusBrief) => (b.number % 2 === 1 ? 'odd' : 'even');

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
