import type { BrandColors } from '../entities/brand-kit.ts';
import { contrastRatio, darken, lighten, normalizePalette, relativeLuminance } from './color.ts';

/**
 * The colours a creative may use: the kit's five and tints (towards white) or shades (towards
 * black) of them, nothing else, so no hue appears that the brand does not own. Text colours are
 * picked for WCAG contrast against the field they sit on.
 */
export type BrandPalette = {
  kit: BrandColors;
  /** A deep field: the darkest kit colour, shaded until white text reads at 7:1. */
  deep: string;
  /** A light field: the lightest kit colour, tinted until dark text reads at 7:1. */
  light: string;
  /** Field colours for colour blocks, in the order a variant rotates through. */
  fields: string[];
};

const ROLES = ['primary', 'secondary', 'accent', 'background', 'text'] as const;

export function brandPalette(colors: BrandColors): BrandPalette {
  const kit = normalizePalette(colors) as BrandColors;
  const byLum = ROLES.map((r) => kit[r]).sort((a, b) => relativeLuminance(a) - relativeLuminance(b));
  const darkest = byLum[0] ?? kit.text;
  const lightest = byLum[byLum.length - 1] ?? kit.background;
  let deep = darkest;
  for (let t = 0.1; contrastRatio('#FFFFFF', deep) < 7 && t <= 0.9; t += 0.1) deep = darken(darkest, t);
  let light = lightest;
  for (let t = 0.1; contrastRatio('#000000', light) < 12 && t <= 0.9; t += 0.1) light = lighten(lightest, t);
  const fields = unique([kit.primary, light, deep, kit.secondary, kit.accent]);
  return { kit, deep, light, fields };
}

function unique(values: string[]): string[] {
  return [...new Set(values.map((v) => v.toUpperCase()))];
}

/**
 * The text colour for a solid field: the kit's text colour, background or primary when one reads
 * at `minimum`, else the field's own deep shade or light tint (still on the brand's lines), else
 * white or near-black.
 */
export function textOn(palette: BrandPalette, field: string, minimum = 4.6): string {
  const k = palette.kit;
  const candidates = [
    k.text,
    k.background,
    k.primary,
    darken(field, 0.82),
    lighten(field, 0.9),
    palette.deep,
    palette.light,
    '#FFFFFF',
    '#111111',
  ];
  for (const c of candidates) if (contrastRatio(c, field) >= minimum) return c.toUpperCase();
  return contrastRatio('#FFFFFF', field) >= contrastRatio('#111111', field) ? '#FFFFFF' : '#111111';
}

/**
 * A fill for a button or badge on `field`: the accent when it stands out (3:1, the WCAG
 * non-text minimum), else the primary, else a shade or tint of the accent that does.
 */
export function accentOn(palette: BrandPalette, field: string): string {
  const k = palette.kit;
  for (const c of [k.accent, k.primary, k.secondary, k.text])
    if (contrastRatio(c, field) >= 3) return c.toUpperCase();
  const fieldLum = relativeLuminance(field);
  for (let t = 0.2; t <= 0.9; t += 0.1) {
    const c = fieldLum > 0.4 ? darken(k.accent, t) : lighten(k.accent, t);
    if (contrastRatio(c, field) >= 3) return c.toUpperCase();
  }
  return fieldLum > 0.4 ? palette.deep : palette.light;
}

/** Whether `color` lies (within rounding) on the tint/shade line of one of the kit's colours. */
export function onBrandLine(palette: BrandPalette, color: string, tolerance = 10): boolean {
  const target = color.toUpperCase();
  for (const role of ROLES) {
    const base = palette.kit[role];
    for (let t = 0; t <= 1.0001; t += 0.01) {
      for (const c of [lighten(base, t), darken(base, t)]) if (near(c, target, tolerance)) return true;
    }
  }
  return near('#FFFFFF', target, tolerance) || near('#000000', target, tolerance);
}

function near(a: string, b: string, tolerance: number): boolean {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  const d = Math.hypot(
    ((pa >> 16) & 255) - ((pb >> 16) & 255),
    ((pa >> 8) & 255) - ((pb >> 8) & 255),
    (pa & 255) - (pb & 255),
  );
  return d <= tolerance;
}
