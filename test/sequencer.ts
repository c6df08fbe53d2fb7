import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take minutes (measured on a fresh-clone CI run, 2 workers): started first, so
 * the short files fill the other worker around them instead of one long file running alone at
 * the end. On a fresh clone Vitest has no recorded durations and orders by file size, which
 * started the crash test 13 minutes into a 20-minute run. Longest first.
 */
const LONG_FIRST = [
  'test/integration/creative-quality.test.ts',
  'test/integration/crash-dispatch.test.ts',
  'test/integration/crash-idempotency.test.ts',
  'test/integration/cli.test.ts',
  'test/integration/delete-during-dispatch.test.ts',
  'test/integration/local-stack.test.ts',
  'test/integration/npm-start.test.ts',
];

export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const i = LONG_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return i === -1 ? LONG_FIRST.length : i;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}
