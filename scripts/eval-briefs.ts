/**
 * `npm run eval:briefs`: how well the service reads briefs nobody here wrote, on the shared corpus
 * (../shared/briefs). Prints every metric section per half: odd (developed against) and even
 * (the held-out check; look at it rarely, never tune on it). Exits non-zero when a gate is missed
 * on either half; test/unit/eval-briefs-gates.test.ts holds CI to the same gates.
 *
 *   npm run eval:briefs                 both halves
 *   npm run eval:briefs -- --half=odd   one half
 *   npm run eval:briefs -- --verbose    with what missed, per brief
 *   npm run eval:briefs -- --only=numbers   sections whose file name contains the word
 */
import type { Half } from '../bench/eval/corpus.ts';
import { runEval } from '../bench/eval/run.ts';

const args = process.argv.slice(2);
const arg = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const halves: Half[] = arg('half') === 'odd' ? ['odd'] : arg('half') === 'even' ? ['even'] : ['odd', 'even'];
const verbose = args.includes('--verbose');

const { reports, missed } = await runEval({ halves, only: arg('only'), verbose });
for (const report of reports) {
  console.log(
    `\n## ${report.half} half (${report.briefs} briefs${report.half === 'even' ? ', held out' : ''})`,
  );
  for (const { title, result } of report.sections) {
    console.log(`\n### ${title}`);
    for (const [name, value] of result.rows) console.log(`- ${name}: ${value}`);
    for (const g of result.gates) console.log(`- gate ${g.name} ${g.want}: ${g.ok ? 'met' : 'MISSED'}`);
    if (verbose) for (const line of result.details ?? []) console.log(`    ${line}`);
  }
}
console.log(
  missed.length === 0
    ? '\nAll gates met.'
    : `\n${missed.length} gate(s) missed: ${missed.map((g) => `${g.half} ${g.name} (${g.value.toFixed(3)})`).join(', ')}`,
);
process.exitCode = missed.length === 0 ? 0 : 1;
