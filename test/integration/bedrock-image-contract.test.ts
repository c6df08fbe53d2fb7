import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@aws-lambda-powertools/logger';
import { BedrockClient } from '@aws-sdk/client-bedrock';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { Resvg } from '@resvg/resvg-js';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#core/config.ts';
import { createStabilityImageModel, STABILITY_RATIOS } from '#core/images/bedrock-stability.ts';
import { checkModelLifecycle } from '#core/images/lifecycle.ts';
import { PermanentImageError, TransientImageError, type VisualRequest } from '#core/images/types.ts';
import { createImageModel, guardModelLifecycle } from '#generate/deps.ts';
import { visualPrompt } from '#generate/prompts/index.ts';

/** A small real PNG, as a model would return (at a smaller size than asked). */
const MODEL_PNG = Buffer.from(
  new Resvg(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="36"><rect width="64" height="36" fill="#CC3311"/></svg>',
  )
    .render()
    .asPng(),
).toString('base64');

type Reply = { status: number; body: unknown; errorType?: string };
let replies: Reply[] = [];
let requests: { path: string; body: any }[] = [];
let server: Server;
let endpoint: string;

async function readJson(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    requests.push({ path: decodeURIComponent(req.url ?? ''), body: await readJson(req) });
    const reply = replies.shift() ?? { status: 500, body: { message: 'no reply scripted' } };
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (reply.errorType) headers['x-amzn-errortype'] = reply.errorType;
    res.writeHead(reply.status, headers).end(JSON.stringify(reply.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());
beforeEach(() => {
  replies = [];
  requests = [];
});

const runtime = (maxAttempts = 1) =>
  new BedrockRuntimeClient({
    region: 'us-east-1',
    endpoint,
    maxAttempts,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    // As in production (lambdas/core/bedrock-clients.ts): HTTP/1.1 with a long read timeout.
    requestHandler: new NodeHttpHandler({ requestTimeout: 10_000 }),
  });

const request = (over: Partial<VisualRequest> = {}): VisualRequest => ({
  prompt: 'Advertising visual for a coffee brand',
  negativePrompt: 'text, watermark',
  width: 1200,
  height: 628,
  aspectRatio: { w: 191, h: 100 },
  seed: 123456,
  brand: {
    colors: {
      primary: '#6B3E26',
      secondary: '#C08552',
      accent: '#FFB347',
      background: '#FFF8F0',
      text: '#2B1B12',
    },
  },
  visualStyle: 'warm editorial photography',
  ...over,
});

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });
/*
 * Recorded shapes, each from the AWS page that documents it (read 2026-11-23):
 * - Stability InvokeModel answer `{ seeds, finish_reasons: [null], images: [base64] }`, and a
 *   filtered one `{ finish_reasons: ["Filter reason: prompt"] }` ("Filter reason: output image",
 *   "Filter reason: input image", "Inference error" likewise): "Stable Image Ultra request and
 *   response", docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-diffusion-stable-ultra-text-image-request-response.html
 * - Nova Canvas answer `{ images: [base64] }`, and a blocked output as a 200 whose `error` is
 *   "All of the generated images have been blocked by our content filters.": Amazon Nova user
 *   guide, "Error handling", docs.aws.amazon.com/nova/latest/userguide/image-gen-errors.html
 * - Errors as an HTTP status with the `x-amzn-errortype` header (ThrottlingException 429,
 *   ValidationException 400, AccessDeniedException 403): "InvokeModel", Errors,
 *   docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_InvokeModel.html
 * - `modelDetails.modelLifecycle { status: ACTIVE | LEGACY, endOfLifeTime }`: "GetFoundationModel"
 *   and "FoundationModelLifecycle", docs.aws.amazon.com/bedrock/latest/APIReference/API_FoundationModelLifecycle.html
 */
const ok = (extra: object = {}) => ({
  status: 200,
  body: { images: [MODEL_PNG], seeds: [123456], finish_reasons: [null], ...extra },
});

