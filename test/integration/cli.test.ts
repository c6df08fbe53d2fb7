import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '#local/stack.ts';
import { type CliRun, runAdgen } from './cli-runner.ts';

const dirs: string[] = [];
let stack: LocalStack;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'adgen-cli-'));
  dirs.push(dataDir);
  stack = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT', workers: 2 });
});
afterAll(async () => {
  await stack?.stop();
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** `adgen <args>` as a child process, configured only by ADGEN_DATA_DIR (its local.json). */
function adgen(args: string[], env: Record<string, string> = {}, stdin = ''): Promise<CliRun> {
  return runAdgen(dataDir, args, { env, stdin });
}

function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('the adgen CLI against the local stack', () => {
  it('creates a client and a campaign, generates with --wait and leaves the PNGs in a folder', async () => {
    const client = await adgen(['clients', 'create', 'Acme', '--json']);
    expect(client.code, client.stderr).toBe(0);
    const clientId = client.json.client.id as string;
    expect(client.json.client.name).toBe('Acme');

    const campaign = await adgen([
      'campaigns',
      'create',
      '--client',
      clientId,
      '--aspect-ratio',
      '1:1,9:16',
      '--volume',
      '2',
      '--json',
    ]);
    expect(campaign.code, campaign.stderr).toBe(0);
    const campaignId = campaign.json.campaign.id as string;
    expect(campaign.json.campaign.aspect_ratio).toBe('1:1,9:16');

    const out = join(dataDir, 'pngs');
    const generated = await adgen(['generate', campaignId, '--wait', '--out', out]);
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stderr).toMatch(/2\/2 done, 0 failed/);
    expect(generated.stdout).toContain('2 PNGs in');

    const files = (await readdir(out)).filter((f) => f.endsWith('.png')).sort();
    expect(files).toHaveLength(2);
    const sizes = await Promise.all(files.map(async (f) => pngSize(await readFile(join(out, f)))));
    for (const [i, file] of files.entries()) {
      const size = sizes[i];
      if (file.includes('-1x1-')) expect(size).toEqual({ width: 1080, height: 1080 });
      else if (file.includes('-9x16-')) expect(size).toEqual({ width: 1080, height: 1920 });
      else throw new Error(`unexpected file ${file}`);
    }
    expect(new Set(files.map((f) => f.split('-')[1]))).toEqual(new Set(['1x1', '9x16']));

    const listed = await adgen(['campaigns', 'list', '--client', clientId]);
    expect(listed.stdout).toContain(campaignId);
    const credits = await adgen(['credits', '--json']);
    expect(credits.json.credits.used).toBe(2);
  });

  it('logs in with Cognito, caches the token (0600) and lists keys', async () => {
    const keysBefore = await adgen(['keys', 'list']);
    expect(keysBefore.code).toBe(3);
    expect(keysBefore.stderr).toContain('adgen login');

    const login = await adgen(['login', '--json']);
    expect(login.code, login.stderr).toBe(0);
    const tokenFile = join(dataDir, 'token.json');
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    const cached = JSON.parse(await readFile(tokenFile, 'utf8'));
    expect(Date.parse(cached.expiresAt)).toBeGreaterThan(Date.now());

    const keys = await adgen(['keys', 'list', '--json']);
    expect(keys.code, keys.stderr).toBe(0);
    expect(keys.json.api_keys.map((k: { name: string }) => k.name)).toContain('local default');
  });

  it('logs in with the password on stdin, and refreshes an expired access token with the cached refresh token', async () => {
    const local = JSON.parse(await readFile(join(dataDir, 'local.json'), 'utf8'));
    const { username, password } = local.cognito as { username: string; password: string };
    const wrong = await adgen(
      ['login', '--username', username, '--password-stdin'],
      {},
      'not-the-password\n',
    );
    expect(wrong.code).toBe(3);
    const login = await adgen(
      ['login', '--username', username, '--password-stdin', '--json'],
      {},
      `${password}\n`,
    );
    expect(login.code, login.stderr).toBe(0);
    const tokenFile = join(dataDir, 'token.json');
    const cached = JSON.parse(await readFile(tokenFile, 'utf8'));
    expect(cached.refresh.token).toEqual(expect.any(String));

    // An access token past its expiry: the key command refreshes it first and caches the new one.
    const expired = `e30.${Buffer.from(JSON.stringify({ exp: 1 })).toString('base64url')}.x`;
    await writeFile(
      tokenFile,
      JSON.stringify({ ...cached, accessToken: expired, expiresAt: new Date(0).toISOString() }),
    );
    const keys = await adgen(['keys', 'list', '--json']);
    expect(keys.code, keys.stderr).toBe(0);
    expect(keys.json.api_keys.length).toBeGreaterThan(0);
    const refreshed = JSON.parse(await readFile(tokenFile, 'utf8'));
    expect(refreshed.accessToken).not.toBe(expired);
    expect(refreshed.accessToken.split('.')).toHaveLength(3);
    expect(Date.parse(refreshed.expiresAt)).toBeGreaterThan(Date.now());
    console.log(
      `cli login: wrong password exit ${wrong.code}, stdin password exit ${login.code}; expired token refreshed, keys list exit ${keys.code} (${keys.json.api_keys.length} keys)`,
    );
  });

  it('never takes a password in argv, and has --version and help per command', async () => {
    for (const flag of ['--password', '--new-password']) {
      const refused = await adgen(['login', '--username', 'u', flag, 'hunter2']);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`${flag} is not accepted`);
      expect(refused.stderr).not.toContain('hunter2');
    }
    const eq = await adgen(['login', '--password=hunter2']);
    expect(eq.code).toBe(2);

    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8'));
    const version = await adgen(['--version']);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(`adgen ${pkg.version}`);

    const loginHelp = await adgen(['login', '--help']);
    expect(loginHelp.code).toBe(0);
    expect(loginHelp.stdout).toContain('--password-stdin');
    expect(loginHelp.stdout).not.toContain('brand-kit');
    const generateHelp = await adgen(['help', 'generate']);
    expect(generateHelp.stdout).toContain('Idempotency-Key');
    expect(generateHelp.stdout).not.toContain('--password-stdin');
    const all = await adgen(['--help']);
    expect(all.stdout).toContain('adgen login');
    expect(all.stdout).toContain('adgen brand-kit set');
  });

  it('sends a fresh Idempotency-Key per write: two identical creates are two clients', async () => {
    const a = await adgen(['clients', 'create', 'Twin', '--json']);
    const b = await adgen(['clients', 'create', 'Twin', '--json']);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.json.client.id).not.toBe(b.json.client.id);
  });

  it('answers every error with a clear message and its exit code', async () => {
    const notFound = await adgen(['campaigns', 'list', '--client', '0197a1b2-0000-7000-8000-00000000c11e']);
    expect(notFound.code).toBe(4);
    expect(notFound.stderr).toMatch(/not_found/);

    const invalid = await adgen(['campaigns', 'create', '--client', 'nope', '--json']);
    expect(invalid.code).toBe(5);
    expect(invalid.json.error.code).toBe('validation_error');
    expect(invalid.stderr).toContain('client_id');

    const badKey = await adgen(['credits'], { ADGEN_API_KEY: 'adg_local_wrong' });
    expect(badKey.code).toBe(3);

    const usage = await adgen(['frobnicate']);
    expect(usage.code).toBe(2);

    const network = await adgen(['credits'], { ADGEN_BASE_URL: 'http://127.0.0.1:1' });
    expect(network.code).toBe(8);
  });

  it('lists, cancels and waits for jobs (jobs list / cancel / wait)', async () => {
    const clientId = (await adgen(['clients', 'create', 'Jobs Co', '--json'])).json.client.id as string;
    const campaignId = (
      await adgen(['campaigns', 'create', '--client', clientId, '--volume', '40', '--json'])
    ).json.campaign.id as string;
    const before = (await adgen(['credits', '--json'])).json.credits;
    const started = await adgen(['generate', campaignId, '--json']);
    expect(started.code, started.stderr).toBe(0);
    const jobId = started.json.job_id as string;

    const cancel = await adgen(['jobs', 'cancel', jobId, '--json']);
    expect(cancel.code, cancel.stderr).toBe(0);
    const listed = await adgen(['jobs', 'list', '--campaign', campaignId, '--json']);
    const human = await adgen(['jobs', 'list', '--campaign', campaignId]);
    const waited = await adgen(['jobs', 'wait', jobId, '--json']);
    expect(waited.code, waited.stderr).toBe(0);
    const job = waited.json.job;
    const after = (await adgen(['credits', '--json'])).json.credits;
    console.log(
      `adgen jobs: cancel returned ${cancel.json.credits_released} credits; wait → ${job.status} ` +
        `(${job.succeeded} succeeded, ${job.failed} failed, ${job.cancelled} cancelled of ${job.jobs}); ` +
        `available ${before.available} → ${after.available}`,
    );
    expect(listed.json.jobs.map((j: { job_id: string }) => j.job_id)).toEqual([jobId]);
    expect(human.stdout).toContain(jobId);
    expect(job.jobs).toBe(40);
    expect(job.succeeded + job.failed + job.cancelled).toBe(40);
    expect(cancel.json.credits_released).toBe(job.cancelled);
    expect(['cancelled', 'partially_failed', 'completed']).toContain(job.status);
    expect(after.available).toBe(before.available - job.succeeded);
    expect(after.reserved).toBe(0);

    const missing = await adgen(['jobs', 'cancel', '0197a1b2-0000-7000-8000-000000000000']);
    expect(missing.code).toBe(4);
    const usage = await adgen(['jobs', 'wait']);
    expect(usage.code).toBe(2);
    const help = await adgen(['jobs', '--help']);
    expect(help.stdout).toContain('adgen jobs list');
  });

  it('reads, renames, updates, regenerates and deletes (clients / campaigns get, rename, update, delete; regenerate)', async () => {
    const clientId = (await adgen(['clients', 'create', 'Life Co', '--json'])).json.client.id as string;
    const renamed = await adgen(['clients', 'rename', clientId, 'Life', 'and', 'Co', '--json']);
    expect(renamed.code, renamed.stderr).toBe(0);
    expect((await adgen(['clients', 'get', clientId, '--json'])).json.client.name).toBe('Life and Co');

    const campaignId = (await adgen(['campaigns', 'create', '--client', clientId, '--volume', '1', '--json']))
      .json.campaign.id as string;
    const updated = await adgen(['campaigns', 'update', campaignId, '--offer', '20% off', '--json']);
    expect(updated.code, updated.stderr).toBe(0);
    expect(updated.json.campaign.offer_text).toBe('20% off');
    const got = await adgen(['campaigns', 'get', campaignId]);
    expect(got.stdout).toContain(campaignId);
    expect((await adgen(['campaigns', 'update', campaignId])).code).toBe(2);

    const generated = await adgen([
      'generate',
      campaignId,
      '--wait',
      '--out',
      join(dataDir, 'life'),
      '--json',
    ]);
    expect(generated.code, generated.stderr).toBe(0);
    const [creative] = generated.json.creatives as Array<{ id: string }>;
    const again = await adgen(['regenerate', creative?.id ?? '', '--seed', '7', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json.regenerated_from).toBe(creative?.id);
    const waited = await adgen(['jobs', 'wait', again.json.job_id, '--json']);
    expect(waited.json.job.status).toBe('completed');

    const deleted = await adgen(['clients', 'delete', clientId, '--json']);
    expect(deleted.code, deleted.stderr).toBe(0);
    console.log(`adgen clients delete: ${JSON.stringify(deleted.json)}`);
    expect(deleted.json).toEqual({ deleted: true, creatives_deleted: 2, credits_released: 0 });
    expect((await adgen(['campaigns', 'get', campaignId])).code).toBe(4);
    expect((await adgen(['clients', 'delete', clientId])).code).toBe(4);
  });

  it('lists and downloads the creatives of a campaign and of a job; jobs wait --download prints its final line once', async () => {
    const clientId = (await adgen(['clients', 'create', 'Gallery Co', '--json'])).json.client.id as string;
    const campaignId = (
      await adgen(['campaigns', 'create', '--client', clientId, '--aspect-ratio', '1:1,9:16', '--json'])
    ).json.campaign.id as string;
    const generated = await adgen(['generate', campaignId, '--wait', '--out', join(dataDir, 'g1'), '--json']);
    expect(generated.code, generated.stderr).toBe(0);
    const firstIds = (generated.json.creatives as { id: string }[]).map((c) => c.id).sort();

    const listed = await adgen(['creatives', 'list', '--campaign', campaignId, '--json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.json.creatives.map((c: { id: string }) => c.id).sort()).toEqual(firstIds);
    const human = await adgen(['creatives', 'list', '--campaign', campaignId]);
    for (const id of firstIds) expect(human.stdout).toContain(id);

    // After a regenerate, the campaign has one more PNG and the job's own selection has exactly it.
    const again = await adgen(['regenerate', firstIds[0] ?? '', '--json']);
    expect(again.code, again.stderr).toBe(0);
    const jobId = again.json.job_id as string;
    const jobDir = join(dataDir, 'regenerated');
    const waited = await adgen(['jobs', 'wait', jobId, '--download', jobDir]);
    expect(waited.code, waited.stderr).toBe(0);
    const finalLine = (waited.stdout.split('\n')[0] ?? '').trim();
    expect(finalLine).toMatch(new RegExp(`^${jobId}\\s+completed`));
    expect(`${waited.stdout}${waited.stderr}`.split(finalLine)).toHaveLength(2);
    const jobFiles = (await readdir(jobDir)).filter((f) => f.endsWith('.png'));
    expect(jobFiles).toHaveLength(1);
    expect(jobFiles[0]).not.toContain(firstIds[0]);
    const byJob = await adgen(['creatives', 'list', '--job', jobId, '--json']);
    expect(byJob.json.creatives).toHaveLength(1);
    expect(byJob.json.creatives[0].job_id).toBe(jobId);

    const all = join(dataDir, 'all');
    const downloaded = await adgen([
      'creatives',
      'download',
      '--campaign',
      campaignId,
      '--out',
      all,
      '--json',
    ]);
    expect(downloaded.code, downloaded.stderr).toBe(0);
    const files = (await readdir(all)).filter((f) => f.endsWith('.png'));
    expect(files).toHaveLength(3);
    for (const file of files) pngSize(await readFile(join(all, file)));
    expect(downloaded.json.creatives).toHaveLength(3);
    console.log(
      `adgen creatives download: ${files.length} PNGs (${files.join(', ')}); job ${jobId}: ${jobFiles[0]}`,
    );

    const neither = await adgen(['creatives', 'download']);
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('--campaign');
    const typo = await adgen(['jobs', 'wait', jobId, '--dowload', jobDir]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("unknown option '--dowload'");
  });

  it('serves the OpenAPI document at GET /openapi.json', async () => {
    const res = await fetch(`${stack.baseUrl}/openapi.json`);
    expect(res.status).toBe(200);
    const served = await res.text();
    expect(served).toBe(await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));
  });
});
