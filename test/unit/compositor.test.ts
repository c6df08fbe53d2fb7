import { Resvg } from '@resvg/resvg-js';
import fc from 'fast-check';
import satori from 'satori';
import { describe, expect, it } from 'vitest';
import { type BrandKit, defaultBrandKit } from '#core/entities/brand-kit.ts';
import { FONT_FAMILIES } from '#core/fonts.ts';
import { contrastRatio, distance, mix, parseHex, relativeLuminance, toHex } from '#core/images/color.ts';
import {
  type Box,
  type ComposeInput,
  type CreativeLayout,
  composeCreative,
  creativeGrid,
  type TextBox,
} from '#core/images/compositor.ts';
import { facesFor, fontFamilyCss, loadFace, measureText, satoriFonts } from '#core/images/fonts.ts';
import { decodePng, pngSize, rasterize } from '#core/images/png.ts';
import { deliverySize } from '#core/images/sizes.ts';
import type { Visual } from '#core/images/types.ts';

const brand: BrandKit = {
  ...defaultBrandKit('client-1', '2026-01-01T00:00:00.000Z'),
  colors: {
    primary: '#3B2417',
    secondary: '#C8A27A',
    accent: '#E07A2E',
    background: '#F6EFE6',
    text: '#23160E',
  },
  fonts: { heading: 'Playfair Display', body: 'Inter' },
};

const copy = {
  headline: 'Your morning, finally worth waking up for',
  body: 'Small-batch beans, roasted on Monday and at your door by Thursday.',
  offer: '30% off your first bag',
  cta: 'Shop the roast',
};

/** A busy stand-in for a model's visual: diagonal bands of two colours plus white and black spots. */
function visual(width: number, height: number, a = '#2E6F95', b = '#F2C14E'): Visual {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#g)"/>` +
    `<circle cx="${width * 0.3}" cy="${height * 0.25}" r="${Math.min(width, height) * 0.12}" fill="#FFFFFF"/>` +
    `<circle cx="${width * 0.6}" cy="${height * 0.35}" r="${Math.min(width, height) * 0.1}" fill="#000000"/></svg>`;
  return { png: rasterize(svg).png(), width, height, model: 'test', seed: 1 };
}

function input(ratio: { w: number; h: number }, overrides: Partial<ComposeInput> = {}): ComposeInput {
  const size = deliverySize(ratio);
  return { visual: visual(size.width, size.height), ...size, aspectRatio: ratio, copy, brand, ...overrides };
}

function textBoxes(layout: CreativeLayout): Box[] {
  return [layout.logo, layout.offer?.box, layout.headline, layout.body, layout.cta.box].filter(
    (b): b is Box => Boolean(b),
  );
}

function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

/** Every line fits its box: measured width ≤ box width, lines × line height ≤ box height. */
function expectNoOverflow(box: TextBox, bold = true) {
  const faces = facesFor(box.font, bold ? box.weight : 400, box.lines.join(' '));
  for (const line of box.lines) {
    expect(
      measureText(line, { faces, size: box.fontSize, letterSpacing: box.letterSpacing }),
    ).toBeLessThanOrEqual(box.width);
  }
  expect(box.lines.length * box.fontSize * box.lineHeight).toBeLessThanOrEqual(box.height + 0.5);
}

describe('contrastRatio', () => {
  it('gives the WCAG values for known pairs', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#FFFFFF', '#FFFFFF')).toBe(1);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#fff', '#000')).toBe(contrastRatio('#000000', '#ffffff'));
  });

  it('is symmetric and between 1 and 21', () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const c = contrastRatio(a, b);
        expect(c).toBeGreaterThanOrEqual(1);
        expect(c).toBeLessThanOrEqual(21);
        expect(contrastRatio(b, a)).toBe(c);
      }),
    );
  });

  it('mixes in sRGB and parses short hex', () => {
    expect(mix('#000000', '#FFFFFF', 0.5)).toBe('#808080');
    expect(toHex(parseHex('#abc'))).toBe('#AABBCC');
    expect(() => parseHex('red')).toThrow(RangeError);
  });
});

