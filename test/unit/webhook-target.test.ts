import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { RefusedUrlError } from '#core/net/safe-fetch.ts';
import { checkTargetUrl, resolvePinned, safePost } from '#core/net/safe-post.ts';

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe('webhook targets', () => {
  it('must be https, without credentials or fragment; loopback http only when allowed, and only 127.0.0.1', () => {
    expect(() => checkTargetUrl('http://example.com/hook')).toThrow(RefusedUrlError);
    expect(() => checkTargetUrl('https://user:pw@example.com/hook')).toThrow(RefusedUrlError);
    expect(() => checkTargetUrl('https://example.com/hook#x')).toThrow(RefusedUrlError);
    expect(() => checkTargetUrl('http://127.0.0.1:9000/hook')).toThrow(RefusedUrlError);
    expect(checkTargetUrl('http://127.0.0.1:9000/hook', { allowLoopback: true }).port).toBe('9000');
    expect(() => checkTargetUrl('http://localhost:9000/hook', { allowLoopback: true })).toThrow(
      RefusedUrlError,
    );
    expect(checkTargetUrl('https://hooks.example.com/adgen?x=1').hostname).toBe('hooks.example.com');
  });

  it('resolves once and refuses any non-public address (metadata, private, loopback, mapped)', async () => {
    const url = new URL('https://hooks.example.com/adgen');
    for (const bad of [
      '169.254.169.254',
      '10.1.2.3',
      '127.0.0.1',
      '::ffff:192.168.0.1',
      'fd00::1',
      '100.64.0.1',
    ]) {
      await expect(resolvePinned(url, { resolve: resolvesTo('93.184.215.14', bad) })).rejects.toThrow(
        'address not allowed',
      );
    }
    await expect(resolvePinned(url, { resolve: resolvesTo() })).rejects.toThrow('cannot resolve');
    expect(await resolvePinned(url, { resolve: resolvesTo('93.184.215.14') })).toBe('93.184.215.14');
    // Loopback allowed does not open the private ranges.
    await expect(resolvePinned(new URL('https://10.0.0.1/'), { allowLoopback: true })).rejects.toThrow(
      RefusedUrlError,
    );
  });

  it('connects to the pinned address whatever the host name says, and never follows a redirect', async () => {
    let hits = 0;
    let redirectedTo = 0;
    const server = createServer((req, res) => {
      if (req.url === '/elsewhere') redirectedTo += 1;
      else hits += 1;
      res.writeHead(302, { location: '/elsewhere' }).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const outcome = await safePost(
        `http://127.0.0.1:${port}/hook`,
        '{}',
        {},
        { timeoutMs: 2000, allowLoopback: true },
      );
      expect(outcome).toEqual({ status: 302 });
      expect([hits, redirectedTo]).toEqual([1, 0]);
      // Not allowed without the local switch: nothing is sent.
      const refused = await safePost(`http://127.0.0.1:${port}/hook`, '{}', {}, { timeoutMs: 2000 });
      expect(refused.status).toBeNull();
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const server = createServer(() => {});
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    try {
      const outcome = await safePost(
        `http://127.0.0.1:${port}/`,
        '{}',
        {},
        { timeoutMs: 300, allowLoopback: true },
      );
      expect(outcome).toMatchObject({
        status: null,
        error: expect.stringContaining('no answer within 300 ms'),
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
