import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStabilityImageModel } from '#core/images/bedrock-stability.ts';
import { type BedrockStandIn, startBedrockStandIn } from '#local/bedrock-stand-in.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { finishedCampaign } from './live-harness.ts';
import { runWorkers, workerDepsFor } from './worker-harness.ts';

/**
 * Provenance marks on every delivered PNG, on both image paths (the offline renderer and a
 * Bedrock model through the local stand-in), read back with exifr, an XMP reader that shares no
 * code with the writer (ADR 0041).
 */
let api: TestApi;
let standIn: BedrockStandIn;
beforeAll(async () => {
  api = await startTestApi();
  standIn = await startBedrockStandIn();
});
afterAll(async () => {
  await api?.close();
  await standIn?.close();
});

const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

async function marksOf(creatives: any[]) {
  return Promise.all(
    creatives.map(async (c) => {
      const png = Buffer.from(await (await fetch(c.image_url)).arrayBuffer());
      const xmp = await exifr.parse(png, { xmp: true, mergeOutput: false });
      const meta = await sharp(png).metadata();
      return { creative: c, xmp, decoded: { format: meta.format, width: meta.width, height: meta.height } };
    }),
  );
}

describe('provenance marks', () => {
  it('the offline renderer’s creatives say algorithmicMedia, not AI-generated', async () => {
    const workers = runWorkers(api);
    try {
      const account = await api.newAccount(20);
      const { creatives } = await finishedCampaign(api, account, { aspect_ratio: '1:1,9:16', volume: 2 });
      const marks = await marksOf(creatives);
      for (const { creative, xmp, decoded } of marks) {
        expect(decoded).toEqual({ format: 'png', width: creative.width, height: creative.height });
        expect(xmp.Iptc4xmpExt.DigitalSourceType).toBe(`${IPTC}algorithmicMedia`);
        expect(xmp.xmp.CreatorTool).toMatch(/^adgen \d+\.\d+\.\d+$/);
        expect(creative.provenance).toEqual({
          ai_generated: false,
          digital_source_type: xmp.Iptc4xmpExt.DigitalSourceType,
          c2pa: 'none',
        });
      }
      console.log(
        `offline renderer: ${marks.length} PNGs, XMP read by exifr: ${marks[0]?.xmp.Iptc4xmpExt.DigitalSourceType}`,
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
      for (const { creative, xmp, decoded } of marks) {
        expect(decoded.format).toBe('png');
        expect(xmp.Iptc4xmpExt.DigitalSourceType).toBe(`${IPTC}compositeWithTrainedAlgorithmicMedia`);
        expect(xmp.dc.description.value).toMatch(/generative image model/);
        expect(creative.provenance).toEqual({
          ai_generated: true,
          digital_source_type: `${IPTC}compositeWithTrainedAlgorithmicMedia`,
          c2pa: 'none',
        });
      }
      console.log(
        `Bedrock stand-in: ${marks.length} PNGs, XMP read by exifr: ${marks[0]?.xmp.Iptc4xmpExt.DigitalSourceType}`,
      );
    } finally {
      await workers.stop();
    }
  });
});
