import { Resvg } from '@resvg/resvg-js';
import fc from 'fast-check';
import satori from 'satori';
import { describe, expect, it } from 'vitest';
import { contrastRatio, mix, parseHex, toHex } from '#core/creative/color.ts';
import { facesFor, fontFamilyCss, loadFace, measureText, satoriFonts } from '#core/creative/fonts.ts';
import { FONT_FAMILIES } from '#core/fonts.ts';

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
