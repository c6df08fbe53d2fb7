/** What the renderer benches draw: one brand, one set of copy, a product, and the content cases in turn. */
import { createTemplateImageModel } from '#core/creative/scenes/index.ts';
import { defaultBrandKit } from '#core/entities/brand-kit.ts';
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
