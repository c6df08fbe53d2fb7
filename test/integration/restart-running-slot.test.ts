/**
 * "The slot that was running when the stack stopped is re-driven at start, not after its lease
 * expires." The whole local service (`npm start` in its own process group) is stopped while a
 * worker holds a slot: ADGEN_PAUSE_AT=slot.claimed makes the worker stop right after claiming
 * it, and the group is killed there (Ctrl-C stops the emulators under a running worker the same
 * way). The lease is an hour (SLOT_LEASE_SECONDS=3600), so the job can only complete within this
 * test's time if the restart takes the slot back at once.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  callLocal,
  killGroup,
  type LocalService,
  startLocalService,
  waitForOutput,
} from './local-service.ts';

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

function startService(dataDir: string, pauseAt: string): Promise<LocalService> {
  return startLocalService(
    dataDir,
    { ADGEN_WORKERS: '1', LOG_LEVEL: 'INFO', SLOT_LEASE_SECONDS: '3600', ADGEN_PAUSE_AT: pauseAt },
    cleanup,
  );
}

describe('a restart of the local stack', () => {
  it('re-drives the slot that was running when the stack stopped at once, not when its hour-long lease ends', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-running-slot-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));

    const first = await startService(dataDir, 'slot.claimed:0');
    const client = await callLocal(first.local, { action: 'create_client', name: 'Acme' });
    const campaign = await callLocal(first.local, {
      action: 'create_campaign',
      client_id: client.body.client.id,
      volume: 1,
    });
    const order = await callLocal(first.local, {
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
      job = (await callLocal(second.local, { action: 'get_job', job_id: order.body.job_id })).body.job;
      if (job.status !== 'pending' && job.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    console.log(
      `running slot after restart: job ${job.status} ${((performance.now() - restartedAt) / 1000).toFixed(1)} s after the restart (lease 3600 s)`,
    );
    expect(job).toMatchObject({ status: 'completed', succeeded: 1, failed: 0 });
    const credits = (await callLocal(second.local, { action: 'get_credits' })).body.credits;
    expect(credits).toMatchObject({ reserved: 0, used: 1 });
  }, 180_000);
});
