/** What the renderer benches draw: one brand, one set of copy, a product, and the content cases in turn. */
import { createTemplateImageModel } from '#core/creative/scenes/index.ts';
import type { ComposeInput } from '#core/creative/types.ts';
import { defaultBrandKit } from '#core/entities/brand-kit.ts';
import { deliverySize } from '#core/images/sizes.ts';
import { pouchPng } from '../../scripts/lib/sample-businesses.ts';

export const brand = defaultBrandKit('bench', '2026-01-01T00:00:00.000Z');
export const copy = {
  headlines: [
    'Small-batch coffee, roasted this week for people who work from home',
    'Coffee roasted this week',
  ],
  bodies: [
    'Fresh beans at your door every other Thursday. Skip or cancel any time.',
    'Fresh beans every other Thursday.',
  ],
  offer: '30% off your first bag',
  cta: 'Shop now',
};
// The stored brief's picture input: the offline path draws its library picture (issue 24), so
// the bench times the new imagery, not only the brand field.
export const picture = {
  category: 'food & drink > cafe and coffee shop',
  subject: 'a barista pouring a cup of coffee at a bright counter',
};
// The visual style a slot without an angle gets (lambdas/generate/prompt.ts).
export const visualStyle = 'clean modern product advertising, soft studio light';
export const model = createTemplateImageModel();
export const product = pouchPng();

/** Content cases in turn: without a product (angles 0, 1) and with one (angles 0, 1, 2). */
export const CASES = [
  { product: false, angle: 0 },
  { product: true, angle: 0 },
  { product: false, angle: 1 },
  { product: true, angle: 1 },
  { product: true, angle: 2 },
] as const;

type Ratio = { w: number; h: number };
type Case = (typeof CASES)[number];

/** The offline scene for one case, as the worker asks the template model for it. */
export const sceneFor = (ratio: Ratio, c: Case, seed: number) =>
  model.draw({
    prompt: '',
    negativePrompt: '',
    ...deliverySize(ratio),
    aspectRatio: ratio,
    seed,
    brand,
    visualStyle,
    picture,
    productImage: c.product ? product : undefined,
  });

/** What the compositor is given for one case of the template path. */
export const templateCompose = (
  visual: ComposeInput['visual'],
  ratio: Ratio,
  c: Case,
  seed: number,
): ComposeInput => ({
  visual,
  ...deliverySize(ratio),
  aspectRatio: ratio,
  copy,
  brand,
  clientName: 'Bench Roasters',
  product: c.product ? product : undefined,
  angleIndex: c.angle,
  seed,
});
