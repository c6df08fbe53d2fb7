import sharp from 'sharp';
import type { FontFamily } from '../fonts.ts';
import { FONT_FAMILIES } from '../fonts.ts';
import { type DrawnVisual, PermanentImageError, type RgbPixels, type Visual } from '../images/types.ts';
import { type BusyGrid, measureBusyGrid, type RelBox, salientBox } from './analysis.ts';
import { releaseCanvas } from './canvas.ts';
import { type CleanCopy, usableCopy } from './copy.ts';
import { facesFor } from './fonts.ts';
import { printableCopy, printableText } from './glyphs.ts';
import { defaultPlacement, safeZone, unitScale } from './grid.ts';
import { familyOrder, LAYOUTS } from './layouts/index.ts';
import type { Fonts, LayoutContext, LayoutPlan } from './layouts/types.ts';
import { type LegibleLogo, legibleLogo, readLogo } from './logo.ts';
import { repeats } from './one-message.ts';
import { brandPalette } from './palette.ts';
import { cutOutProduct } from './product.ts';
import { measureQuality } from './quality.ts';
import { type Assets, focusCrop, PNG_LEVEL, renderBackground, renderFinal } from './render.ts';
import { badgeCase } from './text-fit.ts';
import {
  type ComposedCreative,
  type ComposeInput,
  DEFAULT_GATES,
  type LayoutFamily,
  type QualityGates,
} from './types.ts';

/** A creative that cannot pass its quality gates: the slot fails and its credit is released. */
export class QualityGateError extends PermanentImageError {
  constructor(
    readonly gate: string,
    detail: string,
  ) {
    super('quality_gate', `${gate} (${detail})`);
  }
}

/** Stand-ins for layouts that never look at the picture. */
const CENTRE: RelBox = { x: 0.25, y: 0.25, width: 0.5, height: 0.5 };
const FLAT_GRID: BusyGrid = {
  cols: 1,
  rows: 1,
  edge: new Float32Array(1),
  variance: new Float32Array(1),
  mean: new Float32Array([128]),
};

/** Long side of the visual copy the region analysis reads (it measures a 160 px grid of it). */
const ANALYSIS_SIDE = 320;

/**
 * The visual's pixels at a scale, each scale made once per creative. An encoded visual is
 * decoded once at full size (whatever scale is asked: it is what there is); a drawn one is
 * drawn at the scale asked, never above 1, rounded up to a tenth so near scales share a drawing.
 */
function pixelSource(v: Visual | DrawnVisual) {
  const made = new Map<number, Promise<RgbPixels>>();
  const at = (scale: number): Promise<RgbPixels> => {
    const key = 'pixels' in v ? Math.min(1, Math.ceil(scale * 10) / 10) : 1;
    let hit = made.get(key);
    if (!hit) {
      hit = 'pixels' in v ? v.pixels(key) : decodeVisual(v);
      made.set(key, hit);
    }
    return hit;
  };
  return { at };
}

