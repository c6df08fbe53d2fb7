/**
 * The renderer as the compositor imports it during the engine comparison (bench/lib/engine-hooks.mjs
 * points `./render.ts` here): the real passes, each final creative's plan and inputs kept.
 */

import type { LayoutPlan } from '#core/creative/layouts/types.ts';
import {
  type Assets,
  type Raster,
  renderBackground as realBackground,
  renderFinal as realFinal,
} from '#core/creative/render.ts';

export * from '#core/creative/render.ts';

/** What both engines need to draw one creative again. */
export type CapturedPlan = {
  plan: LayoutPlan;
  width: number;
  height: number;
  assets: Assets;
  logo: { png: Buffer } | undefined;
  pngLevel: number | undefined;
};

export const captured: CapturedPlan[] = [];
let pending: Omit<CapturedPlan, 'logo' | 'pngLevel'> | undefined;

/** A copy the renderer's later writes (the logo's chip) cannot reach; fonts and pixels are shared. */
const copyOf = (plan: LayoutPlan): LayoutPlan => ({
  ...plan,
  texts: plan.texts.map((t) => ({ ...t })),
  logo: plan.logo ? { ...plan.logo } : undefined,
});

export async function renderBackground(plan: LayoutPlan, W: number, H: number, assets: Assets) {
  pending = { plan: copyOf(plan), width: W, height: H, assets: { ...assets } };
  return realBackground(plan, W, H, assets);
}

export async function renderFinal(
  plan: LayoutPlan,
  background: Raster,
  logo: { png: Buffer } | undefined,
  pngLevel?: number,
) {
  if (pending) captured.push({ ...pending, plan: copyOf(plan), logo, pngLevel });
  pending = undefined;
  return realFinal(plan, background, logo, pngLevel);
}
