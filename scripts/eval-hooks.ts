/**
 * The hook and copy section of the brief evaluation, runnable alone: `npx tsx scripts/eval-hooks.ts
 * [--half=odd|even|both] [--from=extracted|gold] [--findings]`. Exits 1 when a gate is missed on a half it ran.
 */
import { type CorpusBrief, halfOf, loadCorpus } from '../eval/corpus.ts';
import { sampleOf } from '../eval/samples.ts';
import { hookGates, hookMetrics } from '../eval/sections/hooks.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`))?.split('=')[1];
const half = arg('half') ?? 'both';
const from = arg('from') === 'gold' ? 'gold' : 'extracted';
const corpus = loadCorpus();
let failed = false;
for (const h of ['odd', 'even'] as const) {
  if (half !== 'both' && half !== h) continue;
  const briefs = corpus.filter((b: CorpusBrief) => halfOf(b) === h);
  const samples = await Promise.all(briefs.map((b) => sampleOf(b, from)));
  const m = hookMetrics(samples);
  const { findings, ...figures } = m;
  console.log(`\n## ${h} half (${m.briefs} briefs)`);
  console.log(JSON.stringify(figures));
  for (const g of hookGates(m)) {
    console.log(`${g.ok ? 'ok  ' : 'MISS'} ${g.gate}`);
    failed ||= !g.ok;
  }
  if (process.argv.includes('--findings'))
    for (const f of findings) console.log(`  - [${f.brief}] ${f.why}: ${f.text}`);
}
process.exitCode = failed ? 1 : 0;
