import { Resvg } from '@resvg/resvg-js';
import type satoriType from 'satori';
import { describe, expect, it, vi } from 'vitest';
import { composeCreative } from '#core/creative/compose.ts';
import { type FontFace, facesFor, fontFamilyCss, measureText, satoriFonts } from '#core/creative/fonts.ts';
import { printableCopy, printableText } from '#core/creative/glyphs.ts';
import { createTemplateImageModel } from '#core/creative/scenes/index.ts';
import { parseMetrics } from '#core/creative/sfnt.ts';
import { FONT_FAMILIES } from '#core/fonts.ts';
import { deliverySize } from '#core/images/sizes.ts';
import { BUSINESSES } from '../../scripts/lib/sample-businesses.ts';
import { visualRequest } from './visual-request.ts';

type SatoriCall = { element: unknown; fonts: ReadonlyArray<{ name: string; data: Buffer }> };
// Every layout satori is given while composing, with the fonts it is given for it.
const calls = vi.hoisted(() => [] as SatoriCall[]);
vi.mock('satori', async (importOriginal) => {
  const real = (await importOriginal<{ default: typeof satoriType }>()).default;
  const spy: typeof satoriType = (element, options) => {
    calls.push({ element, fonts: options.fonts as SatoriCall['fonts'] });
    return real(element, options);
  };
  return { default: spy };
});
const { default: satori } = await import('satori');

const SYMBOLS = ['→', '✓', '★', '≥'];

/** A line as satori draws it (one face list, 80 px), rasterised: the pixels and their ink's right edge. */
async function draw(text: string, faces: readonly FontFace[]) {
  const svg = await satori(
    {
      type: 'div',
      props: {
        style: {
          display: 'flex',
          width: 600,
          height: 120,
          fontFamily: fontFamilyCss(faces),
          fontWeight: 700,
        },
        children: { type: 'div', props: { style: { fontSize: 80, whiteSpace: 'pre' }, children: text } },
      },
    } as never,
    { width: 600, height: 120, fonts: satoriFonts(faces) },
  );
  const resvg = new Resvg(svg, { font: { loadSystemFonts: false }, logLevel: 'off' });
  const box = resvg.getBBox();
  return { pixels: Buffer.from(resvg.render().pixels), right: box ? box.x + box.width : 0 };
}

describe('the symbol fallback', () => {
  it('keeps the usual two faces for copy the brand family draws', () => {
    for (const family of FONT_FAMILIES)
      expect(facesFor(family, 700, 'Payroll, done – 50 % off…').map((f) => f.subset)).toEqual([
        'latin',
        'latin-ext',
      ]);
  });

  it('draws →, ✓, ★ and ≥ in every brand family with a real glyph, not the .notdef box', async () => {
    for (const family of FONT_FAMILIES) {
      const tofu = await draw('\u{E000}', facesFor(family, 700, '\u{E000}'));
      expect(tofu.right, `${family} .notdef has ink`).toBeGreaterThan(0);
      for (const symbol of SYMBOLS) {
        const faces = facesFor(family, 700, symbol);
        expect(faces.some((f) => f.metrics.advances.has(symbol.codePointAt(0) ?? 0))).toBe(true);
        const drawn = await draw(symbol, faces);
        expect(drawn.right, `${family} ${symbol}`).toBeGreaterThan(0);
        expect(drawn.pixels.equals(tofu.pixels), `${family} ${symbol} is the .notdef box`).toBe(false);
      }
    }
  });

  it("measures an arrow at the fallback glyph's advance, not .notdef's", () => {
    const size = 100;
    for (const family of FONT_FAMILIES) {
      const faces = facesFor(family, 700, 'a→b');
      const math = faces.find((f) => f.family === 'Noto Sans Math');
      const first = faces[0];
      if (!math || !first) throw new Error(`${family}: no fallback face for →`);
      const arrow = ((math.metrics.advances.get(0x2192) ?? 0) / math.metrics.unitsPerEm) * size;
      const notdef = (first.metrics.notdefAdvance / first.metrics.unitsPerEm) * size;
      const added = measureText('a→b', { faces, size }) - measureText('ab', { faces, size });
      expect(added).toBeCloseTo(arrow, 6);
      expect(Math.abs(added - notdef), family).toBeGreaterThan(5);
    }
  });

  it('measures lines with symbols at least as wide as satori lays them out', async () => {
    for (const family of FONT_FAMILIES) {
      const text = 'Vans → ✓ ★ ≥ 3';
      const faces = facesFor(family, 700, text);
      const measured = measureText(text, { faces, size: 80 });
      const { right } = await draw(text, faces);
      expect(right).toBeLessThanOrEqual(measured * 1.015 + 1);
      expect(right).toBeGreaterThan(measured * 0.85);
    }
  });
});

