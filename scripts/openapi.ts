/**
 * Writes docs/openapi.json from the router's zod schemas (`npm run openapi`), or with `--check`
 * exits 1 when the file is not what the schemas generate (`npm run openapi:check`, run by CI).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderOpenApiDocument } from '#api/openapi.ts';

const path = fileURLToPath(new URL('../docs/openapi.json', import.meta.url));
const expected = renderOpenApiDocument();

if (process.argv.includes('--check')) {
  const actual = await readFile(path, 'utf8').catch(() => '');
  if (actual !== expected) {
    console.error(
      'docs/openapi.json is out of date with the action schemas: run `npm run openapi` and commit it.',
    );
    process.exit(1);
  }
  console.log('docs/openapi.json is current.');
} else {
  await writeFile(path, expected);
  console.log('wrote docs/openapi.json');
}
