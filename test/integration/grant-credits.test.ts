import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '#local/stack.ts';

const run = promisify(execFile);

let dataDir: string;
let stack: LocalStack;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'adgen-grant-'));
  stack = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT', defaultCredits: '40', workers: 1 });
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** `npm run grant-credits -- …`, as an operator runs it. */
async function grantCredits(...args: string[]) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'grant-credits', '--', ...args], {
      cwd: process.cwd(),
      env: process.env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? 1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

async function getCredits() {
  const res = await fetch(stack.baseUrl, {
    method: 'POST',
    headers: { 'x-api-key': stack.apiKey },
    body: JSON.stringify({ action: 'get_credits' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { credits: Record<string, number> }).credits;
}

describe('npm run grant-credits', () => {
  it('grants credits to an account on the local stack, and get_credits shows them', async () => {
    expect(await getCredits()).toEqual({ granted: 40, available: 40, reserved: 0, used: 0 });
    const out = await grantCredits(
      '--local',
      '--data-dir',
      dataDir,
      '--account',
      stack.localJson.accountId,
      '--credits',
      '250',
    );
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(
      `Granted 250 credits to account ${stack.localJson.accountId}: available 290`,
    );
    expect(await getCredits()).toEqual({ granted: 290, available: 290, reserved: 0, used: 0 });
  }, 60_000);

  it('refuses an unknown account and a bad amount, granting nothing', async () => {
    const before = await getCredits();
    const unknown = await grantCredits(
      '--local',
      '--data-dir',
      dataDir,
      '--account',
      '00000000-0000-4000-8000-000000000000',
      '--credits',
      '5',
    );
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('No account 00000000-0000-4000-8000-000000000000');
    const negative = await grantCredits(
      '--local',
      '--data-dir',
      dataDir,
      '--account',
      stack.localJson.accountId,
      '--credits=-5',
    );
    expect(negative.code).not.toBe(0);
    expect(negative.stderr).toContain('--credits must be a whole number');
    const typo = await grantCredits('--local', '--data-dir', dataDir, '--acount', 'x', '--credits', '5');
    expect(typo.code).not.toBe(0);
    expect(typo.stderr).toMatch(/unknown option '--acount'/i);
    expect(typo.stderr).toMatch(/usage: npm run grant-credits/i);
    expect(await getCredits()).toEqual(before);
  }, 60_000);

  it('needs a table on AWS', async () => {
    const out = await grantCredits('--account', 'a', '--credits', '1');
    expect(out.code).not.toBe(0);
    expect(out.stderr).toContain('--table is required');
  }, 60_000);
});