describe('fonts', () => {
  it('loads each face once per process', () => {
    expect(loadFace('Inter', 700)).toBe(loadFace('Inter', 700));
    expect(loadFace('Lora', 900)?.weight).toBe(700);
  });

  it('measures lines at least as wide as satori lays them out', async () => {
    const samples = ['Your morning, upgraded.', 'WAVE To AVATAR', 'Zażółć gęślą jaźń', 'office affinity 42%'];
    for (const family of FONT_FAMILIES) {
      for (const text of samples) {
        const faces = facesFor(family, 700, text);
        const svg = await satori(
          {
            type: 'div',
            props: {
              style: {
                display: 'flex',
                width: 2000,
                height: 120,
                fontFamily: fontFamilyCss(faces),
                fontWeight: 700,
              },
              children: {
                type: 'div',
                props: { style: { fontSize: 80, whiteSpace: 'pre' }, children: text },
              },
            },
          } as never,
          { width: 2000, height: 120, fonts: satoriFonts(faces) },
        );
        const ink = new Resvg(svg, { font: { loadSystemFonts: false }, logLevel: 'off' }).getBBox();
        const measured = measureText(text, { faces, size: 80 });
        expect(ink && ink.x + ink.width).toBeLessThanOrEqual(measured * 1.015 + 1);
      }
    }
  });
});

