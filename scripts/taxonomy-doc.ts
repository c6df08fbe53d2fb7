/**
 * `npm run taxonomy` writes docs/taxonomy.md from the taxonomy's data
 * (lambdas/core/brief/taxonomy/); `--check` fails when the document is not current.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { taxonomyMarkdown } from '../lambdas/core/brief/taxonomy/document.ts';

const path = new URL('../docs/taxonomy.md', import.meta.url);
const text = taxonomyMarkdown();
if (process.argv.includes('--check')) {
  const current = readFileSync(path, 'utf8');
  if (current !== text) {
    console.error('docs/taxonomy.md is not current: run npm run taxonomy');
    process.exit(1);
  }
  console.log('docs/taxonomy.md is current.');
} else {
  writeFileSync(path, text);
  console.log('wrote docs/taxonomy.md');
}