describe('what no face draws', () => {
  it.each([
    ["'no sé conducir algo tan grande' → furgos", "'no sé conducir algo tan grande' → furgos", []],
    ['❤️ Love it 👍🏽', '❤ Love it 👍', []],
    ['1️⃣ step', '1 step', []],
    ['Cafe\u0301 soft\u00adware', 'Café software', []],
    ['Hola 😀!', 'Hola!', ['😀']],
    ['Bonjour 😀 !', 'Bonjour !', ['😀']],
    ['🇪🇸 España', 'España', ['🇪🇸']],
    ['50% off 😀', '50% off', ['😀']],
  ])('prints %j as %j, taking out %j', (text, printed, dropped) => {
    expect(printableText(text, ['Poppins', 'Lora'])).toEqual({ text: printed, dropped, ok: true });
  });

  it('drops a candidate whole when a letter would go missing, and reports what was taken out', () => {
    expect(printableText('搬家 → 快', ['Inter']).ok).toBe(false);
    const copy = printableCopy(
      { headlines: ['搬家 → 快', 'Moving day 😀 → done'], bodies: [], cta: 'Book now →', dropped: [] },
      ['Inter'],
    );
    expect(copy).toMatchObject({
      headlines: ['Moving day → done'],
      cta: 'Book now →',
      dropped: ['搬家 → 快'],
      glyphs: ['😀'],
    });
  });
});

// Composing is CPU work; the shared machine is slow at times.
describe('a creative whose copy has symbols', { timeout: 60_000 }, () => {
  const b = BUSINESSES.find((x) => x.key === 'payroll');
  if (!b) throw new Error('no payroll');
  const size = deliverySize({ w: 1, h: 1 });
  const metrics = new Map<Buffer, ReturnType<typeof parseMetrics>>();
  const cmapOf = (data: Buffer) => {
    let m = metrics.get(data);
    if (!m) {
      m = parseMetrics(data);
      metrics.set(data, m);
    }
    return m.advances;
  };

  /** Each line satori was given, with the code points none of the faces its font-family names has. */
  function uncovered(call: SatoriCall): Array<{ line: string; missing: string[] }> {
    const out: Array<{ line: string; missing: string[] }> = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const props = (node as { props?: { style?: { fontFamily?: string }; children?: unknown } }).props;
      const children = props?.children;
      if (typeof children === 'string' && props?.style?.fontFamily) {
        const names = props.style.fontFamily.split(',').map((n) => n.trim().replace(/^"|"$/g, ''));
        const cmaps = call.fonts.filter((f) => names.includes(f.name)).map((f) => cmapOf(f.data));
        const missing = [...children].filter(
          (ch) => !/\s/u.test(ch) && !cmaps.some((c) => c.has(ch.codePointAt(0) ?? 0)),
        );
        out.push({ line: children, missing });
      }
      for (const child of Array.isArray(children) ? children : [children]) walk(child);
    };
    walk(call.element);
    return out;
  }

  it.each(FONT_FAMILIES)('prints →, ✓, ★ and ≥ in %s with faces that have them', async (family) => {
    const brand = { ...b.brand, fonts: { heading: family, body: family } };
    calls.length = 0;
    const c = await composeCreative({
      visual: await createTemplateImageModel().generate(
        visualRequest(brand, { prompt: b.category, ...size, seed: 4, visualStyle: 'x' }),
      ),
      ...size,
      aspectRatio: { w: 1, h: 1 },
      copy: { headlines: ['Payroll → done ✓ ★ ≥ 3 firms 😀'], bodies: [], cta: 'Start now →' },
      brand,
      clientName: b.name,
    });
    const headline = c.printed.find((p) => p.role === 'headline')?.text ?? '';
    for (const symbol of SYMBOLS) expect(headline).toContain(symbol);
    expect(headline).not.toContain('😀');
    expect(c.quality.warnings).toContain('glyphs_dropped: 😀');
    const lines = calls.flatMap(uncovered);
    expect(lines.map((l) => l.line).join(' ')).toContain('→');
    expect(lines.filter((l) => l.missing.length > 0)).toEqual([]);
  });
});
