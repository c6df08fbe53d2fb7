import { fitProduct } from '../product.ts';
import type { Box } from '../types.ts';
import type { LayoutContext } from './types.ts';

/** The product's box inside `area`, leaving room around it (`fill` of the area's smaller side). */
export function productIn(ctx: LayoutContext, area: Box, fill = 0.78): Box | undefined {
  if (!ctx.product) return undefined;
  const padX = (area.width * (1 - fill)) / 2;
  const padY = (area.height * (1 - fill)) / 2;
  return fitProduct(ctx.product, {
    x: area.x + padX,
    y: area.y + padY,
    width: area.width - 2 * padX,
    height: area.height - 2 * padY,
  });
}

/** The part of `a` that is inside the safe zone. */
export function clipToSafe(ctx: LayoutContext, a: Box): Box {
  const s = ctx.safe;
  const x = Math.max(a.x, s.x);
  const y = Math.max(a.y, s.y);
  return {
    x,
    y,
    width: Math.max(0, Math.min(a.x + a.width, s.x + s.width) - x),
    height: Math.max(0, Math.min(a.y + a.height, s.y + s.height) - y),
  };
}

/** The field colour a variant uses, rotating through the brand's fields. */
export function fieldFor(ctx: LayoutContext, offset = 0): string {
  const fields = ctx.palette.fields;
  return fields[(ctx.variant + offset) % fields.length] ?? ctx.palette.kit.primary;
}

export const wide = (ctx: LayoutContext) => ctx.width / ctx.height >= 0.95;
