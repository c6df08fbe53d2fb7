/**
 * Renders the sample creatives in docs/samples/ (one per layout family and per business
 * category, with and without product and offer, and one on a busy stand-in model visual):
 *
 *   npx tsx scripts/render-samples.ts            → docs/samples/*.png
 *   npx tsx scripts/render-samples.ts --all DIR  → every business × ratio × two angles into DIR
 *
 * Beside them, docs/samples/bedrock-<ratio>.png show the Bedrock path: one stand-in model visual
 * per orientation family (as the local Bedrock stand-in paints it), cut for each ratio around its
 * subject, with the product and logo composited in.
 *
 * The businesses, product shots and logos are drawn in scripts/lib, so the script needs nothing
 * but the project's own packages.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { composeCreative } from '#core/creative/compose.ts';
import { createTemplateImageModel } from '#core/creative/scenes/index.ts';
import { STABILITY_SIZES } from '#core/images/bedrock-stability.ts';
import { deliverySize } from '#core/images/sizes.ts';
import { cutAroundSubjectLazily } from '#core/images/smart-crop.ts';
import { busyVisual as standInVisual } from '#local/bedrock-stand-in.ts';
import { busyVisual } from './lib/busy-visual.ts';
import { optionsOrExit, scriptCommand } from './lib/command.ts';
import { BUSINESSES, logoPng, productFor } from './lib/sample-businesses.ts';

const { all } = optionsOrExit<{ all?: string | true }>(
  scriptCommand('render-samples', 'Renders the sample creatives of the README into docs/samples.').option(
    '--all [dir]',
    'render every sample into this folder instead (default samples-all)',
  ),
);

type Sample = {
  file: string;
  business: string;
  ratio: { w: number; h: number };
  angle: number;
  model?: boolean;
  logo?: boolean;
};

/** What docs/samples shows; the README's picture table points at these files. */
const SAMPLES: Sample[] = [
  { file: 'typographic-b2b-1x1.png', business: 'payroll', ratio: { w: 1, h: 1 }, angle: 0 },
  { file: 'brand-block-b2b-4x5.png', business: 'payroll', ratio: { w: 4, h: 5 }, angle: 1 },
  { file: 'brand-block-app-offer-1x1.png', business: 'fitness', ratio: { w: 1, h: 1 }, angle: 1 },
  { file: 'typographic-app-offer-9x16.png', business: 'fitness', ratio: { w: 9, h: 16 }, angle: 0 },
  { file: 'brand-block-hospitality-offer-16x9.png', business: 'hotel', ratio: { w: 16, h: 9 }, angle: 1 },
  { file: 'typographic-clinic-offer-4x5.png', business: 'dental', ratio: { w: 4, h: 5 }, angle: 0 },
  {
    file: 'side-by-side-product-offer-1x1.png',
    business: 'coffee',
    ratio: { w: 1, h: 1 },
    angle: 0,
    logo: true,
  },
  {
    file: 'offer-led-product-offer-4x5.png',
    business: 'coffee',
    ratio: { w: 4, h: 5 },
    angle: 1,
    logo: true,
  },
  { file: 'side-by-side-product-16x9.png', business: 'skincare', ratio: { w: 16, h: 9 }, angle: 0 },
  { file: 'calm-overlay-product-9x16.png', business: 'skincare', ratio: { w: 9, h: 16 }, angle: 1 },
  {
    file: 'calm-overlay-model-visual-1x1.png',
    business: 'hotel',
    ratio: { w: 1, h: 1 },
    angle: 0,
    model: true,
  },
  {
    file: 'offer-led-model-visual-191x100.png',
    business: 'hotel',
    ratio: { w: 191, h: 100 },
    angle: 2,
    model: true,
  },
];

const RATIOS = [
  { w: 1, h: 1 },
  { w: 4, h: 5 },
  { w: 9, h: 16 },
  { w: 16, h: 9 },
  { w: 191, h: 100 },
];

async function render(s: Sample) {
  const business = BUSINESSES.find((b) => b.key === s.business);
  if (!business) throw new Error(`no sample business ${s.business}`);
  const size = deliverySize(s.ratio);
  const product = await productFor(business);
  const seed = 11 + s.angle;
  const visual = s.model
    ? { png: await busyVisual(size.width, size.height, seed), ...size, model: 'stand-in', seed }
    : createTemplateImageModel().draw({
        prompt: business.category,
        negativePrompt: '',
        ...size,
        aspectRatio: s.ratio,
        seed,
        brand: business.brand,
        visualStyle: `angle ${s.angle}`,
        productImage: product,
      });
  return composeCreative({
    visual,
    ...size,
    aspectRatio: s.ratio,
    copy: business.copy,
    brand: business.brand,
    clientName: business.name,
    product,
    logo: s.logo ? logoPng(business.brand.colors) : undefined,
    angleIndex: s.angle,
    seed,
  });
}

async function main() {
  const outDir = all === undefined ? join('docs', 'samples') : all === true ? 'samples-all' : all;
  mkdirSync(outDir, { recursive: true });
  for (const f of readdirSync(outDir)) if (f.endsWith('.png')) rmSync(join(outDir, f));
  const jobs: Sample[] =
    all !== undefined
      ? BUSINESSES.flatMap((b) =>
          [0, 1].flatMap((angle) =>
            RATIOS.map((ratio) => ({
              file: `${b.key}-a${angle}-${ratio.w}x${ratio.h}.png`,
              business: b.key,
              ratio,
              angle,
            })),
          ),
        )
      : SAMPLES;
  for (const job of jobs) {
    const creative = await render(job);
    writeFileSync(join(outDir, job.file), creative.png);
    const q = creative.quality;
    console.log(
      `${job.file}  ${q.layout}  contrast ${q.min_contrast}  min ${q.min_text_px}px  text ${q.text_area_pct}%`,
    );
  }
  if (all === undefined) await bedrockSamples(outDir);
}

/** The Bedrock path: one visual per orientation family, cut per ratio, product composited. */
async function bedrockSamples(outDir: string) {
  const business = BUSINESSES.find((b) => b.key === 'coffee');
  if (!business) throw new Error('no sample business coffee');
  const product = await productFor(business);
  const portrait = STABILITY_SIZES['9:16'];
  const landscape = STABILITY_SIZES['16:9'];
  const visuals = {
    portrait: await standInVisual(portrait.width, portrait.height, 31),
    landscape: await standInVisual(landscape.width, landscape.height, 32),
  };
  for (const ratio of [
    { w: 1, h: 1 },
    { w: 4, h: 5 },
    { w: 9, h: 16 },
    { w: 16, h: 9 },
  ]) {
    const size = deliverySize(ratio);
    // As the worker does: the window is resampled at the scales the layout asks for.
    const cut = await cutAroundSubjectLazily(
      ratio.w <= ratio.h ? visuals.portrait : visuals.landscape,
      ratio,
      size,
    );
    const creative = await composeCreative({
      visual: { ...size, model: 'stand-in', seed: 31, pixels: (scale) => cut.pixels(scale) },
      ...size,
      aspectRatio: ratio,
      copy: business.copy,
      brand: business.brand,
      clientName: business.name,
      logo: logoPng(business.brand.colors),
      product,
      angleIndex: 0,
      seed: 31,
    });
    const file = `bedrock-${ratio.w}x${ratio.h}.png`;
    writeFileSync(join(outDir, file), creative.png);
    console.log(`${file}  ${creative.quality.layout}  cut upscale ${cut.upscale}×`);
  }
}

await main();
