import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { FONT_FAMILIES, type FontFamily } from '../fonts.ts';
import { type Metrics, parseMetrics } from './sfnt.ts';

/**
 * The brand fonts, shipped as @fontsource WOFF files (Lambda has no system fonts; satori reads
 * WOFF and TTF/OTF, not WOFF2). Each family/weight/subset file is read and parsed once per
 * process. Besides the bytes for satori, each face keeps its character map and advance widths so
 * the compositor can wrap and fit text itself and know every box before anything is drawn.
 *
 * No brand family draws arrows, check marks, stars or dingbats, which briefs do use ("→", "✓"):
 * two Noto symbol fonts stand in for those characters only, after every subset of the brand's
 * own family, so a creative never shows a .notdef box where the brand font has no glyph.
 */

/** CSS weights, as satori takes them. */
export type FontWeight = 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;

/**
 * Unicode subsets of the @fontsource packages, in fallback order (Latin first). Not every
 * family ships every subset (only Lora has `math` and `symbols`); a missing one is skipped.
 */
const SUBSETS = [
  'latin',
  'latin-ext',
  'cyrillic',
  'cyrillic-ext',
  'greek',
  'greek-ext',
  'vietnamese',
  'math',
  'symbols',
] as const;
type Subset = (typeof SUBSETS)[number];

/**
 * The fallback for what no subset of the brand family covers, in order: Noto Sans Symbols 2
 * (dingbats, stars, check marks, geometric shapes, monochrome pictographs), then Noto Sans Math
 * (every arrow and mathematical operator; @fontsource files the whole font as `latin`).
 */
const SYMBOL_FACES = [
  { family: 'Noto Sans Symbols 2', subset: 'symbols' },
  { family: 'Noto Sans Symbols 2', subset: 'math' },
  { family: 'Noto Sans Math', subset: 'latin' },
] as const;
type SymbolFamily = (typeof SYMBOL_FACES)[number]['family'];

/** Weights each package ships (upright only). */
const WEIGHTS: Record<FontFamily | SymbolFamily, readonly number[]> = {
  Inter: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  Montserrat: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  Poppins: [100, 200, 300, 400, 500, 600, 700, 800, 900],
  Oswald: [200, 300, 400, 500, 600, 700],
  'Playfair Display': [400, 500, 600, 700, 800, 900],
  Lora: [400, 500, 600, 700],
  'Noto Sans Symbols 2': [400],
  'Noto Sans Math': [400],
};

export type FontFace = {
  family: FontFamily | SymbolFamily;
  weight: number;
  subset: Subset;
  /** The name the face is registered under in satori: the family for Latin, else `family subset`. */
  name: string;
  data: Buffer;
  metrics: Metrics;
};

/** What satori's `fonts` option takes. */
export type SatoriFont = { name: string; data: Buffer; weight: FontWeight; style: 'normal' };

const require = createRequire(import.meta.url);
const faces = new Map<string, FontFace | null>();

function slug(family: FontFamily | SymbolFamily): string {
  return family.toLowerCase().replace(/\s+/g, '-');
}

/** The packages faces are read from by path: each must be installed beside the worker's bundle. */
export function fontPackages(): string[] {
  const families = [...FONT_FAMILIES, ...new Set(SYMBOL_FACES.map((s) => s.family))];
  return families.map((f) => `@fontsource/${slug(f)}`);
}

/** The nearest weight the family ships (ties go to the heavier one). */
function nearestWeight(family: FontFamily | SymbolFamily, weight: number): number {
  const available = WEIGHTS[family];
  let best = available[0] ?? 400;
  for (const w of available) if (Math.abs(w - weight) <= Math.abs(best - weight)) best = w;
  return best;
}

/** Loads and parses one face, cached; undefined when the package has no such subset. */
export function loadFace(
  family: FontFamily | SymbolFamily,
  weight: number,
  subset: Subset = 'latin',
): FontFace | undefined {
  const w = nearestWeight(family, weight);
  const key = `${family}|${w}|${subset}`;
  const cached = faces.get(key);
  if (cached !== undefined) return cached ?? undefined;
  let path: string;
  try {
    path = require.resolve(`@fontsource/${slug(family)}/files/${slug(family)}-${subset}-${w}-normal.woff`);
  } catch {
    faces.set(key, null);
    return undefined;
  }
  const data = readFileSync(path);
  const face: FontFace = {
    family,
    weight: w,
    subset,
    name: subset === 'latin' ? family : `${family} ${subset}`,
    data,
    metrics: parseMetrics(data),
  };
  faces.set(key, face);
  return face;
}

