import { spawnSync } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { DEFAULT_BUNDLING } from '#lib/constructs/node-function.ts';
import { ROUTER_ENTRY, routerBuildOptions } from '#lib/router-bundle.ts';
import { type Figure, figure, median } from './stats.ts';

export { ROUTER_ENTRY };
/** The bench fails above this (the same limit as test/infra/bundles.test.ts). */
export const MAX_ROUTER_BYTES = 1_200_000;
const RENDERER_MARKERS = ['resvg', 'satori'];
/** The renderer: its native and font packages, sharp, the creative engine and the compositor. */
export const RENDERER_INPUTS =
  /resvg|satori|@fontsource|node_modules\/sharp\/|lambdas\/core\/creative\/|images\/(compositor|template-model)/;
/** The text engine's NLP libraries: only the actions that write copy load them. */
export const NLP_INPUTS = /node_modules\/(compromise|wink-[^/]+|natural)\//;
/** The cold-start budget over `node -e 0`; the bench fails at twice it. */
export const IMPORT_BUDGET_MS = 100;

/** Bytes a part of the code contributes to the minified bundle (esbuild metafile). */
export type BundlePart = { part: string; bytes: number; share: number; files: number };

export type BundleResult = {
  entry: string;
  /** All JavaScript of the asset: the entry and every chunk (source maps apart). */
  bytes: number;
  gzip_bytes: number;
  /** The cold path: `index.mjs` and the chunks it imports statically (what a cold start parses). */
  cold_path_bytes: number;
  cold_path_files: number;
  /** Chunks in all (the actions' and what they share). */
  chunks: number;
  sourcemap_bytes: number;
  build_ms: number;
  renderer_strings_found: string[];
  renderer_inputs_found: string[];
  /** Inputs on the cold path that only some actions need (must stay empty). */
  cold_path_forbidden_found: string[];
  import_ms: Figure;
  import_with_source_maps_ms: Figure;
  node_e_0_ms: Figure;
  /** Median import time minus median `node -e 0`. */
  import_over_baseline_ms: number;
  import_runs: number;
  nlp_inputs_found: string[];
  /** Largest parts first, of the whole asset: npm packages by name, the project's code by folder. */
  parts: BundlePart[];
  /** The same, of the cold path only. */
  cold_path_parts: BundlePart[];
  /** The entry file, for the phases that import it later in the same run (not written to the results). */
  outfile?: string | undefined;
  failures: string[];
};

/** `node_modules/@scope/pkg/...` → `@scope/pkg`; `lambdas/core/db/keys.ts` → `lambdas/core/db`. */
export function partOf(input: string): string {
  // The innermost node_modules names the package (nested copies count as their own package).
  const pkg = /.*node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (pkg?.[1]) return pkg[1];
  const segments = input.split('/');
  const depth = input.startsWith('lambdas/core/') ? 3 : 2;
  return segments.length > depth
    ? segments.slice(0, depth).join('/')
    : segments.slice(0, -1).join('/') || input;
}

/** Groups a metafile output's inputs into parts, largest first. */
export function bundleParts(inputs: Record<string, { bytesInOutput: number }>, total: number): BundlePart[] {
  const parts = new Map<string, { bytes: number; files: number }>();
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    const part = partOf(input);
    const p = parts.get(part) ?? { bytes: 0, files: 0 };
    p.bytes += bytesInOutput;
    p.files += 1;
    parts.set(part, p);
  }
  return [...parts]
    .map(([part, p]) => ({
      part,
      bytes: p.bytes,
      files: p.files,
      share: Math.round((p.bytes / total) * 1000) / 1000,
    }))
    .sort((a, b) => b.bytes - a.bytes);
}

type Metafile = { outputs: Record<string, MetaOutput> };
type MetaOutput = {
  bytes: number;
  entryPoint?: string;
  inputs: Record<string, { bytesInOutput: number }>;
  imports: { path: string; kind: string; external?: boolean }[];
};

/** The entry output and every output it imports statically, transitively: what a cold start loads. */
export function coldPath(metafile: Metafile, entry: string): string[] {
  const outputs = metafile.outputs;
  const root = Object.keys(outputs).find((o) => outputs[o]?.entryPoint === entry && !o.endsWith('.map'));
  if (!root) throw new Error(`no output for ${entry}`);
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const i of outputs[file]?.imports ?? []) {
      if (i.kind === 'import-statement' && !i.external && outputs[i.path]) stack.push(i.path);
    }
  }
  return [...seen];
}

