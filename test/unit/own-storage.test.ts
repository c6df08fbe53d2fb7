import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../lambdas/core/config.ts';
import { pointsAtOwnStorage } from '../../lambdas/core/net/own-storage.ts';
import { imageFetcher } from '../../lambdas/generate/deps.ts';

describe("URLs of the stack's own storage, whatever the host form", () => {
  const aws = { bucket: 'adgen-creatives-123' };
  it.each([
    'https://adgen-creatives-123.s3.amazonaws.com/assets/a/b/c',
    'https://adgen-creatives-123.s3.us-east-1.amazonaws.com/creatives/x.png',
    'https://ADGEN-CREATIVES-123.S3.US-EAST-1.AMAZONAWS.COM./x.png',
    'https://adgen-creatives-123.s3-us-west-2.amazonaws.com/x.png',
    'https://adgen-creatives-123.s3.dualstack.eu-west-1.amazonaws.com/x.png',
    'https://adgen-creatives-123.s3-accelerate.amazonaws.com/x.png',
    'https://adgen-creatives-123.s3.cn-north-1.amazonaws.com.cn/x.png',
    'https://%61dgen-creatives-123.s3.amazonaws.com/x.png',
    'https://s3.amazonaws.com/adgen-creatives-123/x.png',
    'https://s3.eu-central-1.amazonaws.com/ADGEN-creatives-123/x.png',
    'https://s3.eu-central-1.amazonaws.com/adgen%2Dcreatives-123/x.png',
    'http://s3-eu-west-1.amazonaws.com:443/adgen-creatives-123/x.png',
  ])('on AWS: %s', (url) => {
    expect(pointsAtOwnStorage(url, aws)).toBe(true);
  });

  it.each([
    'https://other-bucket.s3.amazonaws.com/x.png',
    'https://s3.amazonaws.com/other/adgen-creatives-123/x.png',
    'https://adgen-creatives-123.example.com/x.png',
    'https://cdn.example.com/adgen-creatives-123/x.png',
    'https://adgen-creatives-123.s3.amazonaws.com.evil.example/x.png',
  ])('not ours: %s', (url) => {
    expect(pointsAtOwnStorage(url, aws)).toBe(false);
  });

  const local = { bucket: 'adgen', endpoint: 'http://127.0.0.1:4566' };
  it.each([
    'http://127.0.0.1:4566/adgen/creatives/a.png',
    'http://localhost:4566/adgen/a.png',
    'http://adgen.localhost:4566/a.png',
    'http://[::1]:4566/adgen/a.png',
    'http://127.1:4566/adgen/a.png',
    'http://2130706433:4566/adgen/a.png',
    'http://0x7f000001:4566/adgen/a.png',
    'http://[::ffff:127.0.0.1]:4566/adgen/a.png',
    'http://0.0.0.0:4566/adgen/a.png',
    'https://127.0.0.1:4566/other-bucket/a.png',
  ])('locally, the emulator by any name of its host: %s', (url) => {
    expect(pointsAtOwnStorage(url, local)).toBe(true);
  });

  it('locally, another port is not the storage (the SSRF rules refuse it on their own)', () => {
    expect(pointsAtOwnStorage('http://127.0.0.1:4567/adgen/a.png', local)).toBe(false);
  });

  it("the worker fetches from a test's trusted image origin (ADGEN_TRUSTED_IMAGE_ORIGINS), not from others on loopback", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const base = {
        AWS_REGION: 'us-east-1',
        TABLE_NAME: 't',
        BUCKET_NAME: 'adgen',
        QUEUE_URL: 'http://127.0.0.1:1/q',
      };
      const trusted = imageFetcher(loadConfig({ ...base, ADGEN_TRUSTED_IMAGE_ORIGINS: origin }));
      expect(await trusted(`${origin}/product.png`)).toEqual(png);
      await expect(imageFetcher(loadConfig(base))(`${origin}/product.png`)).rejects.toMatchObject({
        reason: 'input_refused',
      });
    } finally {
      server.close();
    }
  });

  it('the worker refuses to fetch them, naming the reason', async () => {
    const config = loadConfig({
      AWS_REGION: 'us-east-1',
      TABLE_NAME: 't',
      BUCKET_NAME: 'adgen',
      QUEUE_URL: 'http://127.0.0.1:1/q',
      S3_ENDPOINT: 'http://127.0.0.1:4566',
      ADGEN_TRUSTED_IMAGE_ORIGINS: 'http://127.0.0.1:4566',
    });
    const fetchImage = imageFetcher(config);
    await expect(fetchImage('http://localhost:4566/adgen/creatives/a.png')).rejects.toMatchObject({
      reason: 'input_refused',
      message: expect.stringMatching(/own storage/),
    });
  });
});
