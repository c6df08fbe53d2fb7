/**
 * Colour arithmetic for the renderers: hex parsing, WCAG 2.x relative luminance and contrast
 * ratio, and mixing in sRGB space (the space resvg blends in, so a computed blend is the colour
 * that ends up in the pixels).
 */

/** The five brand colour roles (same shape as the brand kit's `colors`). */
export type Palette = {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  text: string;
};

/** Neutral defaults (the brand kit's own), used for any role that is not a valid hex colour. */
const NEUTRAL: Palette = {
  primary: '#1F2937',
  secondary: '#4B5563',
  accent: '#2563EB',
  background: '#F9FAFB',
  text: '#111827',
};

/** 8-bit sRGB channels, 0–255 (not necessarily integers after mixing). */
export type Rgb = { r: number; g: number; b: number };

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** Parses `#rgb`, `#rrggbb` or `#rrggbbaa` (alpha ignored). Throws a RangeError on anything else. */
export function parseHex(hex: string): Rgb {
  const match = HEX.exec(hex.trim());
  if (!match?.[1]) throw new RangeError(`not a hex colour: ${hex}`);
  let digits = match[1];
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  return {
    r: Number.parseInt(digits.slice(0, 2), 16),
    g: Number.parseInt(digits.slice(2, 4), 16),
    b: Number.parseInt(digits.slice(4, 6), 16),
  };
}

export function isHex(value: string): boolean {
  return HEX.test(value.trim());
}

function channelHex(value: number): string {
  return Math.round(Math.min(255, Math.max(0, value)))
    .toString(16)
    .padStart(2, '0');
}

/** `#rrggbb`, upper case, channels rounded and clamped. */
export function toHex(color: Rgb): string {
  return `#${channelHex(color.r)}${channelHex(color.g)}${channelHex(color.b)}`.toUpperCase();
}

function rgbOf(color: string | Rgb): Rgb {
  return typeof color === 'string' ? parseHex(color) : color;
}

/** sRGB 0–255 → linear light 0–1 (WCAG 2.x formula). */
export function srgbToLinear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance, 0 (black) – 1 (white). */
export function relativeLuminance(color: string | Rgb): number {
  const { r, g, b } = rgbOf(color);
  return 0.2126 * srgbToLinear(r) + 0.7152 * srgbToLinear(g) + 0.0722 * srgbToLinear(b);
}

/** Contrast ratio of two luminances, 1–21. */
export function contrastOfLuminances(a: number, b: number): number {
  const hi = Math.max(a, b);
  const lo = Math.min(a, b);
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG contrast ratio between two colours, 1–21 (4.5 is the AA minimum for body text). */
export function contrastRatio(a: string | Rgb, b: string | Rgb): number {
  return contrastOfLuminances(relativeLuminance(a), relativeLuminance(b));
}

/** `a` moved towards `b` by `t` (0 → a, 1 → b), per channel in sRGB. */
export function mixRgb(a: string | Rgb, b: string | Rgb, t: number): Rgb {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return { r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t };
}

export function mix(a: string | Rgb, b: string | Rgb, t: number): string {
  return toHex(mixRgb(a, b, t));
}

export function lighten(color: string | Rgb, t: number): string {
  return mix(color, '#FFFFFF', t);
}

export function darken(color: string | Rgb, t: number): string {
  return mix(color, '#000000', t);
}

/** The palette with every role normalised to `#RRGGBB`; an invalid entry falls back to a neutral. */
export function normalizePalette(colors: Palette): Palette {
  const out = { ...NEUTRAL };
  for (const key of Object.keys(NEUTRAL) as (keyof Palette)[]) {
    const value = colors[key];
    if (typeof value === 'string' && isHex(value)) out[key] = toHex(parseHex(value));
  }
  return out;
}
