/**
 * `adgen review …` and `adgen export` against the local stack as `npm start` runs it (its own
 * workers build the images and the export): decisions, a review link made and revoked, and an
 * export unpacked into a folder with exactly the approved PNGs and their rows (ADR 0046).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '#local/stack.ts';
import { eventually } from './worker-harness.ts';

const BIN = fileURLToPath(new URL('../../cli/adgen.mjs', import.meta.url));
let stack: LocalStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'adgen-cli-live-'));
  stack = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT', workers: 2 });
});
afterAll(async () => {
  await stack?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

type Run = { code: number; stdout: string; stderr: string; json: any };
function adgen(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const { ADGEN_BASE_URL: _u, ADGEN_API_KEY: _k, ...inherited } = process.env;
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { ...inherited, ADGEN_DATA_DIR: dataDir }, timeout: 120_000 },
      (error, stdout, stderr) => {
        let json: unknown;
        try {
          json = JSON.parse(stdout);
        } catch {
          json = undefined;
        }
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : 1) : 0,
          stdout,
          stderr,
          json,
        });
      },
    );
  });
}

async function call(body: Record<string, unknown>): Promise<any> {
  const res = await fetch(stack.baseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': stack.apiKey },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  if (res.status !== 200) throw new Error(`${body.action} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

describe('adgen review and adgen export against npm start', () => {
  // Eleven CLI processes, a generated job and two exports: more than the default 60 s on a loaded machine.
  it('approves, rejects, resets, makes and revokes a review link, and exports exactly the approved creatives', {
    timeout: 240_000,
  }, async () => {
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
      landing_url: 'https://harbor.example/classes',
    });
    await call({ action: 'prepare_campaign', campaign_id: campaign.id });
    await call({ action: 'generate_creatives', campaign_id: campaign.id });
    const creatives = await eventually(async () => {
      const got = (await call({ action: 'list_creatives', campaign_id: campaign.id })).creatives;
      return got.length === 4 && got.every((c: any) => c.status === 'succeeded') ? got : undefined;
    }, 120_000);
    const [a, b, c, d] = creatives.map((x: any) => x.id as string);

    const approved = await adgen(['review', 'approve', a, b, '--json']);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.json.creatives.map((x: any) => [x.id, x.review.state])).toEqual([
      [a, 'approved'],
      [b, 'approved'],
    ]);
    const rejected = await adgen(['review', 'reject', c, '--note', 'The price is hard to read.']);
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(rejected.stdout).toBe(`${c}  rejected    "The price is hard to read."\n`);
    const reset = await adgen(['review', 'reset', d, '--json']);
    expect(reset.json.creatives[0].review.state).toBe('unreviewed');
    const noNote = await adgen(['review', 'reset', d, '--note', 'x']);
    expect(noNote.code).toBe(2);
    const unknown = await adgen(['review', 'approve', '0197a1b2-0000-7000-8000-00000000c11e']);
    expect(unknown.code).toBe(4);

    const link = await adgen([
      'review',
      'link',
      'create',
      '--campaign',
      campaign.id,
      '--days',
      '3',
      '--json',
    ]);
    expect(link.code, link.stderr).toBe(0);
    const { url, id: linkId, expires_at } = link.json.review_link;
    const days = (Date.parse(expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThanOrEqual(3);
    expect((await fetch(url)).status).toBe(200);
    const tooLong = await adgen(['review', 'link', 'create', '--campaign', campaign.id, '--days', '31']);
    expect(tooLong.code).toBe(5);
    expect(tooLong.stderr).toContain('expires_at');
    const revoked = await adgen(['review', 'link', 'revoke', linkId]);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toMatch(new RegExp(`^Revoked review link ${linkId} at `));
    expect((await fetch(url)).status).toBe(410);

    // The approved two, unpacked: their PNGs, both CSVs and the manifest side by side.
    const out = join(dataDir, 'export');
    const exported = await adgen(['export', '--campaign', campaign.id, '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    const files = (await readdir(out)).sort();
    const pngs = files.filter((f) => f.endsWith('.png'));
    expect(pngs).toHaveLength(2);
    expect(files.filter((f) => !f.endsWith('.png'))).toEqual([
      'google_ads_editor.csv',
      'manifest.json',
      'meta_ads_bulk.csv',
    ]);
    const manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8'));
    expect(manifest.files.map((f: any) => f.creative_id).sort()).toEqual([a, b].sort());
    const meta = parse(await readFile(join(out, 'meta_ads_bulk.csv')), { columns: true }) as any[];
    expect(new Set(meta.map((r) => r['Image File Name']))).toEqual(new Set(pngs));
    expect(exported.stdout).toContain(`2 PNGs, ${meta.length} Meta rows`);

    // --all --zip: the ZIP as it is, with every finished creative.
    const zipped = await adgen([
      'export',
      '--campaign',
      campaign.id,
      '--out',
      join(dataDir, 'zip'),
      '--all',
      '--zip',
      '--json',
    ]);
    expect(zipped.code, zipped.stderr).toBe(0);
    expect(zipped.json.files).toEqual([`${zipped.json.export.id}.zip`]);
    const entries = unzipSync(new Uint8Array(await readFile(join(dataDir, 'zip', zipped.json.files[0]))));
    expect(Object.keys(entries).filter((n) => n.endsWith('.png'))).toHaveLength(4);
    console.log(
      `adgen review: 2 approved, 1 rejected, 1 reset; link created (3 days) and revoked (410); adgen export: ${pngs.length} PNGs + ${meta.length} Meta rows unpacked; --all --zip: 4 PNGs`,
    );
  });
});
