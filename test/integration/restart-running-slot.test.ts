/**
 * "The slot that was running when the stack stopped is re-driven at start, not after its lease
 * expires." The whole local service (`npm start` in its own process group) is stopped while a
 * worker holds a slot: ADGEN_PAUSE_AT=slot.claimed makes the worker stop right after claiming
 * it, and the group is killed there (Ctrl-C stops the emulators under a running worker the same
 * way). The lease is an hour (SLOT_LEASE_SECONDS=3600), so the job can only complete within this
 * test's time if the restart takes the slot back at once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LocalJson } from '#local/stack.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

type Service = { child: ChildProcess; output: () => string; local: LocalJson };

function waitForOutput(service: Omit<Service, 'local'>, needle: string): Promise<void> {
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

async function startService(dataDir: string, pauseAt: string): Promise<Service> {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['local/main.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ADGEN_DATA_DIR: dataDir,
      PORT: '0',
      ADGEN_WORKERS: '1',
      LOG_LEVEL: 'INFO',
      ADGEN_LOG_FORMAT: 'json',
      SLOT_LEASE_SECONDS: '3600',
      ADGEN_PAUSE_AT: pauseAt,
    },
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

async function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-(child.pid as number), 'SIGKILL');
  await exited;
}

async function call(local: LocalJson, body: object) {
  const res = await fetch(local.baseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': local.apiKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('a restart of the local stack', () => {
  it('re-drives the slot that was running when the stack stopped at once, not when its hour-long lease ends', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-running-slot-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));

    const first = await startService(dataDir, 'slot.claimed:0');
    const client = await call(first.local, { action: 'create_client', name: 'Acme' });
    const campaign = await call(first.local, {
      action: 'create_campaign',
      client_id: client.body.client.id,
      volume: 1,
    });
    const order = await call(first.local, {
      action: 'generate_creatives',
      campaign_id: campaign.body.campaign.id,
    });
    expect(order.status).toBe(200);
    await waitForOutput(first, 'paused at slot.claimed');
    await killGroup(first.child);

    const second = await startService(dataDir, '');
    const restartedAt = performance.now();
    // The start itself took the slot back: one slot re-driven, before any request.
    expect(second.output()).toMatch(/re-drove unfinished slots[^\n]*"slots":1/);
    let job: any;
    for (;;) {
      job = (await call(second.local, { action: 'get_job', job_id: order.body.job_id })).body.job;
      if (job.status !== 'pending' && job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(
      `running slot after restart: job ${job.status} ${((performance.now() - restartedAt) / 1000).toFixed(1)} s after the restart (lease 3600 s)`,
    );
    expect(job).toMatchObject({ status: 'completed', succeeded: 1, failed: 0 });
    const credits = (await call(second.local, { action: 'get_credits' })).body.credits;
    expect(credits).toMatchObject({ reserved: 0, used: 1 });
  }, 180_000);
});
