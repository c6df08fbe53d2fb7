import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUNDLING } from '../../lib/constructs/node-function.ts';
import { ROUTER_BUNDLING } from '../../lib/stateless-stack.ts';

/** Bundles an entry the way the stack does (minified ESM for node24, SDK bundled in). */
async function bundle(entry: string, external: string[] = []) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: DEFAULT_BUNDLING.target,
    mainFields: DEFAULT_BUNDLING.mainFields,
    banner: { js: DEFAULT_BUNDLING.banner ?? '' },
    external,
    metafile: true,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild wrote nothing');
  return { bytes: output.contents.byteLength, inputs: Object.keys(result.metafile.inputs) };
}

describe('Lambda bundles', () => {
  it('keeps the renderer and the image models out of the router, under 1 MB', async () => {
    const router = await bundle('lambdas/api/handler.ts', ROUTER_BUNDLING.nodeModules);
    // The NLP library stays beside the bundle, loaded by the actions that use it.
    expect(router.inputs.filter((f) => f.includes('node_modules/compromise/'))).toEqual([]);
    expect(
      router.inputs.filter((f) => /resvg|satori|@fontsource|sharp|core\/creative\/(?!types)/.test(f)),
    ).toEqual([]);
    expect(router.inputs.filter((f) => f.includes('@aws-sdk/client-bedrock/'))).toEqual([]);
    expect(router.bytes).toBeLessThan(1_000_000);
  });

  it('keeps the renderer out of the dead-letter consumer', async () => {
    const dlq = await bundle('lambdas/generate/dlq-handler.ts');
    expect(dlq.inputs.filter((f) => /resvg|satori|@fontsource/.test(f))).toEqual([]);
  });
});
