/**
 * The whole local service (`npm start`: API, workers and every emulator) as a child process in
 * its own process group, for the tests that kill it and start it again on the same data.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LocalJson } from '#local/stack.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

export type LocalService = { child: ChildProcess; output: () => string; local: LocalJson };

/** Resolves once the service has printed `needle`; rejects if it exits first. */
export function waitForOutput(
  service: Pick<LocalService, 'child' | 'output'>,
  needle: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!service.output().includes(needle)) return;
      service.child.stdout?.off('data', check);
      service.child.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null) =>
      reject(new Error(`service exited (${code}) before "${needle}":\n${service.output().slice(-3000)}`));
    service.child.stdout?.on('data', check);
    service.child.once('exit', onExit);
    check();
  });
}

/** SIGKILL to the whole group: the API, the workers and every emulator stop at once. */
export async function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-(child.pid as number), 'SIGKILL');
  await exited;
}

/**
 * Starts `npm start`'s program on `dataDir` with `env` on top of the test's environment, and
 * registers its kill with `cleanup` so a failing test leaves nothing running.
 */
export async function startLocalService(
  dataDir: string,
  env: Record<string, string>,
  cleanup: (() => Promise<void>)[],
  /** `npm`: through `npm start` itself, as a user runs it (signals then go to the npm process). */
  via: 'tsx' | 'npm' = 'tsx',
): Promise<LocalService> {
  const [command, args] =
    via === 'npm' ? ['npm', ['start']] : [join(ROOT, 'node_modules/.bin/tsx'), ['local/main.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    // Its own process group, so one kill reaches the API, the workers and every emulator.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ADGEN_DATA_DIR: dataDir, PORT: '0', ADGEN_LOG_FORMAT: 'json', ...env },
  });
  let out = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (d: Buffer) => {
      out += d.toString();
    });
  }
  const service = { child, output: () => out };
  cleanup.push(() => killGroup(child));
  await waitForOutput(service, 'adgen is running');
  const local = JSON.parse(await readFile(join(dataDir, 'local.json'), 'utf8')) as LocalJson;
  return { ...service, local };
}

/** One action on the local API with the seeded key. */
export async function callLocal(local: LocalJson, body: object) {
  const res = await fetch(local.baseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': local.apiKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}