async function decodeVisual(v: Visual): Promise<RgbPixels> {
  try {
    const { data, info } = await sharp(v.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new PermanentImageError('invalid_visual', `The ${v.model} visual is not an image.`);
  }
}

/** Families tried after the content's own: pure brand layouts that never read the picture. */
const LAST_RESORT: readonly LayoutFamily[] = ['typographic', 'brand-block'];

function family(value: string): FontFamily {
  return (FONT_FAMILIES as readonly string[]).includes(value) ? (value as FontFamily) : 'Inter';
}

/**
 * The copy pairings to try, in tiers in order of preference: per headline, the headline with
 * each body, then without one; then the same headline with an offer too long for its badge set
 * at body size in the body's place. Nothing is printed twice (one-message.ts): a body that repeats the headline,
 * the offer or the CTA is never paired with them, and a headline that already carries the offer
 * prints it once, there. The body is the first thing given up for room; the offer and the CTA
 * never are. Every layout family is tried with one headline before the next (shorter, less
 * specific) headline is: copy that does not fit is re-laid out before it is replaced.
 */
function copyTiers(copy: CleanCopy) {
  const headlines = [
    ...copy.headlines.filter((h) => !repeats(h, copy.cta)),
    ...copy.headlines.filter((h) => repeats(h, copy.cta)),
  ];
  type Choice = { headline: string; body: string | undefined; offer: string | undefined };
  return headlines.flatMap((headline) => {
    const offer = repeats(headline, copy.offer) ? undefined : copy.offer;
    const tier: Choice[] = [];
    for (const body of copy.bodies) {
      if (repeats(body, headline) || repeats(body, copy.offer) || repeats(body, copy.cta)) continue;
      tier.push({ headline, body, offer });
    }
    tier.push({ headline, body: undefined, offer });
    // The offer keeps its badge in any family that has room for one before it is set as a body.
    return offer ? [tier, [{ headline, body: offer, offer: undefined }]] : [tier];
  });
}

/**
 * Composes one creative:
 * 1. clean the copy candidates (no placeholder, campaign name, ellipsis or banned word);
 * 2. read the visual: busy-ness grid and subject box on a downscaled copy;
 * 3. cut the product out of its backdrop; decode the logo (a wordmark stands in without one);
 * 4. walk the layout families open to this content, in the angle's order, the brand's flat
 *    layouts last: the first that holds the preferred headline whole at its minimum type sizes
 *    (with a body if there is room); only when no family holds it, the next headline;
 * 5. render everything but the words, measure contrast, safe zone, sizes, banned words, product
 *    and logo from those pixels and the boxes; a failed gate re-lays out in the next family, the
 *    brand's own flat layouts last, and only when every one fails does the slot fail;
 * 6. draw logo and words and encode the PNG.
 */
export async function composeCreative(input: ComposeInput): Promise<ComposedCreative> {
  const W = Math.round(input.width);
  const H = Math.round(input.height);
  if (!(W > 0 && H > 0 && W <= 4096 && H <= 4096))
    throw new RangeError(`composeCreative: bad size ${input.width}×${input.height}`);
  const warnings: string[] = [];
  const copy = printableCopy(usableCopy(input.copy, input.brand.banned_words, input.excludeText ?? []), [
    family(input.brand.fonts.heading),
    family(input.brand.fonts.body),
  ]);
  if (copy.dropped.length > 0) warnings.push(`copy_dropped: ${copy.dropped.length}`);
  if (copy.glyphs.length > 0) warnings.push(`glyphs_dropped: ${copy.glyphs.join(' ')}`);
  if (copy.headlines.length === 0)
    throw new QualityGateError(
      'copy',
      `no usable headline among ${input.copy.headlines.length} candidates: ${copy.dropped.slice(0, 3).join(' / ').slice(0, 200)}`,
    );
  const run = await prepareRun(input, W, H, copy, warnings);
  let relayouts = 0;
  let lastFailure: { gate: string; detail: string } | undefined;
  for (const tier of copyTiers(copy))
    for (const attempt of run.tries) {
      const outcome = await tryLayout(run, attempt, tier, copy.cta);
      if (!outcome) continue;
      if ('gate' in outcome) {
        lastFailure = outcome;
        relayouts++;
        continue;
      }
      return {
        ...outcome,
        quality: {
          ...outcome.quality,
          relayouts,
          ...(warnings.length > 0 ? { warnings: [...new Set(warnings)] } : {}),
        },
      };
    }
  if (lastFailure) throw new QualityGateError(lastFailure.gate, lastFailure.detail);
  throw new QualityGateError(
    'text_fit',
    `the copy does not fit any layout at ${Math.round(unitScale(W, H) * 1080)} px scale`,
  );
}

type CopyChoice = ReturnType<typeof copyTiers>[number][number];
type Attempt = { family: LayoutFamily; scrimBias: number };
type Run = Awaited<ReturnType<typeof prepareRun>>;
/** A creative as one attempt finishes it: the run adds its relayouts and warnings. */
type Finished = Omit<ComposedCreative, 'quality'> & { quality: ReturnType<typeof measureQuality>['quality'] };

/** Steps 2–3 of composeCreative: what every layout attempt shares, and the attempts in order. */
async function prepareRun(input: ComposeInput, W: number, H: number, copy: CleanCopy, warnings: string[]) {
  const gates: QualityGates = { ...DEFAULT_GATES, ...input.gates };
  const placement = input.placement ?? defaultPlacement(W, H);
  const safe = safeZone(W, H, placement);
  const palette = brandPalette(input.brand.colors);

  // The visual's pixels are made (decoded, or drawn for an offline scene) only when a layout
  // draws or reads them (a typographic creative needs neither), at the scale each use needs:
  // the region analysis reads a small copy, a card shows no more pixels than it holds.
  const visual = pixelSource(input.visual);
  let analysed: { grid: BusyGrid; salient: RelBox } | undefined;
  const analyse = async () => {
    if (!analysed) {
      const small = await visual.at(ANALYSIS_SIDE / Math.max(W, H));
      const grid = await measureBusyGrid({ ...small, channels: small.channels ?? 3 });
      const known = 'pixels' in input.visual ? input.visual.subject : undefined;
      analysed = { grid, salient: known ?? salientBox(grid) };
    }
    return analysed;
  };
  const product = input.product ? await cutOutProduct(input.product) : undefined;
  const logo = await readLogo(input.logo);
  if (input.logo && !logo)
    warnings.push('logo_unreadable: the logo could not be decoded; the wordmark stands in');
  if (input.logoMissing)
    warnings.push('logo_missing: the brand kit logo could not be loaded; the wordmark stands in');

  const visualKind = input.visualKind ?? (input.visual.model.startsWith('template') ? 'scene' : 'model');
  const angleIndex = input.angleIndex ?? 0;
  const seed = input.seed ?? input.visual.seed ?? 0;
  const base: Omit<LayoutContext, 'copy' | 'scrimBias'> = {
    width: W,
    height: H,
    placement,
    safe,
    u: Math.min(W, H),
    palette,
    fonts: copyFonts(input, copy),
    logo: logo ? { width: logo.width, height: logo.height } : undefined,
    wordmark: logo ? undefined : wordmarkOf(input),
    product: product ? { width: product.width, height: product.height } : undefined,
    grid: FLAT_GRID,
    visualKind,
    salient: CENTRE,
    variant: angleIndex + 5 * (seed % 2),
  };
  const blank =
    'blank' in input.visual && typeof input.visual.blank === 'function'
      ? await input.visual.blank()
      : Boolean((input.visual as Visual).blank);
  const order = familyOrder(
    {
      hasProduct: Boolean(product),
      modelVisual: visualKind === 'model',
      hasOffer: Boolean(copy.offer),
      scenePicture: visualKind === 'scene' && !blank,
    },
    angleIndex,
  );
  const assets: Assets = { focus: CENTRE, product: product?.png };

  const tries: Attempt[] = [];
  // The brand's own layouts close the list whatever content opened it: a flat field in the
  // kit's colours holds the most words at legible sizes and always reads, so copy that fits
  // nowhere else is re-laid out there instead of failing the slot (ADR 0038).
  for (const f of [...order, ...LAST_RESORT.filter((l) => !order.includes(l))]) {
    tries.push({ family: f, scrimBias: 0 });
    if (f === 'calm-overlay') tries.push({ family: f, scrimBias: 1 });
  }
  return {
    input,
    W,
    H,
    gates,
    safe,
    warnings,
    visual,
    analyse,
    product,
    logo,
    visualKind,
    base,
    assets,
    tries,
  };
}

/** The client's name, drawn in the heading family when there is no logo (none if it cannot be). */
function wordmarkOf(input: ComposeInput): string | undefined {
  const name = printableText(input.clientName?.trim() ?? '', [family(input.brand.fonts.heading)]);
  return (name.ok && name.text) || undefined;
}

/** The brand fonts, each face subset to the copy it sets. */
function copyFonts(input: ComposeInput, copy: CleanCopy): Fonts {
  const heading = family(input.brand.fonts.heading);
  const body = family(input.brand.fonts.body);
  const headingText = [...copy.headlines, badgeCase(copy.offer ?? '')].join(' ');
  return {
    heading,
    body,
    headingFaces: facesFor(heading, 700, headingText),
    bodyFaces: facesFor(body, 400, copy.bodies.join(' ')),
    ctaFaces: facesFor(body, 700, copy.cta),
  };
}

/**
 * Steps 4–6 for one family and one tier of copy: undefined when no choice of the tier fits the
 * family, the failed gate when the rendered background fails one, else the finished creative
 * (its quality without the run's relayouts and warnings).
 */
async function tryLayout(
  run: Run,
  attempt: Attempt,
  tier: readonly CopyChoice[],
  cta: string,
): Promise<Finished | { gate: string; detail: string } | undefined> {
  const { W, H, assets, logo, warnings } = run;
  let plan: LayoutPlan | undefined;
  const reading =
    attempt.family === 'typographic' ? { grid: FLAT_GRID, salient: CENTRE } : await run.analyse();
  assets.focus = reading.salient;
  for (const choice of tier) {
    plan = LAYOUTS[attempt.family].plan({
      ...run.base,
      ...reading,
      scrimBias: attempt.scrimBias,
      copy: { ...choice, cta },
    });
    if (plan) break;
  }
  if (!plan) return undefined;
  if (plan.visualBox) {
    // The scale at which the cropped visual fills its box pixel for pixel.
    const crop = focusCrop(W, H, plan.visualBox, assets.focus);
    assets.visual = await run.visual.at(
      Math.max(plan.visualBox.width / crop.width, plan.visualBox.height / crop.height),
    );
  }
  const background = await renderBackground(plan, W, H, assets);
  let shownLogo: LegibleLogo | undefined;
  if (plan.logo && logo) {
    shownLogo = await legibleLogo(background, plan.logo, logo);
    plan.logo.chip = shownLogo.plate;
    if (shownLogo.treatment !== 'as-is') warnings.push(`logo_${shownLogo.treatment}`);
  }
  const measured = measureQuality({
    plan,
    background,
    safe: run.safe,
    banned: run.input.brand.banned_words,
    gates: run.gates,
    wantProduct: Boolean(run.product),
    logoContrast: shownLogo?.contrast,
  });
  if (measured.failed) {
    releaseCanvas(background);
    return {
      gate: measured.failed,
      detail: `${attempt.family}: min_contrast ${measured.quality.min_contrast}, min_text_px ${measured.quality.min_text_px}`,
    };
  }
  const photo = run.visualKind === 'model' && plan.visualBox !== undefined;
  const png = await renderFinal(plan, background, shownLogo, photo ? PNG_LEVEL.photo : PNG_LEVEL.flat);
  releaseCanvas(background);
  return {
    png,
    width: W,
    height: H,
    printed: plan.texts.map((t) => ({ role: t.role, text: t.lines.join(' ') })),
    quality: measured.quality,
  };
}
