import { loadCorpus } from './corpus.ts';
import { sampleOf } from './samples.ts';

for (const b of loadCorpus()) {
  if (!process.argv.slice(2).includes(String(b.number))) continue;
  const s = await sampleOf(b);
  console.log(`## ${b.number} ${b.id}`);
  for (const c of s.copy ?? [])
    console.log(
      `  ${c.angle_id} ${c.platform}\n     H: ${c.headline}\n     P: ${c.primary_text}\n     D: ${c.description}\n     C: ${c.cta} (${c.cta_type})`,
    );
}
