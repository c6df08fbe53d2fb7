import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectImage, MAX_IMAGE_PIXELS, normalizeToPng } from '../../lambdas/core/images/decode.ts';

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
}

/**
 * A PNG whose header declares width × height (8-bit greyscale) and whose pixels are one
 * compressed run of zeros: a few kilobytes on the wire for any size, like the bombs it stands for.
 */
function declaredPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const row = width + 1;
  const idat = deflateSync(Buffer.alloc(row * Math.min(height, 64)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the pixel budget of images taken from callers', () => {
  it('is 40 MP', () => {
    expect(MAX_IMAGE_PIXELS).toBe(40_000_000);
  });

  it.each([
    [16_000, 16_000],
    [8_000, 5_001],
    [40_001, 1_000],
  ])('refuses %i×%i at the asset check and the fetch, naming the limit', async (w, h) => {
    const bytes = declaredPng(w, h);
    const message = new RegExp(
      `the image is ${w}×${h} px \\(.* MP\\); images over 40 MP \\(40,000,000 pixels\\) are refused`,
    );
    await expect(inspectImage(bytes, 200)).rejects.toThrow(message);
    await expect(normalizeToPng(bytes)).rejects.toThrow(message);
  });

  it('takes an image at the limit', async () => {
    const bytes = await sharp({ create: { width: 8_000, height: 5_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    await expect(inspectImage(bytes, 200)).resolves.toMatchObject({ width: 8_000, height: 5_000 });
  });
});
