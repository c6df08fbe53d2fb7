/**
 * Renders sample creatives with the offline template model and the compositor, for looking at:
 *
 *   npx tsx scripts/render-samples.ts              → docs/samples/<ratio>.png (1:1, 4:5, 9:16, 16:9)
 *   npx tsx scripts/render-samples.ts --styles DIR → DIR/<family>-<ratio>.png, every scene family
 *
 * Beside them, docs/samples/bedrock-<ratio>.png show the Bedrock path: one stand-in model visual
 * per orientation family (as the local Bedrock stand-in paints it), cut for each ratio around its
 * subject, with the product composited in.
 *
 * The brand is a made-up coffee roaster; its product shot and logo are drawn here (satori +
 * resvg), so the script needs nothing but the project's own packages.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import satori from 'satori';
import type { BrandKit } from '#core/entities/brand-kit.ts';
import { STABILITY_SIZES } from '#core/images/bedrock-stability.ts';
import { composeCreative } from '#core/images/compositor.ts';
import { facesFor, fontFamilyCss, satoriFonts } from '#core/images/fonts.ts';
import { rasterize } from '#core/images/png.ts';
import { deliverySize } from '#core/images/sizes.ts';
import { cutAroundSubject } from '#core/images/smart-crop.ts';
import { createTemplateImageModel, SCENE_FAMILIES } from '#core/images/template-model.ts';
import { busyVisual } from '#local/bedrock-stand-in.ts';

const brand: BrandKit = {
  client_id: 'sample',
  colors: {
    primary: '#3B2417',
    secondary: '#C8A27A',
    accent: '#E07A2E',
    background: '#F6EFE6',
    text: '#23160E',
  },
  fonts: { heading: 'Playfair Display', body: 'Inter' },
  logo_url: null,
  logo_asset_id: null,
  tone_of_voice: 'Warm, crafted, a little cheeky.',
  tagline: 'Roasted this week, not this year.',
  banned_words: [],
  updated_at: '2026-01-01T00:00:00.000Z',
};

type El = { type: string; props: Record<string, unknown> };
const div = (style: Record<string, unknown>, children?: unknown): El => ({
  type: 'div',
  props: { style, children },
});

/** A stand-up coffee pouch with a label, on a transparent background. */
async function productShot(): Promise<Buffer> {
  const serif = facesFor('Playfair Display', 700, 'EMBER & OAK');
  const sans = facesFor('Inter', 600, 'HOUSE ROAST · WHOLE BEAN 340 G');
  const w = 520;
  const h = 760;
  const pouch = div(
    {
      position: 'absolute',
      left: 40,
      top: 40,
      width: w - 80,
      height: h - 60,
      borderRadius: '26px 26px 34px 34px',
      backgroundImage: 'linear-gradient(90deg, #1E120B 0%, #4A2E1D 30%, #3B2417 62%, #140B06 100%)',
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
    },
    [
      div({
        width: '100%',
        height: 54,
        borderRadius: '26px 26px 0 0',
        backgroundImage:
          'repeating-linear-gradient(90deg, #2B1A10 0px, #2B1A10 6px, #3E2718 6px, #3E2718 12px)',
      }),
      div({
        width: 22,
        height: 22,
        borderRadius: 11,
        background: '#5A3A26',
        border: '3px solid #24160D',
        marginTop: 26,
      }),
      div(
        {
          marginTop: 60,
          width: w - 160,
          height: 330,
          background: '#F6EFE6',
          borderRadius: 18,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
        },
        [
          div({ width: 70, height: 70, borderRadius: 35, background: '#E07A2E', marginBottom: 22 }),
          div(
            {
              fontFamily: fontFamilyCss(serif),
              fontWeight: 700,
              fontSize: 46,
              color: '#3B2417',
              whiteSpace: 'pre',
            },
            'EMBER & OAK',
          ),
          div({ width: 120, height: 3, background: '#C8A27A', marginTop: 14, marginBottom: 14 }),
          div(
            {
              fontFamily: fontFamilyCss(sans),
              fontWeight: 600,
              fontSize: 20,
              color: '#3B2417',
              letterSpacing: 3,
              whiteSpace: 'pre',
            },
            'HOUSE ROAST',
          ),
          div(
            {
              fontFamily: fontFamilyCss(sans),
              fontWeight: 600,
              fontSize: 15,
              color: '#8A6A50',
              letterSpacing: 2,
              marginTop: 8,
              whiteSpace: 'pre',
            },
            'WHOLE BEAN · 340 G',
          ),
        ],
      ),
    ],
  );
  const highlight = div({
    position: 'absolute',
    left: 96,
    top: 60,
    width: 40,
    height: h - 120,
    borderRadius: 20,
    backgroundImage:
      'linear-gradient(90deg, rgba(255,255,255,0) 0%, rgba(255,255,255,0.14) 50%, rgba(255,255,255,0) 100%)',
  });
  const svg = await satori(
    div({ width: w, height: h, display: 'flex', position: 'relative' }, [pouch, highlight]) as never,
    {
      width: w,
      height: h,
      fonts: satoriFonts([...serif, ...sans]),
    },
  );
  return rasterize(svg).png();
}

