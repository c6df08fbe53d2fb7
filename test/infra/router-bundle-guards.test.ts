import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { COLD_PATH_FORBIDDEN, coldPath, NLP_INPUTS, RENDERER_INPUTS } from '../../bench/lib/bundle.ts';
import {
  ROUTER_BUILD_SCRIPT,
  ROUTER_ENTRY,
  routerBuildCommand,
  routerBuildOptions,
} from '../../lib/router-bundle.ts';
import { ROUTER_BUNDLING } from '../../lib/stateless-stack.ts';

/** The router built the way the stack does (split: entry plus a chunk per action), not written. */
async function routerBuild() {
  const result = await build({
    ...routerBuildOptions('router-out'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputsOf = (outputs: string[]) =>
    [...new Set(outputs.flatMap((o) => Object.keys(result.metafile.outputs[o]?.inputs ?? {})))].sort();
  const outputs = Object.keys(result.metafile.outputs).filter((o) => o.endsWith('.mjs'));
  return { all: inputsOf(outputs), cold: inputsOf(coldPath(result.metafile, ROUTER_ENTRY)) };
}

/** The inputs that left code in the split bundle (after tree shaking), with their bytes. */
async function routerOutputInputs(): Promise<Record<string, number>> {
  const result = await build({
    ...routerBuildOptions('router-out'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const kept: Record<string, number> = {};
  for (const output of Object.values(result.metafile.outputs)) {
    for (const [f, v] of Object.entries(output.inputs)) {
      if (v.bytesInOutput > 0) kept[f] = (kept[f] ?? 0) + v.bytesInOutput;
    }
  }
  return kept;
}

describe('router bundle guards (the same patterns fail the bench)', () => {
  it('leaves out the renderer, sharp, the creative engine, the NLP library and the SDK presigner', async () => {
    const { all } = await routerBuild();
    expect(all.filter((f) => RENDERER_INPUTS.test(f))).toEqual([]);
    expect(all.filter((f) => NLP_INPUTS.test(f))).toEqual([]);
    // list_creatives signs with lambdas/core/s3/presign.ts (ADR 0022).
    expect(all.filter((f) => f.includes('@aws-sdk/s3-request-presigner/'))).toEqual([]);
    expect(all).toContain('lambdas/core/s3/presign.ts');
  });

  it('keeps on the cold path only what every request needs (router, config, logging, DynamoDB)', async () => {
    const { all, cold } = await routerBuild();
    expect(cold.filter((f) => COLD_PATH_FORBIDDEN.test(f))).toEqual([]);
    expect(cold).toContain('lambdas/api/router.ts');
    expect(cold.some((f) => f.includes('node_modules/@aws-sdk/client-dynamodb/'))).toBe(true);
    // What the actions load on first use is still in the asset, in their chunks.
    for (const lazy of [
      'lambdas/api/actions/list-creatives.ts',
      'lambdas/core/s3/presign.ts',
      'lambdas/core/text/heuristic-model.ts',
      'lambdas/core/auth/user-token.ts',
      'lambdas/core/clients/sqs.ts',
      'lambdas/core/clients/s3.ts',
      'node_modules/zod/v4/classic/schemas.js',
    ]) {
      expect(all).toContain(lazy);
      expect(cold).not.toContain(lazy);
    }
  });

  it('builds in CDK with the same options: the split pass runs after NodejsFunction bundling', () => {
    const commands = ROUTER_BUNDLING.commandHooks?.afterBundling('/in', '/out') ?? [];
    expect(commands).toEqual([routerBuildCommand('/in/node_modules/.bin/tsx', '/in', '/out')]);
    // The script builds with routerBuildOptions (plugin included), from the input directory.
    expect(commands[0]).toBe(`'/in/node_modules/.bin/tsx' '/in/${ROUTER_BUILD_SCRIPT}' '/in' '/out'`);
  });

  it('runs the build script as CDK does, into the same split layout', async () => {
    const out = await mkdtemp(join(tmpdir(), 'router-build-'));
    try {
      const run = spawnSync(join('node_modules', '.bin', 'tsx'), [ROUTER_BUILD_SCRIPT, process.cwd(), out], {
        encoding: 'utf8',
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const entry = await readFile(join(out, 'index.mjs'), 'utf8');
      expect(entry).toContain('./chunks/');
      expect((await readdir(join(out, 'chunks'))).length).toBeGreaterThan(20);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('keeps node:http2 out of the cold path; only the Bedrock client, in its own chunk, imports it', async () => {
    const result = await build({
      ...routerBuildOptions('router-out'),
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const importsHttp2 = (o: string) =>
      (result.metafile.outputs[o]?.imports ?? []).some((i) => i.path === 'node:http2');
    expect(coldPath(result.metafile, ROUTER_ENTRY).filter(importsHttp2)).toEqual([]);
    const withHttp2 = Object.keys(result.metafile.outputs).filter(importsHttp2);
    expect(withHttp2.length).toBeGreaterThan(0);
    for (const o of withHttp2) {
      expect(Object.keys(result.metafile.outputs[o]?.inputs ?? {}).join(' ')).toContain(
        'client-bedrock-runtime',
      );
    }
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
    for (const f of [
      'node_modules/@aws-sdk/client-s3/dist-es/S3Client.js',
      'node_modules/@aws-sdk/client-sqs/dist-es/SQSClient.js',
      'node_modules/aws-jwt-verify/dist/esm/index.js',
      'lambdas/core/text/heuristic-model.ts',
      'lambdas/api/actions/list-clients.ts',
      'node_modules/zod/v4/classic/schemas.js',
      'node_modules/zod/v4/core/schemas.js',
    ]) {
      expect(COLD_PATH_FORBIDDEN.test(f)).toBe(true);
    }
    expect(COLD_PATH_FORBIDDEN.test('lambdas/api/actions/table.ts')).toBe(false);
    expect(COLD_PATH_FORBIDDEN.test('node_modules/@aws-sdk/client-dynamodb/dist-es/index.js')).toBe(false);
    expect(RENDERER_INPUTS.test('lambdas/core/entities/creative.ts')).toBe(false);
    expect(NLP_INPUTS.test('node_modules/zod/index.js')).toBe(false);
  });
});
