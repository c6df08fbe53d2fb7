import type { Box, LayoutFamily, Placement } from './types.ts';

/** Stories and Reels: the top 14 % and bottom 35 % are covered by the app's own UI. */
export const STORY_SAFE_TOP = 0.14;
export const STORY_SAFE_BOTTOM = 0.35;
/** Feed placements: margin on every side, as a fraction of that dimension. */
export const FEED_MARGIN = 0.06;

/** A 9:16 canvas is a story unless told otherwise; everything else is a feed placement. */
export function defaultPlacement(width: number, height: number): Placement {
  return Math.abs(width / height - 9 / 16) < 0.01 ? 'story' : 'feed';
}

/** The box every text must stay inside. */
export function safeZone(width: number, height: number, placement: Placement): Box {
  const mx = Math.round(width * FEED_MARGIN);
  const my = Math.round(height * FEED_MARGIN);
  if (placement === 'story') {
    const top = Math.ceil(height * STORY_SAFE_TOP);
    return {
      x: mx,
      y: top,
      width: width - 2 * mx,
      height: Math.floor(height * (1 - STORY_SAFE_BOTTOM)) - top,
    };
  }
  return { x: mx, y: my, width: width - 2 * mx, height: height - 2 * my };
}

/**
 * Minimum type sizes in px at a 1080 px short side (scaled for other sizes): the floor below
 * which a media buyer would not run the ad, per role and layout family.
 */
const FLOORS: Record<LayoutFamily, { headline: number; body: number; offer: number; cta: number }> = {
  'side-by-side': { headline: 44, body: 28, offer: 30, cta: 30 },
  'calm-overlay': { headline: 48, body: 28, offer: 30, cta: 30 },
  'offer-led': { headline: 40, body: 28, offer: 52, cta: 30 },
  typographic: { headline: 60, body: 30, offer: 40, cta: 30 },
  'brand-block': { headline: 48, body: 28, offer: 36, cta: 30 },
};

export type Role = 'headline' | 'body' | 'offer' | 'cta';

/** Scale of a canvas against the 1080 px reference (short side; wide banners use their height × 1.2). */
export function unitScale(width: number, height: number): number {
  return Math.min(width, height * 1.2) / 1080;
}

export function minTypeSize(family: LayoutFamily, role: Role, width: number, height: number): number {
  return Math.round(FLOORS[family][role] * unitScale(width, height) * 10) / 10;
}

export function inside(inner: Box, outer: Box, tolerance = 0.5): boolean {
  return (
    inner.x >= outer.x - tolerance &&
    inner.y >= outer.y - tolerance &&
    inner.x + inner.width <= outer.x + outer.width + tolerance &&
    inner.y + inner.height <= outer.y + outer.height + tolerance
  );
}

export function intersectionArea(a: Box, b: Box): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}
