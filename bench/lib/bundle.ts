import { spawnSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { DEFAULT_BUNDLING } from '#lib/constructs/node-function.ts';
import { ROUTER_BUNDLING } from '#lib/stateless-stack.ts';
import { type Figure, figure, median } from './stats.ts';

export const ROUTER_ENTRY = 'lambdas/api/handler.ts';
/** The bench fails above this (the same limit as test/infra/bundles.test.ts). */
export const MAX_ROUTER_BYTES = 1_000_000;
const RENDERER_MARKERS = ['resvg', 'satori'];
const RENDERER_INPUTS = /resvg|satori|@fontsource|images\/(compositor|template-model)/;

export type BundleResult = {
  entry: string;
  bytes: number;
  gzip_bytes: number;
  sourcemap_bytes: number;
  build_ms: number;
  renderer_strings_found: string[];
  renderer_inputs_found: string[];
  import_ms: Figure;
  import_with_source_maps_ms: Figure;
  node_e_0_ms: Figure;
  /** Median import time minus median `node -e 0`. */
  import_over_baseline_ms: number;
  import_runs: number;
  failures: string[];
};

/**
 * Bundles the router as the stack does (DEFAULT_BUNDLING of lib/constructs/node-function.ts:
 * minified ESM for node24, mainFields module,main, the createRequire banner, linked source map
 * without sources), measures it, and times importing it in a fresh Node process against
 * `node -e 0`, interleaved, `runs` times each after one unmeasured warm-up of each.
 */
export async function benchRouterBundle(outDir: string, runs: number): Promise<BundleResult> {
  const outfile = join(outDir, 'index.mjs');
  const started = performance.now();
  const result = await build({
    entryPoints: [ROUTER_ENTRY],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    minify: DEFAULT_BUNDLING.minify ?? false,
    target: DEFAULT_BUNDLING.target,
    mainFields: DEFAULT_BUNDLING.mainFields,
    banner: { js: DEFAULT_BUNDLING.banner ?? '' },
    external: [...(DEFAULT_BUNDLING.externalModules ?? []), ...ROUTER_BUNDLING.nodeModules],
    sourcemap: DEFAULT_BUNDLING.sourceMap ? 'linked' : false,
    sourcesContent: DEFAULT_BUNDLING.sourcesContent ?? true,
    metafile: true,
    logLevel: 'silent',
  });
  const buildMs = performance.now() - started;
  const code = await readFile(outfile);
  const text = code.toString('utf8');
  const mapBytes = DEFAULT_BUNDLING.sourceMap ? (await stat(`${outfile}.map`)).size : 0;
  const stringsFound = RENDERER_MARKERS.filter((m) => text.toLowerCase().includes(m));
  const inputsFound = Object.keys(result.metafile.inputs).filter((f) => RENDERER_INPUTS.test(f));

  // config.ts validates these at import: dummies, never contacted (nothing is called at import).
  const env = {
    TABLE_NAME: 'bench-table',
    BUCKET_NAME: 'bench-bucket',
    QUEUE_URL: 'https://queue.invalid/000000000000/bench',
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    LOG_LEVEL: 'SILENT',
  };
  const time = (args: string[]) => {
    const t = performance.now();
    const out = spawnSync(process.execPath, args, {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 30_000,
    });
    const ms = performance.now() - t;
    if (out.status !== 0) {
      throw new Error(`node ${args.join(' ')} exited ${out.status}: ${out.stderr.toString().slice(0, 500)}`);
    }
    return ms;
  };
  const plain: number[] = [];
  const withMaps: number[] = [];
  const baseline: number[] = [];
  time(['-e', '0']);
  time([outfile]);
  for (let i = 0; i < runs; i++) {
    baseline.push(time(['-e', '0']));
    plain.push(time([outfile]));
    withMaps.push(time(['--enable-source-maps', outfile]));
  }

  const failures: string[] = [];
  if (code.byteLength > MAX_ROUTER_BYTES) {
    failures.push(`router bundle is ${code.byteLength} bytes, over the ${MAX_ROUTER_BYTES} limit`);
  }
  if (stringsFound.length > 0 || inputsFound.length > 0) {
    failures.push(`router bundle contains the renderer (${[...stringsFound, ...inputsFound].join(', ')})`);
  }
  return {
    entry: ROUTER_ENTRY,
    bytes: code.byteLength,
    gzip_bytes: gzipSync(code, { level: 9 }).byteLength,
    sourcemap_bytes: mapBytes,
    build_ms: Math.round(buildMs),
    renderer_strings_found: stringsFound,
    renderer_inputs_found: inputsFound,
    import_ms: figure('ms', plain, 1),
    import_with_source_maps_ms: figure('ms', withMaps, 1),
    node_e_0_ms: figure('ms', baseline, 1),
    import_over_baseline_ms: Math.round((median(plain) - median(baseline)) * 10) / 10,
    import_runs: runs,
    failures,
  };
}
