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

/** The colour seen when `top` is painted with opacity `alpha` over `under` (source-over). */
export function composite(top: string | Rgb, alpha: number, under: string | Rgb): Rgb {
  return mixRgb(under, top, alpha);
}

/** CSS `rgba(...)` for SVG/satori paint with opacity. */
export function rgba(color: string | Rgb, alpha: number): string {
  const { r, g, b } = rgbOf(color);
  return `rgba(${Math.round(r)},${Math.round(g)},${Math.round(b)},${Number(alpha.toFixed(3))})`;
}

/** Hue 0–360, saturation and lightness 0–1. */
export type Hsl = { h: number; s: number; l: number };

export function toHsl(color: string | Rgb): Hsl {
  const { r, g, b } = rgbOf(color);
  const rr = r / 255;
  const gg = g / 255;
  const bb = b / 255;
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === rr) h = (gg - bb) / d + (gg < bb ? 6 : 0);
  else if (max === gg) h = (bb - rr) / d + 2;
  else h = (rr - gg) / d + 4;
  return { h: h * 60, s, l };
}

export function fromHsl({ h, s, l }: Hsl): string {
  const hue = (((h % 360) + 360) % 360) / 360;
  if (s === 0) return toHex({ r: l * 255, g: l * 255, b: l * 255 });
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    if (t < 1 / 6) return p + (q - p) * 6 * t;
    if (t < 1 / 2) return q;
    if (t < 2 / 3) return p + (q - p) * (2 / 3 - t) * 6;
    return p;
  };
  return toHex({ r: channel(hue + 1 / 3) * 255, g: channel(hue) * 255, b: channel(hue - 1 / 3) * 255 });
}

/** Same hue, lightness set to `l` (0–1), saturation optionally scaled. */
export function withLightness(color: string | Rgb, l: number, saturationScale = 1): string {
  const hsl = toHsl(color);
  return fromHsl({ h: hsl.h, s: Math.min(1, hsl.s * saturationScale), l: Math.min(1, Math.max(0, l)) });
}

/**
 * The text colour to put on `background`: `preferred` (the brand's text colour) when it reaches
 * `minimum`, otherwise whichever of black and white contrasts more (one of them always reaches
 * 4.58:1 against any solid colour).
 */
export function readableOn(background: string | Rgb, preferred: string, minimum = 4.5): string {
  if (isHex(preferred) && contrastRatio(preferred, background) >= minimum) return toHex(parseHex(preferred));
  return contrastRatio('#FFFFFF', background) >= contrastRatio('#000000', background) ? '#FFFFFF' : '#000000';
}

/** Euclidean distance in sRGB, a cheap "how different do these look" measure. */
export function distance(a: string | Rgb, b: string | Rgb): number {
  const x = rgbOf(a);
  const y = rgbOf(b);
  return Math.hypot(x.r - y.r, x.g - y.g, x.b - y.b);
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
