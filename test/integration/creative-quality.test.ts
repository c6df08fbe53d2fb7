import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeCreative } from '#core/creative/compose.ts';
import { safeZone } from '#core/creative/grid.ts';
import { sharedRun } from '#core/creative/one-message.ts';
import type { CreativeQuality } from '#core/creative/types.ts';
import { putAngles } from '#core/entities/angle.ts';
import { getCampaign } from '#core/entities/campaign.ts';
import { createStabilityImageModel } from '#core/images/bedrock-stability.ts';
import { deliverySize, parseRatio } from '#core/images/sizes.ts';
import { busyVisual } from '../../scripts/lib/busy-visual.ts';
import {
  BUSINESSES,
  logoPng,
  pouchPng,
  type SampleBusiness,
  serumJpeg,
} from '../../scripts/lib/sample-businesses.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { eventually, runWorkers, workerDepsFor } from './worker-harness.ts';

/**
 * Creatives as a media buyer would check them, through the local HTTP API: OCR (tesseract) reads
 * back what each one says, and the pixels and boxes are re-measured against the `quality` the
 * service stored. Businesses of several categories, five ratios, long and short copy, with and
 * without offer, product and logo, and a campaign on busy photo-like visuals from a Bedrock
 * stand-in.
 */

const run = promisify(execFile);
let api: TestApi;
let standIn: Server;
let standInUrl: string;
/**
 * The agency's own image host, standing in for a CDN: the service refuses URLs of its own
 * storage (issue 22, item 7), so product and logo URLs are served from here,
 * trusted by the worker as a test origin.
 */
let images: Server;
let imagesUrl: string;
const served = new Map<string, { bytes: Buffer; type: string }>();

beforeAll(async () => {
  images = createServer((req, res) => {
    const file = served.get(req.url ?? '');
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    res
      .writeHead(200, { 'content-type': file.type, 'content-length': file.bytes.byteLength })
      .end(file.bytes);
  });
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
  imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  api = await startTestApi({ env: { ADGEN_TRUSTED_IMAGE_ORIGINS: imagesUrl } });
  standIn = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    const [w, h] = String(body.aspect_ratio ?? '1:1')
      .split(':')
      .map(Number);
    const scale = 1024 / Math.max(w ?? 1, h ?? 1);
    const png = await busyVisual(
      Math.round((w ?? 1) * scale),
      Math.round((h ?? 1) * scale),
      Number(body.seed ?? 1),
    );
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ images: [png.toString('base64')], seeds: [body.seed], finish_reasons: [null] }));
  });
  await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
  standInUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  standIn?.close();
  images?.close();
  await api?.close();
});

type Made = {
  business: SampleBusiness;
  campaign: any;
  angles: Array<{ id: string; hook: string }>;
  account: any;
  name: string;
  logo: boolean;
};

async function upload(key: string, bytes: Buffer, type: string): Promise<string> {
  served.set(`/${key}`, { bytes, type });
  return `${imagesUrl}/${key}`;
}

/** A logo as an agency sends it: uploaded as the client's asset (a logo URL must be https). */
async function uploadLogo(as: { apiKey: string }, clientId: string, bytes: Buffer): Promise<string> {
  const created = await api.call(
    'create_asset_upload',
    { client_id: clientId, kind: 'logo', content_type: 'image/png', content_length: bytes.byteLength },
    as,
  );
  expect(created.status, created.text).toBe(200);
  const { url, method, headers } = created.body.upload;
  const put = await fetch(url, { method, headers, body: bytes });
  expect(put.status, await put.text()).toBe(200);
  return created.body.asset.id as string;
}