/**
 * The faces needed to draw `text` in a family/weight: Latin and Latin Extended always (so the
 * satori font set, and its parsed-font cache, stays the same for most copy), plus any other
 * subset of the family that covers a character those two lack, plus a symbol face for what the
 * family has nowhere.
 */
export function facesFor(family: FontFamily, weight: number, text: string): FontFace[] {
  const out: FontFace[] = [];
  for (const subset of ['latin', 'latin-ext'] as const) {
    const face = loadFace(family, weight, subset);
    if (face) out.push(face);
  }
  const missing = new Set<number>();
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp > 0x20 && !out.some((f) => f.metrics.advances.has(cp))) missing.add(cp);
  }
  if (missing.size === 0) return out;
  const fallbacks = [
    ...SUBSETS.slice(2).map((subset) => () => loadFace(family, weight, subset)),
    ...SYMBOL_FACES.map((s) => () => loadFace(s.family, weight, s.subset)),
  ];
  for (const load of fallbacks) {
    const face = load();
    if (!face) continue;
    let covers = false;
    for (const cp of missing) {
      if (face.metrics.advances.has(cp)) {
        covers = true;
        missing.delete(cp);
      }
    }
    if (covers) out.push(face);
    if (missing.size === 0) break;
  }
  return out;
}

/** The CSS `font-family` value that makes satori try the faces in this order. */
export function fontFamilyCss(faces: readonly FontFace[]): string {
  return faces.map((f) => `"${f.name}"`).join(', ');
}

const fontSets = new Map<string, SatoriFont[]>();

/**
 * The satori `fonts` array for these faces. The same array (and the same Buffers) is handed out
 * for the same set, which is what satori keys its parsed-font cache on.
 */
export function satoriFonts(all: readonly FontFace[]): SatoriFont[] {
  const unique = [...new Map(all.map((f) => [`${f.name}|${f.weight}`, f])).values()];
  const key = unique
    .map((f) => `${f.name}|${f.weight}`)
    .sort()
    .join(';');
  let set = fontSets.get(key);
  if (!set) {
    set = unique.map((f) => ({
      name: f.name,
      data: f.data,
      weight: f.weight as FontWeight,
      style: 'normal',
    }));
    fontSets.set(key, set);
  }
  return set;
}

export type TextStyle = { faces: readonly FontFace[]; size: number; letterSpacing?: number };

/**
 * Advance width of one line of text in px, as satori lays it out without kerning: each
 * character from the first face that has it, letter spacing after every character. Kerning
 * and ligatures only ever make Latin text a little narrower, so callers leave a small margin.
 */
export function measureText(text: string, style: TextStyle): number {
  const first = style.faces[0];
  if (!first) throw new Error('measureText needs at least one font face');
  let width = 0;
  let count = 0;
  let previous: FontFace | undefined;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    count++;
    // Satori sets a space in the face of the character before it when that face has one, so the
    // space after "→" is the symbol font's, not the brand's.
    const inherited = /\s/u.test(ch) && previous?.metrics.advances.has(cp) ? previous : undefined;
    const face = inherited ?? style.faces.find((f) => f.metrics.advances.has(cp));
    previous = face;
    // Zero-width joiners, variation selectors and combining marks take no room of their own.
    const advance = face?.metrics.advances.get(cp) ?? (isZeroWidth(cp) ? 0 : first.metrics.notdefAdvance);
    width += (advance / (face ?? first).metrics.unitsPerEm) * style.size;
  }
  return width + (style.letterSpacing ?? 0) * count;
}

function isZeroWidth(cp: number): boolean {
  return (
    (cp >= 0x300 && cp <= 0x36f) ||
    cp === 0x200b ||
    cp === 0x200c ||
    cp === 0x200d ||
    (cp >= 0xfe00 && cp <= 0xfe0f)
  );
}
