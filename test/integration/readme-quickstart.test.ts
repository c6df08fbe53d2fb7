import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '#local/stack.ts';

/**
 * The README's second-terminal walk-through, run as written against a local stack: the block
 * is read from README.md at test time, so the test follows the README wherever it goes. Only
 * `npx adgen` is pointed at this checkout's CLI (the walk-through runs in a scratch folder, so
 * its downloads stay out of the checkout). What each creative's headline box says is read back
 * with tesseract.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const BIN = join(ROOT, 'cli/adgen.mjs');
const dirs: string[] = [];
let stack: LocalStack;
let dataDir: string;
let workDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'adgen-readme-'));
  workDir = await mkdtemp(join(tmpdir(), 'adgen-readme-work-'));
  dirs.push(dataDir, workDir);
  stack = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT', workers: 2 });
});
afterAll(async () => {
  await stack?.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function walkThrough(): Promise<string> {
  const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
  const after = readme.slice(readme.indexOf('Then, in a second terminal'));
  const block = /```bash\n([\s\S]*?)```/.exec(after)?.[1];
  if (!block) throw new Error('README: no bash block after "Then, in a second terminal"');
  return block;
}

function bash(script: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const npx = `npx() { if [ "$1" = adgen ]; then shift; "${process.execPath}" "${BIN}" "$@"; else command npx "$@"; fi; }`;
  const { ADGEN_BASE_URL: _u, ADGEN_API_KEY: _k, ...inherited } = process.env;
  const env = {
    ...inherited,
    ADGEN_DATA_DIR: dataDir,
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
  };
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-e', '-o', 'pipefail', '-c', `${npx}\n${script}`],
      { cwd: workDir, env, timeout: 300_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

async function call(action: string, body: object): Promise<any> {
  const res = await fetch(stack.baseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': stack.apiKey },
    body: JSON.stringify({ action, ...body }),
  });
  return res.json();
}

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 4);

describe('the README quickstart, followed verbatim', () => {
  it('ends with one PNG per angle and ratio, each headed by its own angle’s hook', async () => {
    const run = await bash(await walkThrough());
    expect(run.code, run.stderr).toBe(0);

    const clients = (await call('list_clients', {})).clients as Array<{ id: string; name: string }>;
    const client = clients.find((c) => c.name === 'Acme Coffee');
    expect(client).toBeDefined();
    const campaigns = (await call('list_campaigns', { client_id: client?.id })).campaigns as Array<{
      id: string;
    }>;
    expect(campaigns).toHaveLength(1);
    const angles = (await call('list_angles', { client_id: client?.id })).angles as Array<{
      id: string;
      hook: string;
    }>;
    const hookOf = new Map(angles.map((a) => [a.id, a.hook]));
    const creatives = (await call('list_creatives', { campaign_id: campaigns[0]?.id })).creatives as Array<{
      id: string;
      angle_id: string;
      aspect_ratio: string;
      quality: { boxes: Array<{ role: string; x: number; y: number; width: number; height: number }> };
    }>;
    expect(creatives.map((c) => c.aspect_ratio).sort()).toEqual(['1:1', '1:1', '9:16', '9:16']);
    const chosen = [...new Set(creatives.map((c) => c.angle_id))];
    expect(chosen).toHaveLength(2);
    // The two angles the README picks say different things.
    expect(hookOf.get(chosen[0] ?? '')).not.toBe(hookOf.get(chosen[1] ?? ''));

    const out = join(workDir, 'creatives/acme');
    const files = await readdir(out);
    expect(files.filter((f) => f.endsWith('.png'))).toHaveLength(4);
    const report: string[] = [];
    for (const creative of creatives) {
      const file = files.find((f) => f.includes(creative.id));
      expect(file, `no PNG for creative ${creative.id}`).toBeDefined();
      const box = creative.quality.boxes.find((b) => b.role === 'headline');
      expect(box, `no headline box on creative ${creative.id}`).toBeDefined();
      const crop = join(workDir, `headline-${creative.id}.png`);
      await sharp(join(out, file ?? ''))
        .extract({ left: box?.x ?? 0, top: box?.y ?? 0, width: box?.width ?? 1, height: box?.height ?? 1 })
        .toFile(crop);
      const read = new Set(
        words(
          execFileSync('tesseract', [crop, 'stdout'], {
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'ignore'],
          }),
        ),
      );
      const own = words(hookOf.get(creative.angle_id) ?? '');
      const other = words(hookOf.get(chosen.find((id) => id !== creative.angle_id) ?? '') ?? '').filter(
        (w) => !own.includes(w),
      );
      const ownShare = own.filter((w) => read.has(w)).length / own.length;
      const otherShare = other.length === 0 ? 0 : other.filter((w) => read.has(w)).length / other.length;
      report.push(`${creative.aspect_ratio} own ${ownShare.toFixed(2)} other ${otherShare.toFixed(2)}`);
      // Its headline is its own angle's hook (OCR may miss a word), not the other angle's.
      expect(ownShare, report.join('; ')).toBeGreaterThanOrEqual(0.75);
      expect(otherShare, report.join('; ')).toBeLessThan(0.5);
    }
    console.log(`README quickstart: ${report.join('; ')}`);
  }, 420_000);
});
