import { anglesFromBrief } from '#core/text/brief-angles.ts';
import { goldBrief, loadCorpus } from './corpus.ts';

const which = process.argv[2] ?? 'odd';
for (const b of loadCorpus()) {
  if ((which === 'odd') !== (b.number % 2 === 1) && which !== 'all' && which !== String(b.number)) continue;
  if (/^\d+$/.test(which) && String(b.number) !== which) continue;
  try {
    const angles = await anglesFromBrief(goldBrief(b));
    console.log(`## ${b.number} ${b.id} ${b.language}`);
    for (const a of angles)
      console.log(`  [${a.awareness_level}] ${a.name} | ${a.hook}  ${a.fact_ids.join(',')}`);
  } catch (e) {
    console.log(`## ${b.number} ERROR ${(e as Error).message}`);
  }
}
