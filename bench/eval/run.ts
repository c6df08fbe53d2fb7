import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extractBrief } from '#core/brief/extract.ts';
import type { BriefFields } from '#core/brief/schema.ts';
import { loadNlp } from '#core/text/nlp.ts';
import { type CorpusBrief, type Half, halfOf, loadCorpus } from './corpus.ts';
import type { EvalContext, EvalSection, Gate, SectionResult } from './types.ts';

const SECTIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'sections');

export type EvalOptions = { halves: readonly Half[]; only?: string; verbose?: boolean };
export type MissedGate = Gate & { half: Half; section: string };
export type HalfReport = {
  half: Half;
  briefs: number;
  sections: Array<{ title: string; result: SectionResult }>;
};

/**
 * Every section of bench/eval/sections on each half of the corpus: what `npm run eval:briefs`
 * prints and what test/unit/eval-briefs-gates.test.ts holds CI to. `missed` lists every gate
 * missed, with its half and section.
 */
export async function runEval(
  options: EvalOptions,
): Promise<{ reports: HalfReport[]; missed: MissedGate[] }> {
  const corpus = loadCorpus();
  const sections = await loadSections(options.only);
  const reports: HalfReport[] = [];
  const missed: MissedGate[] = [];
  for (const half of options.halves) {
    const briefs = corpus.filter((b) => halfOf(b) === half);
    const ctx = contextFor(half, briefs, options.verbose ?? false);
    const report: HalfReport = { half, briefs: briefs.length, sections: [] };
    for (const section of sections) {
      const result = await section.run(ctx);
      report.sections.push({ title: section.title, result });
      for (const g of result.gates) if (!g.ok) missed.push({ ...g, half, section: section.title });
    }
    reports.push(report);
  }
  return { reports, missed };
}

async function loadSections(only: string | undefined): Promise<EvalSection[]> {
  const files = readdirSync(SECTIONS_DIR)
    .filter((f) => /^\d\d-.+\.ts$/.test(f) && (!only || f.includes(only)))
    .sort();
  return Promise.all(
    files.map(
      async (file) =>
        ((await import(pathToFileURL(join(SECTIONS_DIR, file)).href)) as { section: EvalSection }).section,
    ),
  );
}

function contextFor(half: Half, briefs: CorpusBrief[], verbose: boolean): EvalContext {
  const extracted = new Map<string, Promise<BriefFields>>();
  const memos = new Map<string, Promise<unknown>>();
  return {
    half,
    briefs,
    verbose,
    nlp: loadNlp,
    extracted(brief) {
      let found = extracted.get(brief.id);
      if (!found) {
        found = extractBrief({
          researchSummary: brief.research_summary,
          language: brief.language,
          clientName: brief.client_name,
        });
        extracted.set(brief.id, found);
      }
      return found;
    },
    memo<T>(key: string, brief: CorpusBrief, compute: () => Promise<T>): Promise<T> {
      const k = `${key}\u0000${brief.id}`;
      let found = memos.get(k) as Promise<T> | undefined;
      if (!found) {
        found = compute();
        memos.set(k, found);
      }
      return found;
    },
  };
}
