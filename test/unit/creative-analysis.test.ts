import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { busyScore, measureBusyGrid, salientBox } from '#core/creative/analysis.ts';

/** A flat grey picture with a noisy square in its right half. */
async function picture(): Promise<Buffer> {
  const width = 400;
  const height = 400;
  const data = Buffer.alloc(width * height * 3, 128);
  let seed = 7;
  for (let y = 100; y < 300; y++)
    for (let x = 220; x < 380; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data.fill(seed % 256, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('busy-ness analysis', () => {
  it('scores the flat half calmer than the textured half', async () => {
    const grid = await measureBusyGrid(await picture());
    const left = busyScore(grid, { x: 0, y: 0.25, width: 0.45, height: 0.5 });
    const right = busyScore(grid, { x: 0.55, y: 0.25, width: 0.4, height: 0.5 });
    expect(left).toBeLessThan(1);
    expect(right).toBeGreaterThan(20);
  });

  it('finds the textured square as the salient box', async () => {
    const box = salientBox(await measureBusyGrid(await picture()));
    expect(box.x).toBeGreaterThanOrEqual(0.5);
    expect(box.x + box.width).toBeLessThanOrEqual(1);
    expect(box.y).toBeGreaterThanOrEqual(0.2);
    expect(box.y + box.height).toBeLessThanOrEqual(0.8);
  });
});