describe('Stability adapter (InvokeModel)', () => {
  const modelId = 'stability.sd3-5-large-v1:0';

  it('sends the documented request and returns a PNG at exactly the delivery size', async () => {
    replies = [ok()];
    const visual = await createStabilityImageModel(runtime(), modelId).generate(request());
    expect(requests[0]?.path).toBe(`/model/${modelId}/invoke`);
    const body = requests[0]?.body;
    expect(body).toEqual({
      prompt: 'Advertising visual for a coffee brand',
      negative_prompt: 'text, watermark',
      aspect_ratio: '16:9',
      seed: 123456,
      output_format: 'png',
      mode: 'text-to-image',
    });
    expect(STABILITY_RATIOS).toContain(body.aspect_ratio);
    expect(pngSize(visual.png)).toEqual({ width: 1200, height: 628 });
    expect(visual).toMatchObject({ model: modelId, width: 1200, height: 628, seed: 123456 });
  });

  it.each([
    [{ w: 9, h: 16 }, '9:16'],
    [{ w: 4, h: 5 }, '4:5'],
    [{ w: 1, h: 1 }, '1:1'],
    [{ w: 2, h: 3 }, '2:3'],
  ])('asks for the nearest ratio the model knows (%o → %s)', async (aspectRatio, expected) => {
    replies = [ok()];
    await createStabilityImageModel(runtime(), modelId).generate(
      request({ aspectRatio, width: 1080, height: 1080 }),
    );
    expect(requests[0]?.body.aspect_ratio).toBe(expected);
  });

  it('treats a content-filter finish reason as permanent and an inference error as transient', async () => {
    replies = [ok({ images: [], finish_reasons: ['Filter reason: prompt'] })];
    const filtered = await createStabilityImageModel(runtime(), modelId)
      .generate(request())
      .catch((e) => e);
    expect(filtered).toBeInstanceOf(PermanentImageError);
    expect(filtered.reason).toBe('content_filtered');
    replies = [ok({ images: [], finish_reasons: ['Inference error'] })];
    await expect(createStabilityImageModel(runtime(), modelId).generate(request())).rejects.toBeInstanceOf(
      TransientImageError,
    );
  });

  it('succeeds after being throttled twice (the SDK retries, one layer only)', async () => {
    const throttled = {
      status: 429,
      errorType: 'ThrottlingException',
      body: { message: 'Too many requests' },
    };
    replies = [throttled, throttled, ok()];
    const visual = await createStabilityImageModel(runtime(3), modelId).generate(request());
    expect(requests).toHaveLength(3);
    expect(pngSize(visual.png)).toEqual({ width: 1200, height: 628 });
  });

  it('hands throttling that outlasts the retries to the queue as transient', async () => {
    replies = [{ status: 429, errorType: 'ThrottlingException', body: { message: 'slow down' } }];
    await expect(createStabilityImageModel(runtime(1), modelId).generate(request())).rejects.toBeInstanceOf(
      TransientImageError,
    );
  });

  it('fails validation errors and setup errors permanently, with a reason', async () => {
    replies = [
      { status: 400, errorType: 'ValidationException', body: { message: 'Malformed input request' } },
    ];
    const invalid = await createStabilityImageModel(runtime(), modelId)
      .generate(request())
      .catch((e) => e);
    expect(invalid).toBeInstanceOf(PermanentImageError);
    expect(invalid.reason).toBe('invalid_request');
    replies = [{ status: 403, errorType: 'AccessDeniedException', body: { message: 'no access to model' } }];
    const denied = await createStabilityImageModel(runtime(), modelId)
      .generate(request())
      .catch((e) => e);
    expect(denied.reason).toBe('model_setup');
  });

  it('treats a malformed response body as transient', async () => {
    replies = [{ status: 200, body: { images: 'not-an-array' } }];
    await expect(createStabilityImageModel(runtime(), modelId).generate(request())).rejects.toBeInstanceOf(
      TransientImageError,
    );
  });
});

describe('model lifecycle check (GetFoundationModel)', () => {
  const control = () =>
    new BedrockClient({
      region: 'us-east-1',
      endpoint,
      maxAttempts: 1,
      credentials: { accessKeyId: 't', secretAccessKey: 't' },
    });

  it('reports ACTIVE, LEGACY and a passed end of life', async () => {
    replies = [
      { status: 200, body: { modelDetails: { modelId: 'm', modelLifecycle: { status: 'ACTIVE' } } } },
      {
        status: 200,
        body: {
          modelDetails: {
            modelId: 'm',
            modelLifecycle: { status: 'LEGACY', endOfLifeTime: '2099-01-01T00:00:00Z' },
          },
        },
      },
      {
        status: 200,
        body: {
          modelDetails: {
            modelId: 'm',
            modelLifecycle: { status: 'LEGACY', endOfLifeTime: '2026-09-30T00:00:00Z' },
          },
        },
      },
    ];
    expect(await checkModelLifecycle(control(), 'stability.sd3-5-large-v1:0')).toEqual({ status: 'ACTIVE' });
    expect((await checkModelLifecycle(control(), 'amazon.nova-canvas-v1:0')).status).toBe('LEGACY');
    expect(
      await checkModelLifecycle(control(), 'amazon.nova-canvas-v1:0', new Date('2026-11-22T00:00:00Z')),
    ).toEqual({
      status: 'END_OF_LIFE',
      endOfLife: '2026-09-30T00:00:00.000Z',
    });
    expect(requests[0]?.path).toBe('/foundation-models/stability.sd3-5-large-v1:0');
  });
});

