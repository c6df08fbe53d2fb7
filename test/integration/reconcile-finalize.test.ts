/**
 * A process that dies after a job's last slot settled but before the job was finalised leaves
 * the job open with every slot settled: nothing else would ever retry the finalisation. The
 * reconciler (scheduled on AWS, at start and on a timer locally) finalises such jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob } from '#core/entities/job.ts';
import { settleSlot, slotsOfJob } from '#core/entities/slot.ts';
import { settlementOutbox } from '#core/generation/outboxes.ts';
import { reconcileDispatches } from '#core/generation/reconcile.ts';
import { startTestApi, type TestApi } from './harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('the reconciler', () => {
  it('finalises a job whose slots all settled when the process died before finalising it', async () => {
    const client = (await api.call('create_client', { name: 'Acme Coffee' })).body.client;
    const campaign = (
      await api.call('create_campaign', {
        client_id: client.id,
        selected_angle_ids: [],
        aspect_ratio: '1:1',
        volume: 3,
      })
    ).body.campaign;
    expect(campaign?.id, 'create_campaign answered').toBeTruthy();
    const order = await api.call('generate_creatives', { campaign_id: campaign.id });
    expect(order.status).toBe(200);
    const jobId = order.body.job_id as string;

    // The worker's settlements without the finalisation that follows them (the crash).
    const slots = await slotsOfJob(api.deps, api.accountId, jobId);
    expect(slots).toHaveLength(3);
    for (const slot of slots) {
      expect(
        await settleSlot(
          api.deps,
          slot,
          { status: 'failed', reason: 'input_refused: test' },
          settlementOutbox(api.deps, slot),
        ),
      ).toBe(true);
    }
    const stranded = await getJob(api.deps, api.accountId, jobId);
    expect(stranded).toMatchObject({ failed: 3, succeeded: 0 });
    expect(['pending', 'running']).toContain(stranded?.status);

    const report = await reconcileDispatches(api.deps, new Date());
    console.log(`reconciler: ${JSON.stringify(report)}`);
    expect(report.finalized).toBe(1);
    const job = (await api.call('get_job', { job_id: jobId })).body.job;
    expect(job.status).toBe('failed');
    const credits = (await api.call('get_credits')).body.credits;
    expect(credits.reserved).toBe(0);
    expect(credits.granted).toBe(credits.available + credits.reserved + credits.used);

    // A second pass finds nothing more to do.
    expect((await reconcileDispatches(api.deps, new Date())).finalized).toBe(0);
  });
});
