import { describe, expect, it } from 'vitest';
import { bundleParts, partOf } from '../../bench/lib/bundle.ts';

describe('bundle size by part', () => {
  it('names npm packages by package (scoped or not) and the project by folder', () => {
    expect(partOf('node_modules/@smithy/core/dist-es/index.js')).toBe('@smithy/core');
    expect(partOf('node_modules/zod/v4/core/core.js')).toBe('zod');
    expect(partOf('node_modules/a/node_modules/@aws-sdk/core/x.js')).toBe('@aws-sdk/core');
    expect(partOf('lambdas/core/db/keys.ts')).toBe('lambdas/core/db');
    expect(partOf('lambdas/core/credits.ts')).toBe('lambdas/core');
    expect(partOf('lambdas/api/actions/list-creatives.ts')).toBe('lambdas/api');
  });

  it('adds up every input once, largest part first, with its share of the bundle', () => {
    const parts = bundleParts(
      {
        'node_modules/zod/a.js': { bytesInOutput: 300 },
        'node_modules/zod/b.js': { bytesInOutput: 100 },
        'lambdas/core/db/keys.ts': { bytesInOutput: 500 },
        '<runtime>': { bytesInOutput: 100 },
      },
      1000,
    );
    expect(parts.map((p) => [p.part, p.bytes, p.files, p.share])).toEqual([
      ['lambdas/core/db', 500, 1, 0.5],
      ['zod', 400, 2, 0.4],
      ['<runtime>', 100, 1, 0.1],
    ]);
  });
});
