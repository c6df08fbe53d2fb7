/**
 * Writes the access-pattern table of docs/data-model.md from the entity declarations
 * (`npm run data-model`), or with `--check` exits 1 when the file is not what they generate
 * (`npm run data-model:check`, run by CI).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { optionsOrExit, scriptCommand } from './lib/command.ts';
import { withAccessPatternTable } from './lib/data-model.ts';

const { check } = optionsOrExit<{ check: boolean }>(
  scriptCommand(
    'data-model',
    "Writes docs/data-model.md's access-pattern table from the entity declarations.",
  ).option('--check', 'exit 1 when the table is not current, writing nothing', false),
);

const path = fileURLToPath(new URL('../docs/data-model.md', import.meta.url));
const actual = await readFile(path, 'utf8');
const expected = withAccessPatternTable(actual);

if (check) {
  if (actual !== expected) {
    console.error(
      "docs/data-model.md's access-pattern table is out of date with the entity declarations: run `npm run data-model` and commit it.",
    );
    process.exit(1);
  }
  console.log('docs/data-model.md is current.');
} else {
  await writeFile(path, expected);
  console.log('wrote docs/data-model.md');
}
