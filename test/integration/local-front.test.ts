import { spawn } from 'node:child_process';
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

function post(agent: http.Agent, url: string, body: Buffer | string, apiKey: string) {
  return new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'x-api-key': apiKey,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString();
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the local HTTP front', () => {
  it('answers 413 to a 2 MB body and closes that connection cleanly: a keep-alive client goes on', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.alloc(2 * 1024 * 1024, 'a');
      const refused = await post(agent, api.url, big, api.apiKey);
      expect(refused.status).toBe(413);
      expect(refused.connection).toBe('close');
      const after: number[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await post(agent, api.url, JSON.stringify({ action: 'list_clients' }), api.apiKey);
        after.push(res.status);
      }
      console.log(
        `after a 2 MB body: ${after.filter((s) => s === 200).length} of 10 keep-alive requests succeeded`,
      );
      expect(after).toEqual(Array(10).fill(200));
    } finally {
      agent.destroy();
    }
  });
});

describe('npm start on a busy port', () => {
  let busy: Server;
  let port: number;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((r) => busy.listen(0, '127.0.0.1', r));
    port = (busy.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((r) => busy.close(() => r())));

  it('says so in one line and exits before starting anything', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-busy-'));
    try {
      const started = Date.now();
      const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['local/main.ts'], {
        cwd: ROOT,
        env: { ...process.env, ADGEN_DATA_DIR: dataDir, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
      });
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString();
      });
      const code = await new Promise<number | null>((r) => child.once('exit', r));
      console.log(
        `busy port ${port}: exited ${code} after ${Date.now() - started} ms (tsx start-up included): ${err.trim()}`,
      );
      expect(code).toBe(1);
      expect(out).toBe('');
      expect(err.trim().split('\n')).toEqual([
        expect.stringContaining(`Port ${port} on 127.0.0.1 is already in use`),
      ]);
      // Nothing started: no emulator created its data.
      await expect(access(join(dataDir, 'dynamodb'))).rejects.toThrow();
      await expect(readFile(join(dataDir, 'local.json'))).rejects.toThrow();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