/** Inputs grouped into parts over some outputs, largest first. */
function partsOver(
  metafile: Metafile,
  files: string[],
): { parts: BundlePart[]; bytes: number; inputs: string[] } {
  const inputs: Record<string, { bytesInOutput: number }> = {};
  let bytes = 0;
  for (const f of files) {
    const out = metafile.outputs[f];
    if (!out) continue;
    bytes += out.bytes;
    for (const [input, v] of Object.entries(out.inputs)) {
      inputs[input] = { bytesInOutput: (inputs[input]?.bytesInOutput ?? 0) + v.bytesInOutput };
    }
  }
  return { parts: bundleParts(inputs, bytes), bytes, inputs: Object.keys(inputs) };
}

/**
 * What only some actions need, and must therefore stay off the cold path: the other SDK clients
 * (S3, SQS, Bedrock), the Cognito verifier, the X-Ray SDK, the text engine, the action modules
 * themselves, and zod: the actions' input schemas load it with their chunk, while the config and
 * the items the authentication reads are checked by `lambdas/core/small-schema.ts` (ADR 0011).
 * Powertools Metrics too: the EMF writer is imported with the first request's first record.
 */
export const COLD_PATH_FORBIDDEN =
  /node_modules\/(@aws-sdk\/client-(s3|sqs|bedrock[^/]*)|aws-jwt-verify|aws-xray-sdk-core|@aws-lambda-powertools\/(tracer|metrics)|zod)\/|lambdas\/core\/text\/(?!deferred)|lambdas\/api\/actions\/(?!table)/;

/**
 * Bundles the router as the stack does (lib/router-bundle.ts: split into the entry and a chunk
 * per action, with DEFAULT_BUNDLING's options), measures it, and times importing the entry in a
 * fresh Node process against `node -e 0`, interleaved, `runs` times each after one unmeasured
 * warm-up of each.
 */
export async function benchRouterBundle(outDir: string, runs: number): Promise<BundleResult> {
  const started = performance.now();
  const result = await build({ ...routerBuildOptions(outDir), metafile: true, logLevel: 'silent' });
  const buildMs = performance.now() - started;
  const metafile = result.metafile as Metafile;
  const jsOutputs = Object.keys(metafile.outputs).filter((o) => o.endsWith('.mjs'));
  const outfile = join(outDir, 'index.mjs');
  // Metafile paths are relative to the working directory.
  const codes = await Promise.all(jsOutputs.map((o) => readFile(resolve(o))));
  const code = Buffer.concat(codes);
  const text = code.toString('utf8');
  let mapBytes = 0;
  if (DEFAULT_BUNDLING.sourceMap) {
    for (const o of jsOutputs) mapBytes += (await stat(resolve(`${o}.map`))).size;
  }
  const all = partsOver(metafile, jsOutputs);
  const cold = partsOver(metafile, coldPath(metafile, ROUTER_ENTRY));
  const stringsFound = RENDERER_MARKERS.filter((m) => text.toLowerCase().includes(m));
  const inputsFound = all.inputs.filter((f) => RENDERER_INPUTS.test(f));
  const nlpFound = all.inputs.filter((f) => NLP_INPUTS.test(f));
  const forbiddenFound = cold.inputs.filter((f) => COLD_PATH_FORBIDDEN.test(f));

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
  if (nlpFound.length > 0) failures.push(`router bundle contains the NLP library (${nlpFound.join(', ')})`);
  if (forbiddenFound.length > 0) {
    failures.push(`router cold path loads what only some actions need (${forbiddenFound.join(', ')})`);
  }
  const over = Math.round((median(plain) - median(baseline)) * 10) / 10;
  if (over > 2 * IMPORT_BUDGET_MS) {
    failures.push(`router import is ${over} ms over node -e 0, past twice the ${IMPORT_BUDGET_MS} ms budget`);
  }
  return {
    entry: ROUTER_ENTRY,
    bytes: code.byteLength,
    gzip_bytes: gzipSync(code, { level: 9 }).byteLength,
    cold_path_bytes: cold.bytes,
    cold_path_files: coldPath(metafile, ROUTER_ENTRY).length,
    chunks: jsOutputs.length - 1,
    sourcemap_bytes: mapBytes,
    build_ms: Math.round(buildMs),
    renderer_strings_found: stringsFound,
    renderer_inputs_found: inputsFound,
    cold_path_forbidden_found: forbiddenFound,
    import_ms: figure('ms', plain, 1),
    import_with_source_maps_ms: figure('ms', withMaps, 1),
    node_e_0_ms: figure('ms', baseline, 1),
    import_over_baseline_ms: over,
    import_runs: runs,
    nlp_inputs_found: nlpFound,
    parts: all.parts,
    cold_path_parts: cold.parts,
    outfile,
    failures,
  };
}
