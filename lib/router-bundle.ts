import type { BundlingOptions, ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
import { DEFAULT_BUNDLING } from './constructs/node-function.ts';

/** The router's entry point, relative to the repository root. */
export const ROUTER_ENTRY = 'lambdas/api/handler.ts';

/**
 * Installed beside the router's bundle and imported on first use only: the NLP library
 * (compromise, for generate_angles and prepare_campaign; docs/decisions/0010-brief-understanding.md)
 * and sharp with its linux-arm64 build (an uploaded asset is checked on its first read).
 */
export const ROUTER_NODE_MODULES = ['compromise', 'sharp'];

/** Where the split bundle puts everything but the entry (`index.mjs`), inside the asset. */
export const ROUTER_CHUNKS_DIR = 'chunks';

/**
 * The router bundle, split (ADR 0011): `index.mjs` holds what every request needs (the router,
 * configuration, logging, DynamoDB) and each action's module, with what it alone needs, is a
 * chunk that its first request imports. A cold start then parses and evaluates the entry's
 * import graph only, not the code of twenty actions. Otherwise the stack's own options
 * (DEFAULT_BUNDLING: minified ESM for node24, module-first main fields, the createRequire
 * banner, linked source maps without sources). The bench and the bundle tests build with this.
 */
export function routerBuildOptions(outdir: string): BuildOptions {
  return {
    entryPoints: { index: ROUTER_ENTRY },
    outdir,
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
  };
}

const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** The same build as {@link routerBuildOptions}, as an esbuild command line. */
export function routerBuildCommand(esbuild: string, inputDir: string, outputDir: string): string {
  const o = routerBuildOptions(outputDir);
  const args = [
    `${inputDir}/${ROUTER_ENTRY}`,
    '--bundle',
    '--splitting',
    `--platform=${o.platform}`,
    `--format=${o.format}`,
    `--outdir=${outputDir}`,
    '--entry-names=index',
    '--out-extension:.js=.mjs',
    `--chunk-names=${o.chunkNames}`,
    ...(o.minify ? ['--minify'] : []),
    `--target=${o.target}`,
    `--main-fields=${(o.mainFields ?? []).join(',')}`,
    `--banner:js=${(o.banner as { js: string }).js}`,
    ...(o.external ?? []).map((m) => `--external:${m}`),
    ...(o.sourcemap ? [`--sourcemap=${o.sourcemap}`, `--sources-content=${o.sourcesContent}`] : []),
    '--log-level=warning',
  ];
  return [esbuild, ...args].map(shellQuote).join(' ');
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
    routerBuildCommand(`${inputDir}/node_modules/.bin/esbuild`, inputDir, outputDir),
  ],
};

/** The router's bundling over DEFAULT_BUNDLING: its node modules for arm64, and the split build. */
export function routerBundling(environment: Record<string, string>): Partial<BundlingOptions> & {
  nodeModules: string[];
  environment: Record<string, string>;
} {
  return { nodeModules: ROUTER_NODE_MODULES, environment, commandHooks: routerSplitHooks };
}
