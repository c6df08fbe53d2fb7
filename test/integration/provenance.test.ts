import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { initSync, WasmReader } from '@contentauth/c2pa-wasm';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStabilityImageModel } from '#core/images/bedrock-stability.ts';
import { type BedrockStandIn, startBedrockStandIn } from '#local/bedrock-stand-in.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { finishedCampaign } from './live-harness.ts';
import { runWorkers, testClaimSigner, workerDepsFor } from './worker-harness.ts';

/**
 * Provenance marks on every delivered PNG, on both image paths (the offline renderer and a
 * Bedrock model through the local stand-in), read back by readers that share no code with the
 * writers: exifr for the XMP (ADR 0041), and the C2PA reference implementation (c2pa-rs, built to
 * WebAssembly by the Content Authenticity Initiative) for the signed manifest (ADR 0047).
 */
let api: TestApi;
let standIn: BedrockStandIn;
beforeAll(async () => {
  api = await startTestApi();
  standIn = await startBedrockStandIn();
  const wasm = createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm');
  initSync({ module: await readFile(wasm) });
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

/** The C2PA manifest as c2pa-rs reads it, trusting the local chain's root. */
async function c2paOf(png: Buffer) {
  const anchors = JSON.stringify({ version: 1, trust: { user_anchors: (await testClaimSigner).rootPem } });
  const reader = await WasmReader.fromBytes('image/png', png, anchors);
  const store = JSON.parse(reader.json());
  return { state: store.validation_state as string, manifest: reader.activeManifest() };
}

async function marksOf(creatives: any[]) {
  return Promise.all(
    creatives.map(async (c) => {
      const png = Buffer.from(await (await fetch(c.image_url)).arrayBuffer());
      const xmp = await exifr.parse(png, { xmp: true, mergeOutput: false });
      const meta = await sharp(png).metadata();
      const c2pa = await c2paOf(png);
      return {
        creative: c,
        xmp,
        c2pa,
        decoded: { format: meta.format, width: meta.width, height: meta.height },
      };
    }),
  );
}

/** What the signed manifest says: claim generator, actions with the source type, ingredients. */
function expectManifest(c2pa: Awaited<ReturnType<typeof c2paOf>>, type: string, ingredients: string[]) {
  expect(c2pa.state).toBe('Trusted');
  expect(c2pa.manifest.claim_generator_info[0].name).toBe('adgen');
  expect(c2pa.manifest.claim_generator_info[0].version).toMatch(/^\d+\.\d+\.\d+$/);
  const actions = c2pa.manifest.assertions.find((a: any) => a.label === 'c2pa.actions.v2').data.actions;
  expect(actions[0]).toMatchObject({ action: 'c2pa.created', digitalSourceType: `${IPTC}${type}` });
  expect(actions.slice(1).map((a: any) => a.action)).toEqual(ingredients.length > 0 ? ['c2pa.placed'] : []);
  expect((c2pa.manifest.ingredients ?? []).map((i: any) => i.title)).toEqual(ingredients);
  expect(c2pa.manifest.signature_info).toMatchObject({
    alg: 'Es256',
    common_name: 'adgen local C2PA signer',
  });
}

describe('provenance marks', () => {
  it('the offline renderer’s creatives say algorithmicMedia, not AI-generated', async () => {
    const workers = runWorkers(api);
    try {
      const account = await api.newAccount(20);
      const { creatives } = await finishedCampaign(api, account, { aspect_ratio: '1:1,9:16', volume: 2 });
      const marks = await marksOf(creatives);
      for (const { creative, xmp, c2pa, decoded } of marks) {
        expect(decoded).toEqual({ format: 'png', width: creative.width, height: creative.height });
        expect(xmp.Iptc4xmpExt.DigitalSourceType).toBe(`${IPTC}algorithmicMedia`);
        expect(xmp.xmp.CreatorTool).toMatch(/^adgen \d+\.\d+\.\d+$/);
        expectManifest(c2pa, 'algorithmicMedia', []);
        expect(creative.provenance).toEqual({
          ai_generated: false,
          digital_source_type: xmp.Iptc4xmpExt.DigitalSourceType,
          c2pa: 'embedded',
        });
      }
      console.log(
        `offline renderer: ${marks.length} PNGs, XMP read by exifr: ${marks[0]?.xmp.Iptc4xmpExt.DigitalSourceType}; C2PA read by c2pa-rs: ${marks.map((m) => m.c2pa.state).join(', ')}`,
      );
    } finally {
      await workers.stop();
    }
  });

  it('a Bedrock model’s creatives say compositeWithTrainedAlgorithmicMedia and AI-generated', async () => {
    const runtime = new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: standIn.endpoint,
      maxAttempts: 1,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      requestHandler: new NodeHttpHandler({ requestTimeout: 180_000 }),
    });
    const deps = workerDepsFor(api, {
      imageModel: createStabilityImageModel(runtime, 'stability.sd3-5-large-v1:0'),
    });
    const workers = runWorkers(api, deps);
    try {
      const account = await api.newAccount(20);
      const { creatives } = await finishedCampaign(api, account, {
        aspect_ratio: '1:1,4:5',
        volume: 2,
        angles: 1,
      });
      expect(standIn.imageCalls().length).toBeGreaterThan(0);
      const marks = await marksOf(creatives);
      for (const { creative, xmp, c2pa, decoded } of marks) {
        expect(decoded.format).toBe('png');
        expect(xmp.Iptc4xmpExt.DigitalSourceType).toBe(`${IPTC}compositeWithTrainedAlgorithmicMedia`);
        expect(xmp.dc.description.value).toMatch(/generative image model/);
        expectManifest(c2pa, 'compositeWithTrainedAlgorithmicMedia', ['model visual']);
        expect(creative.provenance).toEqual({
          ai_generated: true,
          digital_source_type: `${IPTC}compositeWithTrainedAlgorithmicMedia`,
          c2pa: 'embedded',
        });
      }
      console.log(
        `Bedrock stand-in: ${marks.length} PNGs, XMP read by exifr: ${marks[0]?.xmp.Iptc4xmpExt.DigitalSourceType}; C2PA read by c2pa-rs: ${marks.map((m) => m.c2pa.state).join(', ')}`,
      );
    } finally {
      await workers.stop();
    }
  });
});
