import { describe, expect, it } from 'vitest';
import { releaseCanvas, solidCanvas } from '#core/creative/canvas.ts';
import { paintShapeMask, paintSoftShape } from '#core/creative/shapes.ts';

const at = (c: { data: Buffer; width: number }, x: number, y: number) => c.data[(y * c.width + x) * 3] ?? -1;

describe('shapes painted into the canvas', () => {
  it('fills a rounded rectangle inside, leaves its outside and cut corners alone, antialiases the edge', () => {
    const c = solidCanvas(200, 100, '#000000');
    paintShapeMask(
      c,
      { kind: 'rect', box: { x: 20.5, y: 10, width: 160, height: 80 }, radius: 40 },
      '#FFFFFF',
    );
    expect(at(c, 100, 50)).toBe(255);
    expect(at(c, 25, 50)).toBe(255);
    expect(at(c, 10, 50)).toBe(0);
    // The corner of the bounding box lies outside the rounding.
    expect(at(c, 22, 12)).toBe(0);
    // The left edge sits at x = 20.5: the pixel it halves is half covered.
    expect(at(c, 20, 50)).toBeGreaterThan(100);
    expect(at(c, 20, 50)).toBeLessThan(160);
  });

  it('fills an ellipse to its axes and not past them', () => {
    const c = solidCanvas(200, 100, '#000000');
    paintShapeMask(c, { kind: 'ellipse', box: { x: 0, y: 0, width: 200, height: 100 } }, '#FFFFFF', 0.5);
    expect(at(c, 100, 50)).toBe(128);
    expect(at(c, 2, 50)).toBeGreaterThan(100);
    expect(at(c, 2, 2)).toBe(0);
    expect(at(c, 197, 97)).toBe(0);
  });

  it('blurs a soft shadow: as much ink as the shape at its opacity, fading with distance, none far off', () => {
    const c = solidCanvas(300, 300, '#FFFFFF');
    paintSoftShape(c, { kind: 'rect', box: { x: 100, y: 100, width: 100, height: 100 } }, 10, '#000000', 0.5);
    let ink = 0;
    for (let i = 0; i < c.data.length; i += 3) ink += (255 - (c.data[i] ?? 255)) / 255;
    // 100 × 100 px at half strength; the three box blurs spread it but keep it.
    expect(ink).toBeGreaterThan(5000 * 0.97);
    expect(ink).toBeLessThan(5000 * 1.03);
    expect(at(c, 150, 150)).toBeLessThanOrEqual(129);
    const edge = at(c, 100, 150);
    expect(edge).toBeGreaterThan(150);
    expect(edge).toBeLessThan(230);
    expect(at(c, 85, 150)).toBeGreaterThan(edge);
    expect(at(c, 50, 150)).toBe(255);
  });

  it('keeps a soft shape inside its clip', () => {
    const c = solidCanvas(100, 100, '#FFFFFF');
    const clip = { x: 0, y: 50, width: 100, height: 50 };
    paintSoftShape(
      c,
      { kind: 'ellipse', box: { x: 20, y: 40, width: 60, height: 20 } },
      4,
      '#000000',
      1,
      clip,
    );
    expect(at(c, 50, 48)).toBe(255);
    expect(at(c, 50, 52)).toBeLessThan(128);
  });

  it('hands a released canvas out again, painted afresh', () => {
    const first = solidCanvas(64, 32, '#FF0000');
    const buffer = first.data;
    releaseCanvas(first);
    const second = solidCanvas(64, 32, '#00FF00');
    expect(second.data).toBe(buffer);
    for (let i = 0; i < second.data.length; i += 3)
      expect([...second.data.subarray(i, i + 3)]).toEqual([0, 255, 0]);
  });
});
