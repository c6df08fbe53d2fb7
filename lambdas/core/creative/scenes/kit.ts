import { darken, lighten, relativeLuminance } from '../color.ts';
import type { BrandPalette } from '../palette.ts';

/** Seeded randomness (mulberry32) and SVG helpers shared by the offline scenes. */

export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Rng = {
  next(): number;
  range(min: number, max: number): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => Math.floor(min + (max - min + 1) * next()),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
  };
}

export type SceneContext = {
  W: number;
  H: number;
  u: number;
  rng: Rng;
  pal: BrandPalette;
  /** Mirrors the composition left↔right. */
  flip: boolean;
  defs: string[];
  ids: number;
};

export const n = (v: number) => (Math.round(v * 10) / 10).toString();

export function gradient(
  s: SceneContext,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stops: Array<[number, string]>,
): string {
  s.ids++;
  const id = `g${s.ids}`;
  s.defs.push(
    `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stops
      .map(([o, c]) => `<stop offset="${n(o * 100)}%" stop-color="${c}"/>`)
      .join('')}</linearGradient>`,
  );
  return `url(#${id})`;
}

/** erfc by Abramowitz–Stegun 7.1.26 (error < 1.5e-7): enough for a gradient's stops. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.3275911 * z);
  const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const r = y * Math.exp(-z * z);
  return x >= 0 ? r : 2 - r;
}

/**
 * A disc of radius `r` softened as by a Gaussian blur of `deviation`, drawn as a radial gradient:
 * the same look as `filter` blur at a fraction of its cost (a large blur is the most expensive
 * thing resvg can be asked for, and it grows with the canvas).
 */
export function softDisc(
  s: SceneContext,
  cx: number,
  cy: number,
  r: number,
  fill: string,
  opacity: number,
  deviation: number,
): string {
  s.ids++;
  const id = `r${s.ids}`;
  const outer = r + 3 * deviation;
  // A blurred disc smaller than its blur never reaches full strength at its centre.
  const peak = 1 - Math.exp(-(r * r) / (2 * deviation * deviation));
  const stops: string[] = [];
  for (const k of [-3, -2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2, 3]) {
    const d = r + k * deviation;
    if (d < 0) continue;
    const strength = Math.min(peak, 0.5 * erfc(k / Math.SQRT2)) * opacity;
    stops.push(
      `<stop offset="${n((d / outer) * 100)}%" stop-color="${fill}" stop-opacity="${Math.round(strength * 1000) / 1000}"/>`,
    );
  }
  const first = Math.max(0, r - 3 * deviation);
  if (first > 0)
    stops.unshift(
      `<stop offset="0%" stop-color="${fill}" stop-opacity="${Math.round(peak * opacity * 1000) / 1000}"/>`,
    );
  s.defs.push(
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(outer)}">${stops.join('')}</radialGradient>`,
  );
  return `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(outer)}" fill="url(#${id})"/>`;
}

/**
 * Opacity on a single shape as fill (or stroke) opacity: the same pixels, but resvg then paints
 * the shape straight onto the canvas instead of through a layer of its own.
 */
export function flattenOpacity(svg: string): string {
  return svg.replace(
    /<(rect|circle|ellipse|polygon|path)\b([^>]*?) opacity="([^"]+)"/g,
    (_m, tag, attrs, value) =>
      /\bfilter=/.test(attrs) || /\bfill="url\(/.test(attrs)
        ? `<${tag}${attrs} opacity="${value}"`
        : /\bstroke="/.test(attrs) && /\bfill="none"/.test(attrs)
          ? `<${tag}${attrs} stroke-opacity="${value}"`
          : `<${tag}${attrs} fill-opacity="${value}"`,
  );
}

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(Math.max(0, w))}" height="${n(Math.max(0, h))}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

/** Brand tones for scenery: tints and shades of the kit's colours only. */
export function tones(pal: BrandPalette) {
  const k = pal.kit;
  const lightBase = relativeLuminance(k.background) > 0.5 ? k.background : pal.light;
  return {
    paper: lighten(lightBase, 0.2),
    wall: lighten(k.primary, 0.9),
    wallShade: lighten(k.primary, 0.8),
    floor: lighten(k.secondary, 0.66),
    primary: k.primary,
    primarySoft: lighten(k.primary, 0.55),
    primaryDeep: darken(k.primary, 0.35),
    secondary: k.secondary,
    secondarySoft: lighten(k.secondary, 0.6),
    accent: k.accent,
    accentSoft: lighten(k.accent, 0.6),
    ink: pal.deep,
  };
}
