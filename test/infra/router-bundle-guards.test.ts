import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { NLP_INPUTS, RENDERER_INPUTS } from '../../bench/lib/bundle.ts';
import { DEFAULT_BUNDLING } from '../../lib/constructs/node-function.ts';
import { ROUTER_BUNDLING } from '../../lib/stateless-stack.ts';

/** The router's bundle inputs, bundled the way the stack does it (the NLP library beside the bundle). */
async function routerInputs(): Promise<string[]> {
  const result = await build({
    entryPoints: ['lambdas/api/handler.ts'],
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: DEFAULT_BUNDLING.target,
    mainFields: DEFAULT_BUNDLING.mainFields,
    banner: { js: DEFAULT_BUNDLING.banner ?? '' },
    external: [...(DEFAULT_BUNDLING.externalModules ?? []), ...ROUTER_BUNDLING.nodeModules],
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

/** The inputs that left code in the bundle (after tree shaking), with their bytes. */
async function routerOutputInputs(): Promise<Record<string, number>> {
  const result = await build({
    entryPoints: ['lambdas/api/handler.ts'],
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: DEFAULT_BUNDLING.target,
    mainFields: DEFAULT_BUNDLING.mainFields,
    banner: { js: DEFAULT_BUNDLING.banner ?? '' },
    external: [...(DEFAULT_BUNDLING.externalModules ?? []), ...ROUTER_BUNDLING.nodeModules],
    metafile: true,
    logLevel: 'silent',
  });
  const output = Object.values(result.metafile.outputs)[0];
  return Object.fromEntries(
    Object.entries(output?.inputs ?? {})
      .filter(([, v]) => v.bytesInOutput > 0)
      .map(([f, v]) => [f, v.bytesInOutput]),
  );
}

describe('router bundle guards (the same patterns fail the bench)', () => {
  it('leaves out the renderer, sharp, the creative engine, the NLP library and the SDK presigner', async () => {
    const inputs = await routerInputs();
    expect(inputs.filter((f) => RENDERER_INPUTS.test(f))).toEqual([]);
    expect(inputs.filter((f) => NLP_INPUTS.test(f))).toEqual([]);
    // list_creatives signs with lambdas/core/s3/presign.ts (ADR 0022).
    expect(inputs.filter((f) => f.includes('@aws-sdk/s3-request-presigner/'))).toEqual([]);
    expect(inputs).toContain('lambdas/core/s3/presign.ts');
  });

  it("keeps the DynamoDB client's aggregated class out (a dynamic import once dragged in all its commands)", async () => {
    const kept = Object.keys(await routerOutputInputs());
    expect(kept.filter((f) => f.endsWith('@aws-sdk/client-dynamodb/dist-es/DynamoDB.js'))).toEqual([]);
    expect(kept).not.toContain(
      'node_modules/@aws-sdk/client-dynamodb/dist-es/commands/CreateTableCommand.js',
    );
    expect(kept).toContain('lambdas/api/idempotent.ts');
  });

  it('matches what it guards against', () => {
    for (const f of [
      'node_modules/@resvg/resvg-js/index.js',
      'node_modules/satori/dist/index.js',
      'node_modules/sharp/lib/index.js',
      'lambdas/core/creative/analysis.ts',
      'lambdas/core/images/compositor.ts',
    ]) {
      expect(RENDERER_INPUTS.test(f)).toBe(true);
    }
    for (const f of ['node_modules/compromise/src/three.js', 'node_modules/wink-nlp/src/wink-nlp.js']) {
      expect(NLP_INPUTS.test(f)).toBe(true);
    }
    expect(RENDERER_INPUTS.test('lambdas/core/entities/creative.ts')).toBe(false);
    expect(NLP_INPUTS.test('node_modules/zod/index.js')).toBe(false);
  });
});