async function campaignFor(
  business: SampleBusiness,
  ratios: string,
  options: { product?: 'url'; logo?: boolean; hooks: string[]; credits?: number },
): Promise<Made> {
  const account = await api.newAccount(options.credits ?? 60);
  const as = { apiKey: account.apiKey };
  const client = (await api.call('create_client', { name: business.name }, as)).body.client;
  // Uploads take 200 px a side at least: the sample mark, drawn 400 × 100, at twice its size.
  const logo = options.logo
    ? await sharp(logoPng(business.brand.colors)).resize({ width: 800 }).png().toBuffer()
    : undefined;
  const logoId = logo ? await uploadLogo(as, client.id, logo) : null;
  const kit = await api.call(
    'update_brand_kit',
    {
      client_id: client.id,
      colors: business.brand.colors,
      fonts: business.brand.fonts,
      banned_words: business.brand.banned_words,
      ...(logoId ? { logo_asset_id: logoId } : {}),
    },
    as,
  );
  expect(kit.status, kit.text).toBe(200);
  const stored =
    (await putAngles(
      api.deps,
      account.accountId,
      client.id,
      options.hooks.map((hook, i) => ({
        name: `Angle ${i + 1}`,
        hook,
        awareness_level: 'problem_aware' as const,
        visual_style: `${business.category}, ${['calm and airy', 'bold and bright'][i % 2]}`,
        copy_direction: 'Short and direct.',
      })),
      'en',
    )) ?? [];
  let productUrl: string | null = null;
  if (business.product === 'pouch')
    productUrl = await upload(`assets/${client.id}/pouch.png`, pouchPng(), 'image/png');
  if (business.product === 'serum')
    productUrl = await upload(`assets/${client.id}/serum.jpg`, await serumJpeg(), 'image/jpeg');
  const name = `Internal ${business.key} push Q3`;
  const campaign = (
    await api.call(
      'create_campaign',
      {
        client_id: client.id,
        name,
        selected_angle_ids: stored.map((a) => a.id),
        offer_text: business.copy.offer ?? '',
        cta_text: business.copy.cta,
        aspect_ratio: ratios,
        volume: stored.length * ratios.split(',').length,
        ...(productUrl && options.product ? { product_image_url: productUrl } : {}),
      },
      as,
    )
  ).body.campaign;
  expect(campaign?.id).toBeTruthy();
  return { business, campaign, angles: stored, account, name, logo: Boolean(logoId) };
}

async function generate(made: Made) {
  const as = { apiKey: made.account.apiKey };
  const res = await api.call('generate_creatives', { campaign_id: made.campaign.id }, as);
  expect(res.status).toBe(200);
  return eventually(async () => {
    const page = await api.call(
      'list_creatives',
      { campaign_id: made.campaign.id, status: 'all', limit: 100 },
      as,
    );
    const list = page.body.creatives as any[];
    return list.length === res.body.jobs &&
      list.every((c) => c.status === 'succeeded' || c.status === 'failed')
      ? list
      : undefined;
  }, 300_000);
}

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}%]+/gu) ?? [];

/** tesseract on an image (TSV): confident words with their boxes. */
async function readWords(png: Buffer, psm = '11') {
  const file = `/tmp/adgen-ocr-${process.pid}-${Math.random().toString(36).slice(2)}.png`;
  await sharp(png).toFile(file);
  // One thread per tesseract: the test runs several at once on a small machine.
  const { stdout } = await run('tesseract', [file, 'stdout', '--psm', psm, 'tsv'], {
    maxBuffer: 1 << 24,
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
  });
  return stdout
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter((c) => c.length >= 12 && (c[11] ?? '').trim() !== '')
    .map((c) => ({
      text: c[11] ?? '',
      conf: Number(c[10]),
      x: Number(c[6]),
      y: Number(c[7]),
      w: Number(c[8]),
      h: Number(c[9]),
    }));
}

/** One text box, cropped with a margin, grey, upscaled to a size tesseract reads well. */
async function readBox(
  png: Buffer,
  box: { x: number; y: number; width: number; height: number },
  size: number,
) {
  const meta = await sharp(png).metadata();
  const m = 6;
  const left = Math.max(0, box.x - m);
  const top = Math.max(0, box.y - m);
  const width = Math.min((meta.width ?? 0) - left, box.width + 2 * m);
  const height = Math.min((meta.height ?? 0) - top, box.height + 2 * m);
  const k = Math.max(1, 60 / size);
  const crop = await sharp(png)
    .extract({ left, top, width, height })
    .greyscale()
    .resize(Math.round(width * k))
    .png()
    .toBuffer();
  return (await readWords(crop, '6')).map((w) => w.text).join(' ');
}

