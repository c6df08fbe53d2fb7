/**
 * Brand colours as words an image model understands: the nearest of a small set of named
 * colours, measured in CIELAB so "nearest" matches what people see. Hex codes mean little to
 * the model and, worse, can be painted as text.
 */
const NAMED: readonly [string, string][] = [
  ['black', '#111111'],
  ['charcoal grey', '#36454F'],
  ['slate grey', '#708090'],
  ['silver grey', '#C0C0C0'],
  ['white', '#FFFFFF'],
  ['warm ivory', '#FFF8E7'],
  ['cream', '#F3E5C0'],
  ['beige', '#D9C3A0'],
  ['sand', '#C2B280'],
  ['tan', '#B08A5A'],
  ['espresso brown', '#4B2E20'],
  ['chocolate brown', '#6B3E26'],
  ['caramel', '#C08552'],
  ['terracotta', '#C8553D'],
  ['rust orange', '#B7410E'],
  ['warm orange', '#F28C28'],
  ['apricot', '#FFB347'],
  ['golden yellow', '#F2B705'],
  ['lemon yellow', '#FFF44F'],
  ['olive green', '#6B7A2A'],
  ['sage green', '#9CAF88'],
  ['mint green', '#98E2C6'],
  ['leaf green', '#3A9D23'],
  ['forest green', '#1E5631'],
  ['deep teal', '#0E6F73'],
  ['teal', '#2A9D8F'],
  ['pale aqua', '#B8E6E1'],
  ['sky blue', '#87CEEB'],
  ['powder blue', '#C6DDF0'],
  ['cobalt blue', '#2563EB'],
  ['royal blue', '#1A4FBF'],
  ['navy blue', '#1B2A4A'],
  ['indigo', '#3F3D9B'],
  ['lavender', '#B9A7E0'],
  ['violet', '#7B4FBF'],
  ['plum', '#6E2E5E'],
  ['blush pink', '#F4C2C2'],
  ['rose pink', '#E8779A'],
  ['hot pink', '#E0218A'],
  ['coral', '#FF6F61'],
  ['tomato red', '#D93A2B'],
  ['crimson', '#B0122E'],
  ['burgundy', '#6D1A2B'],
];

type Lab = { l: number; a: number; b: number };

function toLab(hex: string): Lab {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const r = lin((n >> 16) & 255);
  const g = lin((n >> 8) & 255);
  const b = lin(n & 255);
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return { l: 116 * f(y) - 16, a: 500 * (f(x) - f(y)), b: 200 * (f(y) - f(z)) };
}

const NAMED_LAB = NAMED.map(([name, hex]) => ({ name, lab: toLab(hex) }));

/** The nearest named colour of a `#RRGGBB` value. */
export function colorName(hex: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return 'neutral';
  const want = toLab(hex);
  let best = NAMED_LAB[0] as (typeof NAMED_LAB)[number];
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const entry of NAMED_LAB) {
    const d = (entry.lab.l - want.l) ** 2 + (entry.lab.a - want.a) ** 2 + (entry.lab.b - want.b) ** 2;
    if (d < bestDistance) {
      best = entry;
      bestDistance = d;
    }
  }
  return best.name;
}

/** The brand's palette in words, most important first, without repeats. */
export function paletteNames(colors: {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
}): string[] {
  const names = [colors.primary, colors.accent, colors.secondary, colors.background].map(colorName);
  return [...new Set(names)];
}
