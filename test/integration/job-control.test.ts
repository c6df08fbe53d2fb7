import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotsOfJob } from '#core/entities/slot.ts';
import { creditsOf, startTestApi, type TestApi } from './harness.ts';
import { eventually, finalJobOf, gatedCompose, runWorkers, workerDepsFor } from './worker-harness.ts';

/**
 * Job control through the local HTTP API with the real worker: list_jobs, cancel_job (a
 * 100-image job cancelled mid-run), regenerate_creative.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

type Account = { accountId: string; apiKey: string };

const credits = (account: Account) => creditsOf(api, account);

async function campaignOf(account: Account, fields: Record<string, unknown>) {
  const client = (await api.call('create_client', { name: 'Acme Coffee' }, account)).body.client;
  const res = await api.call(
    'create_campaign',
    { client_id: client.id, offer_text: '20% off', cta_text: 'Shop now', aspect_ratio: '1:1', ...fields },
    account,
  );
  expect(res.status, res.text).toBe(200);
  return res.body.campaign as { id: string };
}

const finalJob = (account: Account, jobId: string) => finalJobOf(api, account, jobId, 180_000);

describe('cancel_job', () => {
  it('cancels a 100-image job mid-run: exactly the unstarted slots come back, running ones finish', async () => {
    const account = await api.newAccount(150);
    const campaign = await campaignOf(account, { volume: 100 });
    const base = workerDepsFor(api);
    const gated = gatedCompose(base.compose, 4);
    const workers = runWorkers(api, { ...base, compose: gated.compose }, 2);
    try {
      const before = await credits(account);
      const started = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
      expect(started.body.jobs).toBe(100);
      const jobId = started.body.job_id as string;
      // Four images made, two more held while running.
      await eventually(async () => {
        const job = (await api.call('get_job', { job_id: jobId }, account)).body.job;
        return job.succeeded === 4 && gated.started() === 6 ? job : undefined;
      }, 120_000);
      const slotsAtCancel = await slotsOfJob(api.deps, account.accountId, jobId);
      const unstarted = slotsAtCancel.filter((s) => s.status === 'pending').length;
      const running = slotsAtCancel.filter((s) => s.status === 'running').length;
      const mid = await credits(account);

      const cancel = await api.call('cancel_job', { job_id: jobId }, account);
      expect(cancel.status, cancel.text).toBe(200);
      const afterCancel = await credits(account);
      gated.open();
      const job = await finalJob(account, jobId);
      const after = await credits(account);
      const slots = await slotsOfJob(api.deps, account.accountId, jobId);
      const cancelled = slots.filter((s) => s.status === 'cancelled');
      console.log(
        `cancel_job mid-run: 100 ordered; at cancel ${job.succeeded - running} succeeded, ${running} running, ${unstarted} pending; ` +
          `cancel released ${cancel.body.credits_released} credits (available ${mid.available} → ${afterCancel.available}); ` +
          `final ${job.status}: ${job.succeeded} succeeded, ${job.failed} failed, ${job.cancelled} cancelled; ` +
          `ledger granted ${after.granted} = available ${after.available} + reserved ${after.reserved} + used ${after.used}`,
      );

      expect(running).toBe(2);
      expect(unstarted).toBe(94);
      expect(cancel.body.credits_released).toBe(unstarted);
      expect(cancel.body.job).toMatchObject({ cancelled: unstarted, succeeded: 4, pending: running });
      expect(afterCancel.available - mid.available).toBe(unstarted);
      expect(afterCancel.reserved).toBe(mid.reserved - unstarted);
      // The running slots finished; no cancelled slot was ever started.
      expect(job).toMatchObject({
        status: 'partially_failed',
        succeeded: 6,
        failed: 0,
        cancelled: 94,
        pending: 0,
      });
      expect(cancelled).toHaveLength(94);
      expect(cancelled.every((s) => s.attempts === 0)).toBe(true);
      const notStarted = cancelled[0];
      if (!notStarted) throw new Error('no cancelled slot');
      await expect(
        api.deps.s3.send(
          new HeadObjectCommand({ Bucket: api.deps.config.bucketName, Key: notStarted.s3_key }),
        ),
      ).rejects.toThrow();
      // The ledger identity: nothing created or lost, nothing left reserved.
      expect(after.granted).toBe(before.granted);
      expect(after.available + after.reserved + after.used).toBe(after.granted);
      expect(after).toMatchObject({ reserved: 0, used: 6, available: before.available - 6 });

      // Cancelling again changes nothing.
      const again = await api.call('cancel_job', { job_id: jobId }, account);
      expect(again.body).toMatchObject({ credits_released: 0, job: { status: 'partially_failed' } });
      expect(await credits(account)).toEqual(after);
    } finally {
      gated.open();
      await workers.stop();
    }
  }, 300_000);

  it('ends `cancelled` when nothing succeeded, with every credit back', async () => {
    const account = await api.newAccount(10);
    const campaign = await campaignOf(account, { volume: 3 });
    // No worker: every slot is still pending.
    const started = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
    const cancel = await api.call('cancel_job', { job_id: started.body.job_id }, account);
    console.log(`cancel_job before any start: ${JSON.stringify(cancel.body)}`);
    expect(cancel.body).toMatchObject({
      credits_released: 3,
      job: { status: 'cancelled', succeeded: 0, failed: 0, cancelled: 3, pending: 0 },
    });
    expect(await credits(account)).toEqual({ granted: 10, available: 10, reserved: 0, used: 0 });
    const all = await api.call('list_creatives', { campaign_id: campaign.id, status: 'all' }, account);
    expect(all.body.creatives.map((c: { status: string }) => c.status)).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
    ]);
    const pending = await api.call(
      'list_creatives',
      { campaign_id: campaign.id, status: 'pending' },
      account,
    );
    expect(pending.body.creatives).toEqual([]);
  });
});

describe('regenerate_creative', () => {
  it('orders one image of the same angle and ratio for 1 credit; the new creative records regenerated_from', async () => {
    const account = await api.newAccount(10);
    const campaign = await campaignOf(account, { volume: 2, aspect_ratio: '1:1,9:16' });
    const workers = runWorkers(api);
    try {
      const first = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
      await finalJob(account, first.body.job_id);
      const creatives = (await api.call('list_creatives', { campaign_id: campaign.id }, account)).body
        .creatives;
      const original = creatives.find((c: { aspect_ratio: string }) => c.aspect_ratio === '9:16');
      const before = await credits(account);

      const res = await api.call('regenerate_creative', { creative_id: original.id, seed: 1234 }, account);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({
        job_id: expect.any(String),
        campaign_id: campaign.id,
        status: 'pending',
        jobs: 1,
        regenerated_from: original.id,
      });
      const reserved = await credits(account);
      const job = await finalJob(account, res.body.job_id);
      const after = await credits(account);
      const redone = (
        await api.call('list_creatives', { campaign_id: campaign.id, limit: 100 }, account)
      ).body.creatives.find((c: { job_id: string }) => c.job_id === res.body.job_id);
      const [slot] = await slotsOfJob(api.deps, account.accountId, res.body.job_id);
      console.log(
        `regenerate_creative: ${original.id} (${original.aspect_ratio}) → ${redone.id} (${redone.width}x${redone.height}), ` +
          `job ${job.status} ${job.succeeded}/${job.jobs}; available ${before.available} → ${reserved.available} (reserved ${reserved.reserved}) → ${after.available}, used ${before.used} → ${after.used}`,
      );
      expect(job).toMatchObject({
        status: 'completed',
        jobs: 1,
        succeeded: 1,
        regenerated_from: original.id,
      });
      expect(redone).toMatchObject({
        status: 'succeeded',
        regenerated_from: original.id,
        angle_id: original.angle_id,
        aspect_ratio: '9:16',
        width: original.width,
        height: original.height,
      });
      expect(redone.id).not.toBe(original.id);
      expect(slot?.seed).toBe(1234);
      expect(reserved).toMatchObject({ available: before.available - 1, reserved: 1 });
      expect(after).toMatchObject({ available: before.available - 1, used: before.used + 1, reserved: 0 });
      expect(after.granted).toBe(before.granted);
    } finally {
      await workers.stop();
    }
  }, 180_000);

  it('charges once for a regenerate or cancel repeated under one Idempotency-Key', async () => {
    const account = await api.newAccount(5);
    const campaign = await campaignOf(account, { volume: 1 });
    const job = (await api.call('generate_creatives', { campaign_id: campaign.id }, account)).body;
    const [creative] = (
      await api.call('list_creatives', { campaign_id: campaign.id, status: 'all' }, account)
    ).body.creatives;
    const send = (action: string, fields: Record<string, unknown>, key: string) =>
      api.post(JSON.stringify({ action, ...fields }), {
        'x-api-key': account.apiKey,
        'idempotency-key': key,
      });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send('regenerate_creative', { creative_id: creative.id }, 'regen-1')),
    );
    const ok = answers.filter((a) => a.status === 200);
    const cancel = await send('cancel_job', { job_id: job.job_id }, 'cancel-1');
    const cancelAgain = await send('cancel_job', { job_id: job.job_id }, 'cancel-1');
    const jobs = (await api.call('list_jobs', { campaign_id: campaign.id }, account)).body.jobs;
    const after = await credits(account);
    console.log(
      `regenerate_creative ×5 under one key: statuses ${answers.map((a) => a.status).join(',')}; ${jobs.length} jobs; reserved ${after.reserved}`,
    );
    expect(new Set(ok.map((a) => a.text)).size).toBe(1);
    expect(jobs).toHaveLength(2);
    // 5 granted: the first job's credit came back with the cancel, the one regenerate holds its own.
    expect(after).toMatchObject({ available: 4, reserved: 1 });
    expect(
      answers.filter((a) => a.status === 409).every((a) => a.body.error.code === 'idempotency_in_progress'),
    ).toBe(true);
    expect(cancelAgain.text).toBe(cancel.text);
    expect(cancelAgain.headers.get('idempotent-replayed')).toBe('true');
  });

  it('is refused with 402 when no credit is available, and 404 for an unknown creative', async () => {
    const account = await api.newAccount(1);
    const campaign = await campaignOf(account, { volume: 1 });
    await api.call('generate_creatives', { campaign_id: campaign.id }, account);
    const [creative] = (
      await api.call('list_creatives', { campaign_id: campaign.id, status: 'all' }, account)
    ).body.creatives;
    const broke = await api.call('regenerate_creative', { creative_id: creative.id }, account);
    expect(broke.status).toBe(402);
    expect(broke.body.error).toMatchObject({
      code: 'insufficient_credits',
      details: { required: 1, available: 0 },
    });
    const unknown = await api.call(
      'regenerate_creative',
      { creative_id: '0197a1b2-0000-7000-8000-000000000000' },
      account,
    );
    expect(unknown.status).toBe(404);
  });
});

describe('list_jobs', () => {
  it('lists the account’s jobs newest first, by campaign and status, page by page', async () => {
    const account = await api.newAccount(20);
    const a = await campaignOf(account, { volume: 1 });
    const b = await campaignOf(account, { volume: 2 });
    const order = [a, b, a, b, a];
    const ids: string[] = [];
    for (const campaign of order) {
      ids.push((await api.call('generate_creatives', { campaign_id: campaign.id }, account)).body.job_id);
    }
    const cancelled = ids[1] as string;
    await api.call('cancel_job', { job_id: cancelled }, account);

    const pages: string[][] = [];
    let next_token: string | null = null;
    do {
      const page: { body: { jobs: { job_id: string }[]; next_token: string | null } } = await api.call(
        'list_jobs',
        { limit: 2, ...(next_token ? { next_token } : {}) },
        account,
      );
      pages.push(page.body.jobs.map((j) => j.job_id));
      next_token = page.body.next_token;
    } while (next_token);
    const ofA = (await api.call('list_jobs', { campaign_id: a.id }, account)).body.jobs;
    const cancelledOnly = (await api.call('list_jobs', { status: 'cancelled' }, account)).body.jobs;
    const pendingOfB = (await api.call('list_jobs', { campaign_id: b.id, status: 'pending' }, account)).body
      .jobs;
    console.log(
      `list_jobs: 5 jobs in pages of 2 → ${pages.map((p) => p.length).join(' + ')}; campaign a → ${ofA.length}; cancelled → ${cancelledOnly.length}; b pending → ${pendingOfB.length}`,
    );
    expect(pages.flat()).toEqual([...ids].reverse());
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(ofA.map((j: { job_id: string }) => j.job_id)).toEqual([ids[4], ids[2], ids[0]]);
    expect(cancelledOnly.map((j: { job_id: string }) => j.job_id)).toEqual([cancelled]);
    expect(cancelledOnly[0]).toMatchObject({ campaign_id: b.id, cancelled: 2, status: 'cancelled' });
    expect(pendingOfB.map((j: { job_id: string }) => j.job_id)).toEqual([ids[3]]);
    // Another account sees none of them.
    const other = await api.newAccount(1);
    expect((await api.call('list_jobs', {}, other)).body.jobs).toEqual([]);
  });
});