/** Grey 32×32 thumbnail, for telling creatives apart. */
async function thumb(png: Buffer) {
  return sharp(png).greyscale().resize(32, 32, { fit: 'fill' }).raw().toBuffer();
}
const mad = (a: Buffer, b: Buffer) => a.reduce((s, v, i) => s + Math.abs(v - (b[i] ?? 0)), 0) / a.length;

const LUM = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/**
 * Contrast between the text's ink and its background inside a box, from the PNG's grey values
 * (1st and 99th percentiles: thin body type has few fully inked pixels, so this reads a little
 * under the service's glyph-span measure, hence the 10 % allowance below).
 */
async function boxContrast(png: Buffer, box: { x: number; y: number; width: number; height: number }) {
  const { data } = await sharp(png)
    .extract({ left: box.x, top: box.y, width: box.width, height: box.height })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sorted = [...data].sort((a, b) => a - b);
  const lo = LUM(sorted[Math.floor(sorted.length * 0.01)] ?? 0);
  const hi = LUM(sorted[Math.floor(sorted.length * 0.99)] ?? 255);
  return (hi + 0.05) / (lo + 0.05);
}

type Stats = {
  failed: string[];
  creatives: number;
  offerCta: { seen: number; total: number };
  outside: string[];
  ellipses: string[];
  split: string[];
  forbidden: string[];
  repeated: string[];
  offerTwice: string[];
  logo: string[];
  mad: number[];
};
const freshStats = (): Stats => ({
  failed: [],
  creatives: 0,
  offerCta: { seen: 0, total: 0 },
  outside: [],
  ellipses: [],
  split: [],
  forbidden: [],
  repeated: [],
  offerTwice: [],
  logo: [],
  mad: [],
});
let stats = freshStats();

