import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '#local/stack.ts';
import { chromiumPath } from '#ops/doctor/check.ts';

/**
 * The gallery (GET /gallery) in headless Chromium against a whole local stack: Debian's
 * `chromium` package driven by playwright-core (`.ci/run` installs it). With UPDATE_SCREENSHOTS=1
 * the screenshot is written to docs/gallery.png (the README's).
 */
const CHROMIUM = chromiumPath();
/**
 * What the page shows after a request or a poll: up to Playwright's own 30 s (vitest's poll gives
 * up after 1 s, which a loaded CI machine can take for one API round trip).
 */
const PAGE_WAIT = { timeout: 30_000 };
const SCREENSHOT = process.env.UPDATE_SCREENSHOTS === '1';

let stack: LocalStack;
let browser: Browser;
const dirs: string[] = [];

async function call(body: object): Promise<any> {
  const res = await fetch(stack.baseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': stack.apiKey },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  if (res.status !== 200)
    throw new Error(`${(body as any).action} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** A GET with a chosen Host header (fetch does not let a caller set it). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: npm run doctor says how to install it (or set CHROMIUM_PATH).`,
    );
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'adgen-e2e-'));
  dirs.push(dataDir);
  [stack, browser] = await Promise.all([
    startLocalStack({ dataDir, port: 0, logLevel: 'SILENT' }),
    chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('the gallery', () => {
  it('is served with a strict CSP, and hands the local key only to a loopback host', async () => {
    const page = await fetch(`${stack.baseUrl}/gallery`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("img-src 'self' http: https: data:");
    for (const path of ['/gallery/gallery.js', '/gallery/gallery.css']) {
      const res = await fetch(`${stack.baseUrl}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }

    const local = (await (await fetch(`${stack.baseUrl}/gallery/config.json`)).json()) as any;
    expect(local).toEqual({ apiKey: stack.apiKey });
    // A rebinding page (another host name resolving to 127.0.0.1) does not get it.
    const port = new URL(stack.baseUrl).port;
    const rebound = await getWithHost(`${stack.baseUrl}/gallery/config.json`, `evil.example:${port}`);
    expect(JSON.parse(rebound.body)).toEqual({ apiKey: null });
  });

  it('asks for a key when the server gives none, and refuses a wrong one', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.route('**/gallery/config.json', (route) =>
        route.fulfill({ contentType: 'application/json', body: '{"apiKey":null}' }),
      );
      await page.goto(`${stack.baseUrl}/gallery`);
      await page.getByLabel('API key').fill('adg_local_not_a_key');
      await page.getByRole('button', { name: 'Open gallery' }).click();
      await expect.poll(() => page.locator('#key-error').textContent(), PAGE_WAIT).toMatch(/refused/);
      await page.getByLabel('API key').fill(stack.apiKey);
      await page.getByRole('button', { name: 'Open gallery' }).click();
      await page.getByRole('heading', { name: /clients yet|Pick a client/ }).waitFor();
      expect(await page.evaluate(() => sessionStorage.getItem('adgen.apiKey'))).toBe(stack.apiKey);
    } finally {
      await context.close();
    }
  });

  it('lists clients and campaigns, and shows the creatives at their true proportions as they finish', async () => {
    const { client } = await call({ action: 'create_client', name: 'Acme Coffee' });
    await call({ action: 'create_client', name: 'Northwind Tea' });
    const { angles } = await call({
      action: 'generate_angles',
      client_id: client.id,
      research_summary:
        'Acme roasts small-batch coffee beans for people who work from home. Pains: stale supermarket beans; coffee that tastes burnt. Every bag ships within 48 hours of roasting. Subscribers choose their grind and can pause or skip a delivery any time. Rated 4.8 stars by 12,000 subscribers.',
    });
    await call({
      action: 'create_campaign',
      client_id: client.id,
      name: 'Spring launch',
      aspect_ratio: '1:1,9:16',
      volume: 4,
      selected_angle_ids: [angles[0].id, angles[1].id],
      offer_text: '30% off your first bag',
      cta_text: 'Shop now',
    });

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`${stack.baseUrl}/gallery`);
      await page.getByRole('link', { name: 'Acme Coffee' }).click();
      await page.getByRole('link', { name: 'Spring launch' }).first().click();
      await page.getByRole('heading', { name: 'No creatives yet' }).waitFor();

      // Ordered from the page; the grid fills in as the worker finishes (live polling).
      await page.getByRole('button', { name: /^Generate · 4 credits$/ }).click();
      await page.waitForFunction(
        () => {
          // Runs in the page (this project type-checks without the DOM library).
          const images: any[] = [...(globalThis as any).document.querySelectorAll('img')];
          return images.length === 4 && images.every((img) => img.complete && img.naturalWidth > 0);
        },
        undefined,
        { timeout: 60_000 },
      );
      await expect.poll(() => page.locator('#count-succeeded').textContent(), PAGE_WAIT).toBe('4 succeeded');
      expect(await page.locator('#count-pending').textContent()).toBe('0 pending');
      expect(await page.locator('#count-failed').textContent()).toBe('0 failed');
      await expect.poll(() => page.locator('#live').textContent(), PAGE_WAIT).toMatch(/^Up to date/);

      // Grouped by angle, then ratio; each image at its shape.
      const groups = await page.locator('.angle-group > h2').allTextContents();
      expect(groups).toEqual([
        expect.stringContaining(angles[0].name),
        expect.stringContaining(angles[1].name),
      ]);
      const boxes = await page.locator('.ratio-group').evaluateAll((sections) =>
        sections.map((section) => {
          const img = section.querySelector('img') as any;
          const box = img.getBoundingClientRect();
          return {
            ratio: section.querySelector('h3')?.firstChild?.textContent,
            shape: box.width / box.height,
            natural: img.naturalWidth / img.naturalHeight,
          };
        }),
      );
      expect(boxes.map((b) => b.ratio)).toEqual(['1:1', '9:16', '1:1', '9:16']);
      for (const box of boxes) {
        const expected = box.ratio === '1:1' ? 1 : 9 / 16;
        expect(Math.abs(box.shape / expected - 1)).toBeLessThan(0.02);
        expect(Math.abs(box.natural / expected - 1)).toBeLessThan(0.02);
      }
      const downloads = await page
        .getByRole('link', { name: 'Download' })
        .evaluateAll((links) =>
          links.map((a) => ({ href: (a as any).href, download: a.getAttribute('download') })),
        );
      expect(downloads).toHaveLength(4);
      for (const d of downloads) {
        expect(d.href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
        expect(d.download).toMatch(/^adgen-(1x1|9x16)-.+\.png$/);
      }
      expect(errors).toEqual([]);

      const path = SCREENSHOT
        ? new URL('../../docs/gallery.png', import.meta.url).pathname
        : join(dirs[0] as string, 'gallery.png');
      await page.screenshot({ path, fullPage: true });
    } finally {
      await context.close();
    }
  });
});
