import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { STABILITY_SIZES, type StabilityRatio } from '#core/images/bedrock-stability.ts';

/** One InvokeModel call as the stand-in saw it. */
/** The fields of the Stability and Nova Canvas request bodies the stand-in reads. */
export type InvokeBody = {
  prompt?: string;
  negative_prompt?: string;
  aspect_ratio?: string;
  seed?: number;
  image?: string;
  taskType?: string;
  imageGenerationConfig?: { width?: number; height?: number; seed?: number };
  backgroundRemovalParams?: { image?: string };
  colorGuidedGenerationParams?: { text?: string; negativeText?: string; colors?: string[] };
};

export type RecordedCall = { modelId: string; body: InvokeBody };

/** What the next calls should answer instead of a picture (scripted failures). */
export type StandInFailure =
  | { kind: 'filtered' }
  | { kind: 'validation'; message: string }
  | { kind: 'throttled' };

/**
 * A local stand-in for Bedrock's image models over InvokeModel: it answers like Stability
 * (`{images, seeds, finish_reasons}` at the model's native size of the `aspect_ratio`) and like
 * Nova Canvas (`{images}` at `imageGenerationConfig` size; BACKGROUND_REMOVAL clears a white
 * backdrop), with busy, photo-like pictures (texture everywhere, a high-contrast subject), and
 * records every request so tests can count calls and read prompts.
 */
export type BedrockStandIn = {
  endpoint: string;
  calls: RecordedCall[];
  /** Calls that asked for a picture (not background removal). */
  imageCalls(): RecordedCall[];
  /** Makes every following call fail this way until `fail(undefined)`. */
  fail(failure: StandInFailure | undefined): void;
  close(): Promise<void>;
};

export async function startBedrockStandIn(): Promise<BedrockStandIn> {
  const calls: RecordedCall[] = [];
  let failure: StandInFailure | undefined;
  const server: Server = createServer(async (req, res) => {
    const modelId = decodeURIComponent(/^\/model\/([^/]+)\/invoke/.exec(req.url ?? '')?.[1] ?? '');
    const body = await readJson(req);
    calls.push({ modelId, body });
    const json = (status: number, value: unknown, errorType?: string) => {
      res
        .writeHead(status, {
          'content-type': 'application/json',
          ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
        })
        .end(JSON.stringify(value));
    };
    try {
      if (failure?.kind === 'throttled')
        return json(429, { message: 'Too many requests' }, 'ThrottlingException');
      if (failure?.kind === 'validation')
        return json(400, { message: failure.message }, 'ValidationException');
      if (failure?.kind === 'filtered')
        return json(200, { images: [], seeds: [0], finish_reasons: ['Filter reason: prompt'] });
      if (body.taskType === 'BACKGROUND_REMOVAL') {
        const image = Buffer.from(String(body.backgroundRemovalParams?.image ?? ''), 'base64');
        return json(200, { images: [(await clearWhite(image)).toString('base64')] });
      }
      if (body.taskType) {
        const cfg = body.imageGenerationConfig ?? {};
        const png = await busyVisual(
          Number(cfg.width ?? 1024),
          Number(cfg.height ?? 1024),
          Number(cfg.seed ?? 1),
        );
        return json(200, { images: [png.toString('base64')] });
      }
      if (typeof body.image === 'string') {
        const cut = await clearWhite(Buffer.from(body.image, 'base64'));
        return json(200, { images: [cut.toString('base64')], seeds: [0], finish_reasons: [null] });
      }
      const size = STABILITY_SIZES[(body.aspect_ratio ?? '1:1') as StabilityRatio] ?? STABILITY_SIZES['1:1'];
      const seed = Number(body.seed ?? 1);
      const png = await busyVisual(size.width, size.height, seed);
      return json(200, { images: [png.toString('base64')], seeds: [seed], finish_reasons: [null] });
    } catch (error) {
      return json(500, { message: String(error) }, 'InternalServerException');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    calls,
    imageCalls: () =>
      calls.filter((c) => c.body.taskType !== 'BACKGROUND_REMOVAL' && typeof c.body.image !== 'string'),
    fail: (next) => {
      failure = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function readJson(req: IncomingMessage): Promise<InvokeBody> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/**
 * A busy, photo-like picture: a lit gradient, texture and grain everywhere, and a cluster of
 * high-contrast shapes (the "subject") off-centre, so the smart crop and the text placement
 * have something real to read.
 */
export async function busyVisual(width: number, height: number, seed: number): Promise<Buffer> {
  const random = rng(seed);
  const hue = Math.floor(random() * 360);
  const shapes: string[] = [];
  for (let i = 0; i < 140; i++) {
    const x = random() * width;
    const y = random() * height;
    const r = (0.01 + random() * 0.05) * Math.min(width, height);
    shapes.push(
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r.toFixed(1)}" fill="hsl(${(hue + random() * 60) % 360},45%,${30 + random() * 40}%)" fill-opacity="0.35"/>`,
    );
  }
  const sx = width * (0.55 + random() * 0.2);
  const sy = height * (0.55 + random() * 0.2);
  const u = Math.min(width, height);
  for (let i = 0; i < 26; i++) {
    const x = sx + (random() - 0.5) * u * 0.35;
    const y = sy + (random() - 0.5) * u * 0.35;
    const w = u * (0.03 + random() * 0.08);
    shapes.push(
      `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${(w * (0.5 + random())).toFixed(1)}" fill="${i % 2 ? '#F4F1EA' : '#1B1410'}" transform="rotate(${Math.round(random() * 90)} ${x.toFixed(1)} ${y.toFixed(1)})"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},35%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},40%,32%)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
  const grain = Buffer.alloc(width * height);
  for (let i = 0; i < grain.length; i++) grain[i] = Math.floor(random() * 255);
  const noise = await sharp(grain, { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: 'soft-light' }])
    .png({ compressionLevel: 3 })
    .toBuffer();
}

/** What a background-removal task answers for a product on white: the white made transparent. */
async function clearWhite(image: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += 4) {
    if ((data[i] ?? 0) > 235 && (data[i + 1] ?? 0) > 235 && (data[i + 2] ?? 0) > 235) data[i + 3] = 0;
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
    .png()
    .toBuffer();
}
