/**
 * `npm run eval:briefs`: how well the service reads briefs nobody here wrote, on the shared corpus
 * (../shared/briefs). Prints every metric section per half: odd (developed against) and even
 * (the held-out check; look at it rarely, never tune on it). Exits non-zero when a gate is missed
 * on either half.
 *
 *   npm run eval:briefs                 both halves
 *   npm run eval:briefs -- --half=odd   one half
 *   npm run eval:briefs -- --verbose    with what missed, per brief
 *   npm run eval:briefs -- --only=numbers   sections whose file name contains the word
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type CorpusBrief, type Half, halfOf, loadCorpus } from '../bench/eval/corpus.ts';
import type { EvalContext, EvalSection, Gate } from '../bench/eval/types.ts';
import { extractBrief } from '../lambdas/core/brief/extract.ts';
import type { BriefFields } from '../lambdas/core/brief/schema.ts';
import { loadNlp } from '../lambdas/core/text/nlp.ts';

const args = process.argv.slice(2);
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const halves: Half[] = arg('half') === 'odd' ? ['odd'] : arg('half') === 'even' ? ['even'] : ['odd', 'even'];
const only = arg('only');
const verbose = args.includes('--verbose');

const SECTIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'bench', 'eval', 'sections');

async function loadSections(): Promise<Array<{ file: string; section: EvalSection }>> {
  const files = readdirSync(SECTIONS_DIR)
    .filter((f) => /^\d\d-.+\.ts$/.test(f) && (!only || f.includes(only)))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const mod = (await import(pathToFileURL(join(SECTIONS_DIR, file)).href)) as { section: EvalSection };
      return { file, section: mod.section };
    }),
  );
}

function contextFor(half: Half, briefs: CorpusBrief[]): EvalContext {
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

const corpus = loadCorpus();
const sections = await loadSections();
const missed: Array<Gate & { half: Half; section: string }> = [];
for (const half of halves) {
  const briefs = corpus.filter((b) => halfOf(b) === half);
  const ctx = contextFor(half, briefs);
  console.log(`\n## ${half} half (${briefs.length} briefs${half === 'even' ? ', held out' : ''})`);
  for (const { section } of sections) {
    const result = await section.run(ctx);
    console.log(`\n### ${section.title}`);
    for (const [name, value] of result.rows) console.log(`- ${name}: ${value}`);
    for (const g of result.gates) {
      console.log(`- gate ${g.name} ${g.want}: ${g.ok ? 'met' : 'MISSED'}`);
      if (!g.ok) missed.push({ ...g, half, section: section.title });
    }
    if (verbose) for (const line of result.details ?? []) console.log(`    ${line}`);
  }
}
console.log(
  missed.length === 0
    ? '\nAll gates met.'
    : `\n${missed.length} gate(s) missed: ${missed.map((g) => `${g.half} ${g.name} (${g.value.toFixed(3)})`).join(', ')}`,
);
process.exitCode = missed.length === 0 ? 0 : 1;
