import { readFileSync, readdirSync } from 'node:fs';
import { offlineAngles } from '#core/text/heuristic-model.ts';
for (const f of readdirSync('test/fixtures/briefs')) {
  const b = JSON.parse(readFileSync(`test/fixtures/briefs/${f}`, 'utf8'));
  const a = await offlineAngles({ researchSummary: b.summary, language: b.language, clientName: b.client, bannedWords: b.brand.banned_words });
  console.log(`## ${f}`);
  for (const x of a) console.log(`- [${x.awareness_level}] ${x.name} | ${x.hook}`);
}