describe('composeCreative', () => {
  it.each([
    [1, 1],
    [4, 5],
    [9, 16],
    [16, 9],
    [191, 100],
    [2, 3],
    [7, 3],
  ])('renders %i:%i at exactly its delivery size with every text box in the safe zone', async (w, h) => {
    const size = deliverySize({ w, h });
    const out = await composeCreative(input({ w, h }));
    expect(pngSize(out.png)).toEqual(size);
    expect({ width: out.width, height: out.height }).toEqual(size);
    const safe = out.layout.grid.safe;
    for (const box of textBoxes(out.layout)) expect(inside(box, safe), JSON.stringify(box)).toBe(true);
    // Feed placements keep a 6 % margin on every side.
    if (w / h !== 9 / 16) {
      expect(safe.x).toBeGreaterThanOrEqual(Math.round(size.width * 0.06));
      expect(safe.y).toBeGreaterThanOrEqual(Math.round(size.height * 0.06));
    }
    expect(out.layout.headline?.lines.join(' ')).toBe(copy.headline);
  });

  it('keeps the top 14 % and bottom 35 % of a 9:16 story free of text', async () => {
    const out = await composeCreative(input({ w: 9, h: 16 }));
    const { height } = out;
    for (const box of textBoxes(out.layout)) {
      expect(box.y).toBeGreaterThanOrEqual(height * 0.14);
      expect(box.y + box.height).toBeLessThanOrEqual(height * 0.65);
    }
    // And the product area is left to the visual.
    const hero = out.layout.grid.hero;
    for (const box of textBoxes(out.layout)) expect(box.y + box.height).toBeLessThanOrEqual(hero.y);
  });

  it('uses the feed margins for a 9:16 asked for as a feed placement', () => {
    const grid = creativeGrid(1080, 1920, 'feed');
    expect(grid.safe.y).toBe(Math.round(1920 * 0.06));
  });

  it('never lets a 400-character headline or a 60-character word overflow', async () => {
    const long = 'Freshly roasted single origin coffee delivered to your door every week '
      .repeat(6)
      .slice(0, 400);
    const word = 'Supercalifragilisticexpialidociouslyunbreakablecoffeewordxyz'.slice(0, 60);
    for (const ratio of [
      { w: 1, h: 1 },
      { w: 9, h: 16 },
      { w: 191, h: 100 },
    ]) {
      for (const headline of [long, word, `${word} ${word}`]) {
        const out = await composeCreative(
          input(ratio, { copy: { headline, body: long, offer: word, cta: `${word}${word}` } }),
        );
        const { layout } = out;
        const headlineBox = layout.headline as TextBox;
        expectNoOverflow(headlineBox);
        if (layout.body) expectNoOverflow(layout.body, false);
        if (layout.offer) expectNoOverflow(layout.offer.label);
        expectNoOverflow(layout.cta.label);
        expect(inside(layout.cta.label, layout.cta.box)).toBe(true);
        if (layout.offer) expect(inside(layout.offer.label, layout.offer.box)).toBe(true);
        for (const box of textBoxes(layout)) expect(inside(box, layout.grid.safe)).toBe(true);
        if (headline === long) expect(headlineBox.truncated).toBe(true);
        expect(headlineBox.fontSize).toBeGreaterThanOrEqual(20);
      }
    }
  }, 20_000);

  it('reaches 4.5:1 for every text and the CTA label, whatever the brand palette', async () => {
    const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);
    await fc.assert(
      fc.asyncProperty(
        fc.record({ primary: hex, secondary: hex, accent: hex, background: hex, text: hex }),
        hex,
        hex,
        fc.constantFrom({ w: 1, h: 1 }, { w: 9, h: 16 }, { w: 16, h: 9 }),
        async (colors, a, b, ratio) => {
          const size = deliverySize(ratio);
          const out = await composeCreative(
            input(ratio, { brand: { ...brand, colors }, visual: visual(size.width, size.height, a, b) }),
          );
          const { layout } = out;
          expect(layout.contrast.headline).toBeGreaterThanOrEqual(4.5);
          expect(layout.contrast.body).toBeGreaterThanOrEqual(4.5);
          expect(layout.contrast.offer).toBeGreaterThanOrEqual(4.5);
          expect(layout.contrast.cta).toBeGreaterThanOrEqual(4.5);
          expect(contrastRatio(layout.cta.label.color, layout.cta.fill)).toBeGreaterThanOrEqual(4.5);
          // Independently, at full resolution: every pixel of the visual under the headline, seen
          // through the scrim, against the headline colour.
          const full = decodePng(visual(size.width, size.height, a, b).png);
          const headline = layout.headline as TextBox;
          const scrim = parseHex(layout.scrim.color);
          let worst = 21;
          for (let y = Math.ceil(headline.y); y < headline.y + headline.height; y += 2) {
            for (let x = Math.ceil(headline.x); x < headline.x + headline.width; x += 2) {
              const i = (y * full.width + x) * 4;
              const under = { r: full.data[i] ?? 0, g: full.data[i + 1] ?? 0, b: full.data[i + 2] ?? 0 };
              const seen = mix(under, scrim, layout.scrim.alpha);
              worst = Math.min(worst, contrastRatio(headline.color, seen));
            }
          }
          expect(worst).toBeGreaterThanOrEqual(4.5);
        },
      ),
      { numRuns: 5, seed: 42 },
    );
  }, 20_000);

  it('paints with the brand colours: the accent CTA and the primary panel show up in the pixels', async () => {
    // A calm light visual: the CTA keeps the accent; a dark primary over it is the natural panel.
    const colors = {
      primary: '#14213D',
      secondary: '#5C6B8A',
      accent: '#FCA311',
      background: '#F4F1EA',
      text: '#111111',
    };
    const size = deliverySize({ w: 1, h: 1 });
    const out = await composeCreative(
      input(
        { w: 1, h: 1 },
        { brand: { ...brand, colors }, visual: visual(size.width, size.height, '#1B2A4A', '#0F1A33') },
      ),
    );
    expect(out.layout.cta.fill).toBe('#FCA311');
    const image = decodePng(out.png);
    const near = (hex: string) => {
      let n = 0;
      for (let i = 0; i < image.data.length; i += 4) {
        const c = { r: image.data[i] ?? 0, g: image.data[i + 1] ?? 0, b: image.data[i + 2] ?? 0 };
        if (distance(c, hex) < 12) n++;
      }
      return n / (image.width * image.height);
    };
    expect(near(colors.accent)).toBeGreaterThan(0.01);
    expect(near(colors.primary)).toBeGreaterThan(0.01);
  });

  it('puts a transparent logo that would vanish into the panel on a chip', async () => {
    const darkLogo = rasterize(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect x="10" y="20" width="280" height="60" rx="30" fill="#111111"/></svg>',
    ).png();
    const out = await composeCreative(
      input({ w: 16, h: 9 }, { logo: darkLogo, visual: visual(1920, 1080, '#050505', '#101010') }),
    );
    expect(out.layout.logo).toBeDefined();
    expect(relativeLuminance(out.layout.logo?.chip ?? '#000000')).toBeGreaterThan(0.5);
    expect(inside(out.layout.logo as Box, out.layout.grid.safe)).toBe(true);
  });
});