async function logoMark(): Promise<Buffer> {
  const serif = facesFor('Playfair Display', 700, 'Ember & Oak');
  const svg = await satori(
    div({ width: 460, height: 96, display: 'flex', alignItems: 'center' }, [
      div({ width: 64, height: 64, borderRadius: 32, background: '#E07A2E', marginRight: 18 }),
      div(
        {
          fontFamily: fontFamilyCss(serif),
          fontWeight: 700,
          fontSize: 52,
          color: '#3B2417',
          whiteSpace: 'pre',
        },
        'Ember & Oak',
      ),
    ]) as never,
    { width: 460, height: 96, fonts: satoriFonts(serif) },
  );
  return rasterize(svg).png();
}

const copy = {
  headline: 'Your morning, finally worth waking up for',
  body: 'Small-batch beans, roasted on Monday and at your door by Thursday.',
  offer: '30% off your first bag',
  cta: 'Shop the roast',
};

const SAMPLES = [
  { ratio: { w: 1, h: 1 }, name: '1x1', style: 'warm lifestyle studio photo, soft morning light', seed: 11 },
  { ratio: { w: 4, h: 5 }, name: '4x5', style: 'premium, elegant, dark and moody', seed: 7 },
  { ratio: { w: 9, h: 16 }, name: '9x16', style: 'organic, natural, botanical', seed: 3 },
  { ratio: { w: 16, h: 9 }, name: '16x9', style: 'bold flat colour blocks, high contrast', seed: 5 },
];

async function main() {
  const model = createTemplateImageModel();
  const product = await productShot();
  const logo = await logoMark();
  const stylesDir = process.argv.includes('--styles')
    ? process.argv[process.argv.indexOf('--styles') + 1]
    : undefined;
  const jobs = stylesDir
    ? SCENE_FAMILIES.flatMap((family) =>
        [
          { w: 1, h: 1 },
          { w: 9, h: 16 },
          { w: 16, h: 9 },
        ].map((ratio, i) => ({
          ratio,
          name: `${family}-${ratio.w}x${ratio.h}`,
          style: family,
          seed: 20 + i,
        })),
      )
    : SAMPLES;
  const outDir = stylesDir ?? join('docs', 'samples');
  mkdirSync(outDir, { recursive: true });
  for (const job of jobs) {
    const size = deliverySize(job.ratio);
    const t0 = performance.now();
    const visual = await model.generate({
      prompt: '',
      negativePrompt: '',
      ...size,
      aspectRatio: job.ratio,
      seed: job.seed,
      brand,
      visualStyle: job.style,
      productImage: product,
    });
    const t1 = performance.now();
    const creative = await composeCreative({ visual, ...size, aspectRatio: job.ratio, copy, brand, logo });
    const t2 = performance.now();
    const file = join(outDir, `${job.name}.png`);
    writeFileSync(file, creative.png);
    console.log(
      `${file}  ${creative.width}×${creative.height}  visual ${(t1 - t0).toFixed(0)} ms, compose ${(t2 - t1).toFixed(0)} ms`,
    );
  }
  if (!stylesDir) await bedrockSamples(product, logo);
}

/** The Bedrock path: two stand-in visuals (portrait, landscape) serve four ratios. */
async function bedrockSamples(product: Buffer, logo: Buffer) {
  const portrait = STABILITY_SIZES['9:16'];
  const landscape = STABILITY_SIZES['16:9'];
  const visuals = {
    portrait: await busyVisual(portrait.width, portrait.height, 31),
    landscape: await busyVisual(landscape.width, landscape.height, 32),
  };
  for (const ratio of [
    { w: 1, h: 1 },
    { w: 4, h: 5 },
    { w: 9, h: 16 },
    { w: 16, h: 9 },
  ]) {
    const size = deliverySize(ratio);
    const cut = await cutAroundSubject(
      ratio.w <= ratio.h ? visuals.portrait : visuals.landscape,
      ratio,
      size,
    );
    const visual = { png: cut.png, ...size, model: 'stand-in', seed: 31 };
    const creative = await composeCreative({
      visual,
      ...size,
      aspectRatio: ratio,
      copy,
      brand,
      logo,
      product,
    });
    const file = join('docs', 'samples', `bedrock-${ratio.w}x${ratio.h}.png`);
    writeFileSync(file, creative.png);
    console.log(`${file}  ${creative.width}×${creative.height}  cut upscale ${cut.upscale}×`);
  }
}

await main();
