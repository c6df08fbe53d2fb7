/**
 * Idempotency-Key across a crash (ADR 0031): the whole local service is killed with SIGKILL at
 * several moments of a 120-image generate_creatives sent with an Idempotency-Key, restarted on
 * the same data, and the order is retried with the same key once the dead request's lease has
 * run out. Each key must end with one job and one reservation, and the retry must answer that
 * job. The moments are reached deterministically through ADGEN_PAUSE_AT (see crash-dispatch).
 *
 * The campaigns name a product image the SSRF rules refuse, so each slot fails (and releases its
 * credit) as soon as a worker takes it: what is tested is the binding of key to job and the
 * ledger, not rendering.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_LEASE_SECONDS } from '#api/idempotent.ts';
import { isFinalJobStatus } from '#core/job-status.ts';
import type { LocalJson } from '#local/stack.ts';
import {
  callLocal,
  jobsOfLocalAccount,
  killGroup,
  startCrashService,
  waitForOutput,
} from './local-service.ts';

const BATCH = 120;
const MOMENTS = [
  // credits reserved and the job written, no slot yet
  'dispatch.reserved:0',
  // part of the slots written (the pause fires at the first transaction of slots that reaches it)
  'dispatch.slots_written:50',
  // every slot enqueued, the job not yet marked dispatched
  'dispatch.enqueued:120',
  // the action answered, its answer not yet stored under the key
  'idempotency.executed:0',
];

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanup.reverse()) await fn();
});

const startService = (dataDir: string, pauseAt?: string) =>
  startCrashService(dataDir, { workers: 2, pauseAt }, cleanup);

function order(local: LocalJson, key: string, campaignId: string) {
  return fetch(local.baseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': local.apiKey, 'idempotency-key': key },
    body: JSON.stringify({ action: 'generate_creatives', campaign_id: campaignId }),
  });
}

function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not reached within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('Idempotency-Key survives the service being killed part-way', () => {
  it(`kills the service at ${MOMENTS.length} moments of a ${BATCH}-image order; the retry after the lease finds the first job: one job, one charge`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-crash-key-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const orders: { moment: string; key: string; campaignId: string }[] = [];
    let killedAt = 0;
    for (const moment of MOMENTS) {
      const service = await startService(dataDir, moment);
      // Every job ordered before a kill is still there after the restart.
      expect(await jobsOfLocalAccount(service.local), moment).toHaveLength(orders.length);
      const client = await callLocal(service.local, { action: 'create_client', name: `Key ${moment}` });
      const campaign = await callLocal(service.local, {
        action: 'create_campaign',
        client_id: client.body.client.id,
        volume: BATCH,
        product_image_url: 'https://10.0.0.1/product.png',
      });
      expect(campaign.status).toBe(200);
      const key = randomUUID();
      orders.push({ moment, key, campaignId: campaign.body.campaign.id });
      const sent = order(service.local, key, campaign.body.campaign.id).catch(() => 'killed');
      await within(60_000, waitForOutput(service, `paused at ${moment.split(':')[0]} `), moment);
      // The moment, as the table shows it: the job is recorded with its credits reserved.
      const current = (await jobsOfLocalAccount(service.local)).filter(
        (j) => j.campaign_id === campaign.body.campaign.id,
      );
      expect(current, moment).toHaveLength(1);
      await killGroup(service.child);
      killedAt = Date.now();
      expect(await sent).toBe('killed');
    }

    const service = await startService(dataDir);
    // The dead requests' leases must have run out, or the retry is told the key is in use.
    const leaseEnds = killedAt + (IDEMPOTENCY_LEASE_SECONDS + 1) * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, leaseEnds - Date.now())));
    const answers: Record<string, unknown>[] = [];
    for (const o of orders) {
      const res = await order(service.local, o.key, o.campaignId);
      expect(res.status, o.moment).toBe(200);
      answers.push((await res.json()) as Record<string, unknown>);
    }

    let jobs: Record<string, unknown>[] = [];
    const deadline = Date.now() + 300_000;
    for (;;) {
      jobs = await jobsOfLocalAccount(service.local);
      if (jobs.every((j) => isFinalJobStatus(String(j.status)))) break;
      if (Date.now() > deadline)
        throw new Error(`jobs still open: ${JSON.stringify(jobs.map((j) => j.status))}`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    const credits = (await callLocal(service.local, { action: 'get_credits' })).body.credits;
    const perMoment = orders.map((o, i) => {
      const mine = jobs.filter((j) => j.campaign_id === o.campaignId);
      return {
        moment: o.moment,
        jobs: mine.length,
        charged: mine.reduce((n, j) => n + Number(j.jobs), 0),
        answer: answers[i],
      };
    });
    console.log(
      `Idempotency-Key after SIGKILL, restart and a retry past the ${IDEMPOTENCY_LEASE_SECONDS} s lease: ` +
        perMoment.map((m) => `${m.moment} → ${m.jobs} job, ${m.charged} credits reserved`).join('; ') +
        `; ledger granted ${credits.granted} = available ${credits.available} + reserved ${credits.reserved} + used ${credits.used}`,
    );
    for (const m of perMoment) {
      expect(m, m.moment).toMatchObject({ jobs: 1, charged: BATCH });
      const job = jobs.find((j) => j.campaign_id === orders[perMoment.indexOf(m)]?.campaignId);
      expect(m.answer, m.moment).toEqual({
        job_id: job?.id,
        campaign_id: job?.campaign_id,
        status: 'pending',
        jobs: BATCH,
      });
    }
    expect(jobs).toHaveLength(MOMENTS.length);
    expect(credits.reserved).toBe(0);
    expect(credits.granted).toBe(credits.available + credits.reserved + credits.used);
    await killGroup(service.child);
  }, 900_000);
});