/** A creative that failed a text check is kept for a person to look at (CI keeps nothing else). */
async function keepForReview(creative: any, png: Buffer, why: string) {
  const dir = join('.test-results', 'creative-quality');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${creative.aspect_ratio.replace(':', 'x')}-${creative.id}.png`), png);
  console.log(`kept ${creative.id} (${creative.aspect_ratio}) for review: ${why}`);
}

/** Every check a reviewer would make on one delivered creative. */
async function inspect(made: Made, creative: any, pngs: Map<string, Buffer>) {
  if (creative.status !== 'succeeded') {
    stats.failed.push(`${made.business.key} ${creative.aspect_ratio}: ${creative.failure_reason}`);
    return;
  }
  const png = Buffer.from(await (await fetch(creative.image_url)).arrayBuffer());
  pngs.set(creative.id, png);
  const q = creative.quality as CreativeQuality;
  const size = deliverySize(parseRatio(creative.aspect_ratio));
  const safe = safeZone(size.width, size.height, creative.aspect_ratio === '9:16' ? 'story' : 'feed');
  stats.creatives++;

  // The stored measure, and a re-measurement of it from the PNG and the boxes.
  expect(q.min_contrast).toBeGreaterThanOrEqual(4.5);
  expect(q.safe_zone_ok).toBe(true);
  expect(q.banned_words).toBe(0);
  const inSafe = q.boxes.every(
    (b) =>
      b.x >= safe.x - 1 &&
      b.y >= safe.y - 1 &&
      b.x + b.width <= safe.x + safe.width + 1 &&
      b.y + b.height <= safe.y + safe.height + 1,
  );
  expect(inSafe).toBe(q.safe_zone_ok);
  const area = q.boxes.reduce((s, b) => s + b.width * b.height, 0) / (size.width * size.height);
  expect(Math.abs(area * 100 - q.text_area_pct)).toBeLessThan(0.2);
  for (const b of q.boxes)
    expect(await boxContrast(png, b), `${b.role} contrast`).toBeGreaterThanOrEqual(4.5 * 0.9);
  if (made.campaign.product_image_url) expect(q.product_visible).toBe(true);
  else expect(q.product_visible).toBeNull();
  if (!made.campaign.product_image_url && made.business.key !== 'hotel')
    expect(['typographic', 'brand-block']).toContain(q.layout);

  // What the whole image says (plain and inverted, so light-on-dark text reads too).
  const grey = await sharp(png).greyscale().png().toBuffer();
  const inverted = await sharp(png).greyscale().negate({ alpha: false }).png().toBuffer();
  const [plainWords, invertedWords] = await Promise.all([readWords(grey), readWords(inverted)]);
  const all = [...plainWords, ...invertedWords].filter(
    (w) => w.conf >= 80 && /[\p{L}\p{N}]{2,}/u.test(w.text),
  );
  // Words we could have printed (scenes and photos can hold letter-like shapes OCR reads).
  const prepared =
    (await getCampaign(api.deps, made.account.accountId, made.campaign.id))?.prepared?.copy ?? [];
  const vocabulary = new Set(
    words(
      [
        made.business.name,
        made.business.copy.cta,
        made.business.copy.offer ?? '',
        ...made.angles.map((a) => a.hook),
        ...made.business.copy.bodies,
        ...prepared.flatMap((p) => [p.headline, p.primary_text ?? '']),
      ].join(' '),
    ),
  );
  for (const w of all) {
    // Two-letter reads in a photo or scene are noise; our words are checked from three letters.
    if (!words(w.text).some((x) => x.length >= 3 && vocabulary.has(x))) continue;
    const out =
      w.x < safe.x - 4 ||
      w.y < safe.y - 4 ||
      w.x + w.w > safe.x + safe.width + 4 ||
      w.y + w.h > safe.y + safe.height + 4;
    if (out) stats.outside.push(`${creative.aspect_ratio} "${w.text}" at ${w.x},${w.y}`);
  }
  // Each text box read on its own.
  const byRole = new Map<string, string>();
  for (const b of q.boxes)
    byRole.set(b.role, `${byRole.get(b.role) ?? ''} ${await readBox(png, b, Math.min(b.height, 80))}`);
  const text = [...all.map((w) => w.text), ...byRole.values()].join(' ');
  if (/…|\.\.\./.test(text)) {
    stats.ellipses.push(`${creative.id}: ${text}`);
    await keepForReview(creative, png, `an ellipsis in: ${text}`);
  }
  const lower = text.toLowerCase();
  for (const bad of ['untitled', made.name.toLowerCase(), ...made.business.brand.banned_words])
    if (lower.includes(bad)) stats.forbidden.push(`${creative.id}: ${bad}`);

  // Offer and CTA: every word, read back from the box that prints it. The offer has its own
  // box, or is printed once in the headline that carries it (or, too long for its block, in the
  // body's place): ADR 0038.
  const ctaWords = words(made.business.copy.cta);
  const ctaSeen = new Set(words(byRole.get('cta') ?? ''));
  const offerWords = made.business.copy.offer ? words(made.business.copy.offer) : [];
  const offerRoles = byRole.has('offer') ? ['offer'] : ['headline', 'body'];
  const offerSeen = Math.max(
    0,
    ...offerRoles.map((role) => {
      const read = new Set(words(byRole.get(role) ?? ''));
      return offerWords.filter((w) => read.has(w)).length;
    }),
  );
  stats.offerCta.total += ctaWords.length + offerWords.length;
  stats.offerCta.seen += ctaWords.filter((w) => ctaSeen.has(w)).length + offerSeen;

  // One message (ADR 0038): no two printed texts share a run of six words, the offer is printed once.
  const printed = [...byRole].filter(([role]) => role !== 'wordmark');
  for (let i = 0; i < printed.length; i++)
    for (let j = i + 1; j < printed.length; j++) {
      const run = sharedRun(printed[i]?.[1] ?? '', printed[j]?.[1] ?? '');
      if (run) stats.repeated.push(`${creative.id} ${printed[i]?.[0]}/${printed[j]?.[0]}: ${run}`);
    }
  if (offerWords.length > 0) {
    const holding = printed.filter(([, read]) => {
      const seen = new Set(words(read));
      return offerWords.every((w) => seen.has(w));
    });
    if (holding.length > 1)
      stats.offerTwice.push(`${creative.id}: ${holding.map(([role]) => role).join(', ')}`);
  }

  // The logo: measured against the pixels under it (or its plate), 3:1 at least (ADR 0038).
  if (made.logo) {
    expect(q.boxes.some((b) => b.role === 'wordmark')).toBe(false);
    if ((q.logo_contrast ?? 0) < 3 || q.logo_visible !== true)
      stats.logo.push(`${creative.aspect_ratio} ${creative.id}: ${q.logo_contrast}`);
  } else expect(q.logo_contrast).toBeNull();

  // Split words: a confident fragment that is the start or end of a longer copy word but no word itself.
  const readings: Array<[string, string]> = [
    ['whole image', all.map((w) => w.text).join(' ')],
    ...[...byRole].map(([role, read]): [string, string] => [`${role} box`, read]),
  ];
  for (const [where, read] of readings)
    for (const w of words(read)) {
      if (w.length < 2 || vocabulary.has(w)) continue;
      const partOf = [...vocabulary].find(
        (v) => v.length >= w.length + 2 && (v.startsWith(w) || v.endsWith(w)) && w.length >= 3,
      );
      if (!partOf) continue;
      stats.split.push(`${creative.aspect_ratio}: "${w}" of "${partOf}" (${where})`);
      await keepForReview(creative, png, `"${w}" of "${partOf}" in the ${where}: ${read}`);
    }
}

async function checkAngles(list: any[], pngs: Map<string, Buffer>) {
  const byRatio = new Map<string, any[]>();
  for (const c of list) byRatio.set(c.aspect_ratio, [...(byRatio.get(c.aspect_ratio) ?? []), c]);
  for (const group of byRatio.values())
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++) {
        if (group[i].angle_id === group[j].angle_id) continue;
        const a = pngs.get(group[i].id);
        const b = pngs.get(group[j].id);
        if (a && b) stats.mad.push(mad(await thumb(a), await thumb(b)));
      }
}

const business = (key: string) => {
  const b = BUSINESSES.find((x) => x.key === key);
  if (!b) throw new Error(key);
  return b;
};
const ALL = '1:1,4:5,9:16,16:9,191:100';

describe('creatives a media buyer would run (OCR and pixels, through the HTTP API)', () => {
  // One retry: once, in a full-suite run with every core busy, OCR read "sta" of "start" on a
  // 9:16 creative that renders and reads whole alone; under investigation (see the issue note).
  it('reads back offer and CTA, says each thing once, shows the logo at 3:1, keeps every word whole and inside the safe zone, and stores a quality that re-measures', {
    timeout: 900_000,
    retry: 1,
  }, async () => {
    stats = freshStats();
    const template = [
      // Long hooks, an offer, no product: typographic and brand-block, a banned word in a hook,
      // a logo whose orange mark is too light for the kit's pale field on its own.
      await campaignFor(business('dental'), ALL, {
        logo: true,
        hooks: [
          'Nervous about the dentist? We take it slow, and we explain every step before we start.',
          'Painless cleanings for nervous patients. Evening visits too.',
        ],
      }),
      // B2B, no offer, short and long copy.
      await campaignFor(business('payroll'), ALL, {
        hooks: ['Payroll, done.', 'Payroll done in ten minutes, taxes filed for you, every single month.'],
      }),
      // A product with alpha, an offer and a logo.
      await campaignFor(business('coffee'), ALL, {
        product: 'url',
        logo: true,
        hooks: ['Your morning, finally worth waking up for.', 'Coffee worth waking up for.'],
      }),
      // A product on a white backdrop (JPEG), no offer.
      await campaignFor(business('skincare'), '1:1,9:16,191:100', {
        product: 'url',
        hooks: ['Brighter skin in four weeks.', 'One drop each morning, and skin that glows by week four.'],
      }),
    ];
    const workers = runWorkers(api);
    const results: Array<{ made: Made; list: any[] }> = [];
    try {
      for (const made of template) results.push({ made, list: await generate(made) });
    } finally {
      await workers.stop();
    }
    // The Bedrock stand-in: busy, photo-like visuals; the layout has to find the calm part.
    const runtime = new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: standInUrl,
      maxAttempts: 1,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      requestHandler: new NodeHttpHandler({ requestTimeout: 30_000 }),
    });
    const hotel = await campaignFor(business('hotel'), '1:1,4:5,9:16,16:9', {
      logo: true,
      hooks: ['Wake up to the sea.', 'Breakfast on the terrace and nowhere to be.'],
    });
    const bedrockWorkers = runWorkers(
      api,
      workerDepsFor(api, { imageModel: createStabilityImageModel(runtime, 'stability.sd3-5-large-v1:0') }),
    );
    try {
      results.push({ made: hotel, list: await generate(hotel) });
    } finally {
      await bedrockWorkers.stop();
    }

    const pngs = new Map<string, Buffer>();
    for (const { made, list } of results) {
      for (const creative of list) await inspect(made, creative, pngs);
      await checkAngles(list, pngs);
    }
    const recall = stats.offerCta.seen / stats.offerCta.total;
    console.log(
      `creatives ${stats.creatives}, offer+CTA word recall ${recall.toFixed(3)} (${stats.offerCta.seen}/${stats.offerCta.total}), words outside safe zones ${stats.outside.length}, six-word repeats ${stats.repeated.length}, offer twice ${stats.offerTwice.length}, logo under 3:1 ${stats.logo.length}, ellipses ${stats.ellipses.length}, split words ${stats.split.length}, forbidden ${stats.forbidden.length}, smallest angle MAD ${Math.min(...stats.mad).toFixed(1)} over ${stats.mad.length} pairs`,
    );
    console.log(
      JSON.stringify(
        {
          failed: stats.failed,
          outside: stats.outside.slice(0, 10),
          split: stats.split.slice(0, 10),
          forbidden: stats.forbidden,
          ellipses: stats.ellipses.slice(0, 3),
          repeated: stats.repeated.slice(0, 10),
          offerTwice: stats.offerTwice.slice(0, 10),
          logo: stats.logo,
        },
        null,
        1,
      ),
    );
    expect(stats.failed).toEqual([]);
    expect(stats.creatives).toBeGreaterThanOrEqual(40);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(stats.outside).toEqual([]);
    expect(stats.ellipses).toEqual([]);
    expect(stats.split).toEqual([]);
    expect(stats.forbidden).toEqual([]);
    expect(stats.repeated).toEqual([]);
    expect(stats.offerTwice).toEqual([]);
    expect(stats.logo).toEqual([]);
    expect(Math.min(...stats.mad)).toBeGreaterThanOrEqual(20);
  });

  it('fails a creative that cannot pass its gates with quality_gate and releases its credit', async () => {
    const made = await campaignFor(business('payroll'), '1:1,9:16', {
      hooks: ['Payroll, done.'],
      credits: 5,
    });
    const impossible = workerDepsFor(api, {
      compose: (input) => composeCreative({ ...input, gates: { minContrast: 22 } }),
    });
    const workers = runWorkers(api, impossible);
    let list: any[];
    try {
      list = await generate(made);
    } finally {
      await workers.stop();
    }
    expect(list).toHaveLength(2);
    for (const c of list) {
      expect(c.status).toBe('failed');
      expect(c.failure_reason).toMatch(/^quality_gate: min_contrast/);
      expect(c.image_url).toBeNull();
    }
    const credits = (await api.call('get_credits', {}, { apiKey: made.account.apiKey })).body.credits;
    expect(credits).toMatchObject({ available: 5, reserved: 0, used: 0 });
  }, 300_000);
});