describe('worker start with a model past its end of life', () => {
  it('fails images with model_end_of_life instead of calling the model', async () => {
    const config = loadConfig({
      TABLE_NAME: 't',
      BUCKET_NAME: 'b',
      QUEUE_URL: 'q',
      IMAGE_PROVIDER: 'bedrock-stability',
      IMAGE_MODEL_ID: 'amazon.titan-image-generator-v2:0',
      BEDROCK_ENDPOINT: endpoint,
    });
    replies = [
      {
        status: 200,
        body: {
          modelDetails: {
            modelId: 'x',
            modelLifecycle: { status: 'LEGACY', endOfLifeTime: '2026-06-30T00:00:00Z' },
          },
        },
      },
    ];
    const model = await guardModelLifecycle(
      config,
      createImageModel(config),
      new Logger({ logLevel: 'SILENT' }),
    );
    const error = await model.generate(request()).catch((e) => e);
    expect(error).toBeInstanceOf(PermanentImageError);
    expect(error.reason).toBe('model_end_of_life');
    expect(requests.map((r) => r.path)).toEqual(['/foundation-models/amazon.titan-image-generator-v2:0']);
  });
});

describe('request shapes of the production image path', () => {
  const stabilityId = 'stability.sd3-5-large-v1:0';
  const scene = {
    angle: {
      name: 'Morning ritual',
      hook: 'Fresh roasted coffee at your door every Monday.',
      visual_style: 'warm editorial photo',
      copy_direction: 'Say "4.8 stars".',
    },
    brief: {
      category: 'food & drink > coffee roastery',
      subject: 'a freshly poured cup of coffee with roasted beans on a sunlit cafe counter',
    },
    hasProduct: true,
    orientation: 'portrait' as const,
    names: ['Acme Coffee'],
  };
  const written = (family: 'stability') =>
    visualPrompt(family, {
      ...scene,
      brand: { colors: request().brand.colors, tone_of_voice: 'Warm and friendly' },
    });

  it('Stability: the written prompt, the aspect_ratio enum of the orientation family and its native size', async () => {
    replies = [ok()];
    const model = createStabilityImageModel(runtime(), stabilityId);
    const prompt = written('stability');
    const native = model.nativeSize?.({ w: 9, h: 16 });
    expect(native).toEqual({ width: 768, height: 1344 });
    expect(model.nativeSize?.({ w: 16, h: 9 })).toEqual({ width: 1344, height: 768 });
    const visual = await model.generate(
      request({
        prompt: prompt.prompt,
        negativePrompt: prompt.negativePrompt,
        aspectRatio: { w: 9, h: 16 },
        ...(native as { width: number; height: number }),
      }),
    );
    expect(requests[0]?.body).toEqual({
      prompt: prompt.prompt,
      negative_prompt: prompt.negativePrompt,
      aspect_ratio: '9:16',
      seed: 123456,
      output_format: 'png',
      mode: 'text-to-image',
    });
    expect(requests[0]?.body.prompt).toMatch(/cup of coffee/);
    expect(requests[0]?.body.prompt).not.toMatch(/["\d#]/);
    expect(pngSize(visual.png)).toEqual({ width: 768, height: 1344 });
  });

  it('Stability: the Remove Background image service, when configured, and its filter as permanent', async () => {
    const removeId = 'us.stability.stable-image-remove-background-v1:0';
    const model = createStabilityImageModel(runtime(), stabilityId, { removeBackgroundModelId: removeId });
    replies = [ok()];
    const product = Buffer.from(MODEL_PNG, 'base64');
    const cut = await model.removeBackground?.(product);
    expect(requests[0]?.path).toBe(`/model/${removeId}/invoke`);
    expect(requests[0]?.body).toEqual({ image: product.toString('base64'), output_format: 'png' });
    expect(cut && pngSize(cut)).toEqual({ width: 64, height: 36 });
    replies = [ok({ images: [], finish_reasons: ['Filter reason: input image'] })];
    const error = await model.removeBackground?.(product).catch((e) => e);
    expect(error).toBeInstanceOf(PermanentImageError);
    expect(createStabilityImageModel(runtime(), stabilityId).removeBackground).toBeUndefined();
  });

  it('wires background removal from the configuration, off by default', () => {
    const base = { TABLE_NAME: 't', BUCKET_NAME: 'b', QUEUE_URL: 'q', BEDROCK_ENDPOINT: endpoint };
    const off = createImageModel(loadConfig({ ...base, IMAGE_PROVIDER: 'bedrock-stability' }));
    expect(off.removeBackground).toBeUndefined();
    const on = createImageModel(
      loadConfig({ ...base, IMAGE_PROVIDER: 'bedrock-stability', IMAGE_BACKGROUND_REMOVAL: 'on' }),
    );
    expect(on.removeBackground).toBeTypeOf('function');
    expect(() => loadConfig({ ...base, IMAGE_PROVIDER: 'bedrock-nova-canvas' })).toThrow(
      /IMAGE_PROVIDER: Amazon Nova Canvas .* end of life on 2026-09-30/,
    );
  });
});
