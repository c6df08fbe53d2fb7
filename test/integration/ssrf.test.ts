import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, RefusedUrlError, safeFetchImage } from '#core/net/safe-fetch.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let server: Server;
let origin: string;
let port: number;
beforeAll(async () => {
  server = createServer((req, res) => {
    switch (req.url) {
      case '/ok.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        return;
      case '/redirect':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      case '/html':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
        return;
      case '/liar.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end('not a png at all');
        return;
      case '/big.png':
        res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.concat([PNG, Buffer.alloc(5000)]));
        return;
      case '/slow.png':
        setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG), 2000);
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('address classification', () => {
  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '169.254.169.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    // IPv6 forms that embed a non-public IPv4 address.
    '::127.0.0.1',
    '::7f00:1',
    '::a00:1',
    '::ffff:0:127.0.0.1',
    '::ffff:0:a9fe:a9fe',
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b:1::a00:1',
    '2002:7f00:1::1',
    '2002:a9fe:a9fe::1',
    '2001:0:a00:1::1',
    '2001:0:808:808:0:0:80ff:fffe',
    'fe80::5efe:127.0.0.1',
    '2606:4700::5efe:10.0.0.1',
    'fe80::1',
    'fc00::1',
    '224.0.0.1',
    'not-an-ip',
  ])('%s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '172.32.0.1',
    // Embedded addresses that are public are fine.
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('safeFetchImage refuses before connecting', () => {
  it.each([
    'http://example.com/a.png',
    'file:///etc/passwd',
    'gopher://127.0.0.1:70/_x',
    'ftp://example.com/a.png',
    'https://127.0.0.1/a.png',
    'https://2130706433/a.png',
    'https://0x7f.0.0.1/a.png',
    'https://0177.0.0.1/a.png',
    'https://[::1]/a.png',
    'https://[::ffff:127.0.0.1]/a.png',
    'https://[::127.0.0.1]/a.png',
    'https://[::7f00:1]/a.png',
    'https://[::ffff:0:7f00:1]/a.png',
    'https://[64:ff9b::a9fe:a9fe]/a.png',
    'https://[2002:7f00:1::1]/a.png',
    'https://169.254.169.254/latest/meta-data/',
    'https://10.0.0.1/a.png',
    'https://172.16.0.1/a.png',
    'https://192.168.0.1/a.png',
    'https://100.64.0.1/a.png',
    'https://0.0.0.0/a.png',
    'https://user:pass@images.example/a.png',
    'not a url',
  ])('%s', async (url) => {
    await expect(safeFetchImage(url, { resolve: async () => ['93.184.216.34'] })).rejects.toBeInstanceOf(
      RefusedUrlError,
    );
  });

  it('refuses a host name that resolves to a private address, or to any private among public ones', async () => {
    await expect(
      safeFetchImage('https://internal.example/a.png', { resolve: async () => ['10.1.2.3'] }),
    ).rejects.toThrow(/^address not allowed$/);
    await expect(
      safeFetchImage('https://mixed.example/a.png', { resolve: async () => ['93.184.216.34', '127.0.0.1'] }),
    ).rejects.toThrow(/^address not allowed$/);
  });
});

describe('safeFetchImage on a trusted origin (the local stack S3)', () => {
  const trusted = () => ({ trustedOrigins: [origin] });

  it('fetches a PNG', async () => {
    expect(await safeFetchImage(`${origin}/ok.png`, trusted())).toEqual(PNG);
  });

  it('connects to the address it resolved, not to a second lookup', async () => {
    const pinnedOrigin = `http://images.adgen.invalid:${port}`;
    const body = await safeFetchImage(`${pinnedOrigin}/ok.png`, {
      trustedOrigins: [pinnedOrigin],
      resolve: async () => ['127.0.0.1'],
    });
    expect(body).toEqual(PNG);
  });

  it('does not follow a redirect to the metadata service', async () => {
    await expect(safeFetchImage(`${origin}/redirect`, trusted())).rejects.toThrow(
      /redirects are not followed/,
    );
  });

  it('refuses what is not an image, and an image whose bytes lie about their type', async () => {
    await expect(safeFetchImage(`${origin}/html`, trusted())).rejects.toThrow(/not PNG, JPEG or WebP/);
    await expect(safeFetchImage(`${origin}/liar.png`, trusted())).rejects.toThrow(/not a image\/png image/);
  });

  it('refuses an image over the size limit and one that takes too long', async () => {
    await expect(safeFetchImage(`${origin}/big.png`, { ...trusted(), maxBytes: 1000 })).rejects.toThrow(
      /larger than/,
    );
    await expect(safeFetchImage(`${origin}/slow.png`, { ...trusted(), timeoutMs: 300 })).rejects.toThrow(
      /within 300 ms/,
    );
  });

  it('refuses plain http from an origin that is not trusted', async () => {
    await expect(safeFetchImage(`${origin}/ok.png`)).rejects.toThrow(/scheme http/);
  });
});
