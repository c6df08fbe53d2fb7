// Harness: facts, hooks and picture for a JSON file of invented briefs [{language, client_name, research_summary}].
import { readFileSync } from 'node:fs';
import { extractBrief } from '#core/brief/extract.ts';
import { choosePicture } from '#core/creative/pictures/choose.ts';
import { anglesFromBrief } from '#core/text/brief-angles.ts';
const file = process.argv[2]!;
const quiet = process.argv.includes('--pics');
for (const b of JSON.parse(readFileSync(file, 'utf8'))) {
  const f = await extractBrief({ researchSummary: b.research_summary, language: b.language, clientName: b.client_name });
  const c = await choosePicture({ subject: f.subject, category: f.category });
  console.log(`\n== ${b.client_name} | ${f.category} | ${f.subject}\n   PICTURE ${c ? `${c.picture.source[0]}:${c.picture.name} ${c.score.toFixed(2)} (${c.because})` : '-'}`);
  if (quiet) continue;
  console.log(`   product: ${f.product} | audience: ${f.audience} | loc: ${f.location} | avoid: ${f.avoid.join(' / ')}`);
  for (const x of f.facts) console.log(`   . ${x.role}: ${x.text}`);
  try { for (const a of await anglesFromBrief({ ...f, research_summary: b.research_summary })) console.log('   >', a.hook); } catch (e) { console.log('   ERR', (e as Error).message); }
}
