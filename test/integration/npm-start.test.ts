/**
 * `npm start` as a user runs it: one stack per data folder (a second start exits 1 naming the
 * first), the folder made invisible to git and lint, SIGTERM or SIGINT to the npm process alone
 * stopping every process of the stack, and a missing Java told in one line with its install command.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killGroup, startLocalService, waitForOutput } from './local-service.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const cleanup: (() => Promise<void>)[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {});
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      command,
      args,
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every process of the group, by pid (ps lists them). */
async function groupMembers(pgid: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-eo', 'pid=,pgid='], {});
  return stdout
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([, group]) => group === pgid)
    .map(([pid]) => pid as number);
}

describe('npm start', () => {
  it('holds its data folder: a second start exits 1 naming the holder; SIGTERM to npm stops the whole stack and frees it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-npm-start-'));
    dirs.push(dataDir);
    const first = await startLocalService(dataDir, { PORT: '0' }, cleanup, 'npm');
    const holder = JSON.parse(await readFile(join(dataDir, 'adgen.lock'), 'utf8')) as { pid: number };
    expect(await readFile(join(dataDir, '.gitignore'), 'utf8')).toMatch(/^\*$/m);

    const second = await run('npm', ['start'], { ADGEN_DATA_DIR: dataDir, PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`in use by another npm start (pid ${holder.pid}`);
    expect(JSON.parse(await readFile(join(dataDir, 'local.json'), 'utf8')).baseUrl).toBe(first.local.baseUrl);

    const pgid = first.child.pid as number;
    expect((await groupMembers(pgid)).length).toBeGreaterThan(2);
    const exited = new Promise((r) => first.child.once('exit', r));
    process.kill(pgid, 'SIGTERM');
    await exited;
    // The stack stops its emulators before exiting; give the last child a moment to be reaped.
    for (let i = 0; i < 50 && (await groupMembers(pgid)).length > 0; i++)
      await new Promise((r) => setTimeout(r, 200));
    expect(await groupMembers(pgid)).toEqual([]);
    expect(existsSync(join(dataDir, 'adgen.lock'))).toBe(false);
    console.log(
      `npm start: second start on the same folder → exit ${second.code}: ${second.stderr.trim().split('\n').at(-1)}`,
    );
  }, 240_000);

  it('takes over the lock of a start that was killed, and SIGINT to npm stops it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-npm-start-'));
    dirs.push(dataDir);
    const killed = await startLocalService(dataDir, { PORT: '0' }, cleanup, 'npm');
    await killGroup(killed.child);
    expect(existsSync(join(dataDir, 'adgen.lock'))).toBe(true);
    const again = await startLocalService(dataDir, { PORT: '0' }, cleanup, 'npm');
    const exited = new Promise<number | null>((r) => again.child.once('exit', r));
    process.kill(again.child.pid as number, 'SIGINT');
    expect(await exited).toBe(0);
    await waitForOutput(again, 'SIGINT: stopping');
  }, 240_000);

  it('without Java: one line naming the install command, exit 1', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-npm-start-'));
    dirs.push(dataDir);
    const node = join(ROOT, 'node_modules/node/bin/node');
    const r = await run(node, ['local/main.ts'], {
      ADGEN_DATA_DIR: dataDir,
      PATH: '/nonexistent',
      JAVA_HOME: '',
    });
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^adgen: npm start needs java .*Install: .*(apt-get install|brew install)/);
    expect(existsSync(join(dataDir, 'adgen.lock'))).toBe(false);
  });
});
