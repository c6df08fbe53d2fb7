/**
 * Crash-safe dispatch: the whole local service (`npm start`: API, workers and every emulator in
 * one process group) is killed with SIGKILL at five moments inside the dispatch of a 150-image
 * batch, and restarted on the same data each time. The moments are reached deterministically
 * through ADGEN_PAUSE_AT, which makes the dispatch stop at a named checkpoint and say so.
 * After the last restart every job must finish and every credit must be accounted for.
 *
 * One batch renders its 150 images for real, so `used` counts delivered images. The other four
 * name a product image the SSRF rules refuse, so each of their slots fails (and releases its
 * credit) as soon as a worker takes it: what is tested is dispatch and the credit ledger, and
 * rendering 750 images would take a quarter of an hour on a shared two-core machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isFinalJobStatus } from '#core/job-status.ts';
import {
  callLocal,
  jobsOfLocalAccount,
  killGroup,
  startCrashService,
  waitForOutput,
} from './local-service.ts';

const BATCH = 150;
/** Which of the batches renders its images (the others fail theirs at once, see above). */
const RENDERED = 1;
const MOMENTS = [
  'dispatch.reserved:0',
  'dispatch.slots_written:25',
  'dispatch.slots_written:150',
  'dispatch.enqueued:10',
  'dispatch.enqueued:140',
];

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

const startService = (dataDir: string, pauseAt?: string) =>
  startCrashService(dataDir, { workers: 4, pauseAt }, cleanup);

describe('dispatch survives the service being killed part-way', () => {
  it('kills the process group at 5 moments of a 150-image dispatch; every job ends and no credit is stranded', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-crash-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));

    const campaignIds: string[] = [];
    for (const [round, moment] of MOMENTS.entries()) {
      const service = await startService(dataDir, moment);
      // Every job ordered before a kill is still there after the restart.
      expect(await jobsOfLocalAccount(service.local)).toHaveLength(campaignIds.length);
      const client = await callLocal(service.local, { action: 'create_client', name: `Crash ${moment}` });
      expect(client.status).toBe(200);
      const campaign = await callLocal(service.local, {
        action: 'create_campaign',
        client_id: client.body.client.id,
        aspect_ratio: '1:1',
        volume: BATCH,
        ...(round === RENDERED ? {} : { product_image_url: 'https://10.0.0.1/product.png' }),
      });
      expect(campaign.status).toBe(200);
      campaignIds.push(campaign.body.campaign.id);
      const order = fetch(service.local.baseUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': service.local.apiKey },
        body: JSON.stringify({ action: 'generate_creatives', campaign_id: campaign.body.campaign.id }),
      }).catch(() => 'killed');
      await waitForOutput(service, `paused at ${moment.split(':')[0]} `);
      // The moment, as the table shows it: the job is recorded (planned) with part of its slots.
      const jobsNow = await jobsOfLocalAccount(service.local);
      expect(jobsNow).toHaveLength(campaignIds.length);
      const current = jobsNow.find((j) => j.campaign_id === campaign.body.campaign.id);
      expect(current).toMatchObject({ dispatch: 'planned', slot_count: BATCH });
      await killGroup(service.child);
      // The caller never got an answer: the dispatch died with the process.
      expect(await order).toBe('killed');
    }

    const service = await startService(dataDir);
    // Every job ends: wait on that, with a deadline that names what was still open.
    let jobs: Record<string, unknown>[] = [];
    const deadline = Date.now() + 900_000;
    for (;;) {
      jobs = await jobsOfLocalAccount(service.local);
      const open = jobs.filter((j) => !isFinalJobStatus(String(j.status)));
      if (open.length === 0) break;
      if (Date.now() > deadline) {
        throw new Error(
          `jobs still open after 15 minutes: ${open.map((j) => `${j.id} ${j.status} ${j.succeeded}/${j.failed} ${j.dispatch}`).join(', ')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 1000));
    }
    let delivered = 0;
    for (const campaignId of campaignIds) {
      let token: string | null = null;
      do {
        const page = await callLocal(service.local, {
          action: 'list_creatives',
          campaign_id: campaignId,
          status: 'succeeded',
          limit: 100,
          ...(token ? { next_token: token } : {}),
        });
        expect(page.status).toBe(200);
        delivered += page.body.creatives.length;
        token = page.body.next_token;
      } while (token);
    }
    const credits = (await callLocal(service.local, { action: 'get_credits' })).body.credits;
    console.log(
      `after ${MOMENTS.length} kills during dispatch of ${BATCH}-image batches: ` +
        `granted ${credits.granted}, available ${credits.available}, reserved ${credits.reserved}, ` +
        `used ${credits.used}, images delivered ${delivered}, jobs ${jobs.map((j) => `${j.status} ${j.succeeded}/${j.failed}`).join(', ')}`,
    );
    expect(jobs).toHaveLength(MOMENTS.length);
    for (const job of jobs) {
      expect(job.status).not.toBe('running');
      expect(job.dispatch).toBe('dispatched');
      expect(Number(job.succeeded) + Number(job.failed)).toBe(BATCH);
    }
    expect(credits.reserved).toBe(0);
    expect(credits.used).toBe(delivered);
    expect(credits.granted).toBe(credits.available + credits.reserved + credits.used);
    // The rendered batch was finished, not failed away: the reconciler created and enqueued
    // its missing slots and the restarts re-drove the interrupted ones.
    expect(delivered).toBe(BATCH);
    const rendered = jobs.find((j) => j.campaign_id === campaignIds[RENDERED]);
    expect(rendered).toMatchObject({ status: 'completed', succeeded: BATCH, failed: 0 });
    for (const job of jobs.filter((j) => j !== rendered)) {
      expect(job).toMatchObject({
        status: 'failed',
        failed: BATCH,
        failure_reasons: { input_refused: BATCH },
      });
    }
    await killGroup(service.child);
  }, 1_500_000);
});
