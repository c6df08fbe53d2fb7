import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '#local/stack.ts';

/**
 * The review page (ADR 0040) in headless Chromium against a whole local stack, as the gallery
 * test runs: open a review link, approve two, reject one with a note, see the states through the
 * API and in verified creative.reviewed deliveries; expired, revoked and edited links change nothing.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let stack: LocalStack;
let browser: Browser;
let dataDir: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(204).end();
  });
});

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

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`No Chromium at ${CHROMIUM}: install Debian's package or set CHROMIUM_PATH.`);
  process.env.ADGEN_ALLOW_LOCAL_WEBHOOKS = '1';
  dataDir = await mkdtemp(join(tmpdir(), 'adgen-review-'));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  [stack, browser] = await Promise.all([
    startLocalStack({ dataDir, port: 0, logLevel: 'SILENT' }),
    chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  receiver.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function waitFor<T>(check: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('the review page', () => {
  it('approves two and rejects one with a note from a phone-sized browser, seen by the API and a verified webhook', async () => {
    const port = (receiver.address() as { port: number }).port;
    const endpoint = (
      await call({
        action: 'create_webhook_endpoint',
        url: `http://127.0.0.1:${port}/hook`,
        events: ['creative.reviewed'],
      })
    ).webhook_endpoint;
    const { client } = await call({ action: 'create_client', name: 'Harbor Yoga' });
    const { angles } = await call({
      action: 'generate_angles',
      client_id: client.id,
      research_summary:
        'Harbor Yoga runs small morning yoga classes for office workers with stiff backs. Pains: back pain after long days at a desk; crowded gyms. Classes are capped at 8 people and start at 6:30 so you are at work by 8. Rated 4.9 stars by 300 members. Offer: first class free.',
    });
    const { campaign } = await call({
      action: 'create_campaign',
      client_id: client.id,
      name: 'New year classes',
      aspect_ratio: '1:1,9:16',
      volume: 4,
      selected_angle_ids: [angles[0].id, angles[1].id],
      offer_text: 'First class free',
      cta_text: 'Book now',
      platform_target: ['meta_feed', 'meta_stories'],
    });
    await call({ action: 'prepare_campaign', campaign_id: campaign.id });
    await call({ action: 'generate_creatives', campaign_id: campaign.id });
    const creatives = await waitFor(async () => {
      const got = (await call({ action: 'list_creatives', campaign_id: campaign.id })).creatives;
      return got.length === 4 ? got : undefined;
    });
    const { review_link: link } = await call({
      action: 'create_review_link',
      campaign_id: campaign.id,
      note: 'Pick the ones for January.',
    });
    expect(link.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/review\?token=[\w-]+\.[\w-]+$/);

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const res = await page.goto(link.url);
      expect(res?.status()).toBe(200);
      expect(res?.headers()['referrer-policy']).toBe('no-referrer');
      await page.getByRole('heading', { name: 'Review: New year classes' }).waitFor();
      expect(await page.getByText('Pick the ones for January.').count()).toBe(1);
      // Every image has alt text from its copy and loads; the page does not scroll sideways.
      const images = await page
        .locator('img')
        .evaluateAll((imgs) => imgs.map((i: any) => ({ alt: i.alt, ok: i.complete && i.naturalWidth > 0 })));
      expect(images).toHaveLength(4);
      for (const img of images) expect(img.alt.length).toBeGreaterThan(10);
      await page.waitForFunction(() =>
        [...(globalThis as any).document.images].every((i: any) => i.complete && i.naturalWidth > 0),
      );
      const overflow = await page.evaluate(
        () => (globalThis as any).document.documentElement.scrollWidth - (globalThis as any).innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      const [a, b, c] = creatives.map((x: any) => x.id as string);
      const card = (id: string) => page.locator(`#creative-${id}`);
      // Each decision is a form post answered by a 303 back to the page at the decided card
      // (no script on the page): wait for that page to load, however long a loaded machine takes,
      // then read it. (A 1 s poll of the old page raced the post under CI load.)
      const decided = (id: string) => page.waitForURL((url) => url.hash === `#creative-${id}`);
      await card(a).getByRole('button', { name: 'Approve' }).click();
      await decided(a);
      await page.getByRole('status').waitFor();
      expect(await card(a).locator('.state').textContent()).toBe('Approved');
      await card(b).getByRole('button', { name: 'Approve' }).focus();
      await page.keyboard.press('Enter');
      await decided(b);
      expect(await card(b).locator('.state').textContent()).toBe('Approved');
      await card(c).getByLabel('Note (optional)').fill('The price is hard to read.');
      await card(c).getByRole('button', { name: 'Reject' }).click();
      await decided(c);
      expect(await card(c).locator('.state').textContent()).toBe('Rejected: The price is hard to read.');
      expect(await page.locator('#counts').textContent()).toBe('2 approved, 1 rejected, 1 to review');
      expect(errors).toEqual([]);
      await page.screenshot({ path: join(dataDir, 'review.png'), fullPage: true });
    } finally {
      await context.close();
    }

    const listed = (await call({ action: 'list_creatives', campaign_id: creatives[0].campaign_id }))
      .creatives;
    const stateOf = Object.fromEntries(listed.map((x: any) => [x.id, x.review]));
    expect(stateOf[creatives[0].id]).toMatchObject({
      state: 'approved',
      reviewed_by: `review_link:${link.id}`,
    });
    expect(stateOf[creatives[1].id].state).toBe('approved');
    expect(stateOf[creatives[2].id]).toMatchObject({ state: 'rejected', note: 'The price is hard to read.' });
    expect(stateOf[creatives[3].id].state).toBe('unreviewed');

    const hook = new Webhook(endpoint.secret);
    const events = await waitFor(async () => {
      const verified = received.map(
        (r) =>
          hook.verify(r.body, {
            'webhook-id': String(r.headers['webhook-id']),
            'webhook-timestamp': String(r.headers['webhook-timestamp']),
            'webhook-signature': String(r.headers['webhook-signature']),
          }) as any,
      );
      return verified.length >= 3 ? verified : undefined;
    });
    expect(events.map((e: any) => [e.type, e.data.creative.id, e.data.creative.review.state]).sort()).toEqual(
      [
        ['creative.reviewed', creatives[0].id, 'approved'],
        ['creative.reviewed', creatives[1].id, 'approved'],
        ['creative.reviewed', creatives[2].id, 'rejected'],
      ].sort(),
    );

    // Revoked, expired and edited links show a clear page and change nothing.
    const before = JSON.stringify(
      (await call({ action: 'list_creatives', campaign_id: campaign.id })).creatives.map(
        (x: any) => x.review,
      ),
    );
    const post = (url: string, id: string) => {
      const token = new URL(url).searchParams.get('token') ?? '';
      return fetch(new URL('/review', url), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, creative_id: id, state: 'rejected' }).toString(),
        redirect: 'manual',
      });
    };
    // One character of the signature changed (the middle, where every bit counts).
    const at = link.url.lastIndexOf('.') + 10;
    const edited = `${link.url.slice(0, at)}${link.url[at] === 'A' ? 'B' : 'A'}${link.url.slice(at + 1)}`;
    const short = (
      await call({
        action: 'create_review_link',
        campaign_id: campaign.id,
        expires_at: new Date(Date.now() + 1500).toISOString(),
      })
    ).review_link;
    await call({ action: 'revoke_review_link', review_link_id: link.id });
    await new Promise((r) => setTimeout(r, 2000));
    const view = await browser.newPage();
    try {
      for (const [url, status, heading] of [
        [link.url, 410, 'This link was withdrawn'],
        [short.url, 410, 'This link has expired'],
        [edited, 403, 'This link is not valid'],
      ] as const) {
        const res = await view.goto(url);
        expect(res?.status(), url).toBe(status);
        await view.getByRole('heading', { name: heading }).waitFor();
        expect(await view.locator('img').count()).toBe(0);
        expect((await post(url, creatives[3].id)).status).toBe(status);
      }
    } finally {
      await view.close();
    }
    const after = JSON.stringify(
      (await call({ action: 'list_creatives', campaign_id: campaign.id })).creatives.map(
        (x: any) => x.review,
      ),
    );
    expect(after).toBe(before);
    console.log(
      `review page: 2 approved + 1 rejected via Chromium (390×844), ${events.length} verified creative.reviewed; revoked 410, expired 410, edited 403, nothing changed`,
    );
  });
});
