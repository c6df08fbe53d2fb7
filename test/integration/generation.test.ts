import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiHandler } from '#api/app.ts';
import { createTemplateImageModel } from '#core/creative/scenes/index.ts';
import { putAngles } from '#core/entities/angle.ts';
import { deliverySize, parseRatio } from '#core/images/sizes.ts';
import { type ImageModel, PermanentImageError, TransientImageError } from '#core/images/types.ts';
import { processSlot } from '#generate/process-slot.ts';
import { createDeadLetterHandler, createWorkerHandler } from '#generate/worker.ts';
import { startApiServer } from '#local/api-server.ts';
import { creditsOf, startTestApi, type TestApi } from './harness.ts';
import { eventually, runWorkers, silent, workerDepsFor } from './worker-harness.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api?.close());

const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

async function setup(
  account: { accountId: string; apiKey: string },
  angles: number,
  fields: Record<string, unknown>,
) {
  const client = (await api.call('create_client', { name: 'Acme Coffee' }, account)).body.client;
  const drafts = Array.from({ length: Math.max(angles, 0) }, (_, i) => ({
    name: `Angle ${i}`,
    hook: `Hook number ${i} for better mornings`,
    awareness_level: 'problem_aware' as const,
    visual_style: ['bold flat colour blocks', 'minimal luxury', 'playful'][i % 3] as string,
    copy_direction: 'Short and direct.',
  }));
  const stored =
    angles > 0 ? ((await putAngles(api.deps, account.accountId, client.id, drafts, 'en')) ?? []) : [];
  const campaign = (
    await api.call(
      'create_campaign',
      {
        client_id: client.id,
        selected_angle_ids: stored.map((a) => a.id),
        offer_text: '20% off',
        cta_text: 'Shop now',
        ...fields,
      },
      account,
    )
  ).body.campaign;
  return { client, campaign, angles: stored };
}

const credits = (account: { apiKey: string }) => creditsOf(api, account);

describe('generate_creatives end to end (router → queue → worker → S3 → list_creatives)', () => {
  let workers: { stop(): Promise<void> };
  beforeAll(() => {
    workers = runWorkers(api);
  });
  afterAll(() => workers.stop());

  it.each([
    [0, '1:1', 1, 1],
    [0, '1:1,9:16', 1, 2],
    [0, '1:1,9:16', 5, 4],
    [2, '1:1', 7, 6],
    [3, '1:1,4:5', 10, 6],
  ])(
    '%i angles × "%s" at volume %i → %i PNGs of the right sizes, each charged once',
    async (angles, ratio, volume, expected) => {
      const account = await api.newAccount(100);
      const { campaign } = await setup(account, angles, { aspect_ratio: ratio, volume });
      const before = await credits(account);

      const res = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        job_id: expect.any(String),
        campaign_id: campaign.id,
        status: 'pending',
        jobs: expected,
      });

      const creatives = await eventually(async () => {
        const page = await api.call('list_creatives', { campaign_id: campaign.id, limit: 100 }, account);
        return page.body.creatives.length >= expected ? page.body.creatives : undefined;
      });
      expect(creatives).toHaveLength(expected);
      for (const creative of creatives) {
        const size = deliverySize(parseRatio(creative.aspect_ratio));
        expect(creative).toMatchObject({
          status: 'succeeded',
          campaign_id: campaign.id,
          job_id: res.body.job_id,
          ...size,
        });
        const image = await fetch(creative.image_url);
        expect(image.status).toBe(200);
        const png = Buffer.from(await image.arrayBuffer());
        expect(pngSize(png)).toEqual(size);
      }

      const job = await eventually(async () => {
        const j = (await api.call('get_job', { job_id: res.body.job_id }, account)).body.job;
        return j.status === 'completed' ? j : undefined;
      });
      expect(job).toMatchObject({ jobs: expected, succeeded: expected, failed: 0, pending: 0 });
      const after = await credits(account);
      expect(after.used - before.used).toBe(expected);
      expect(after.reserved).toBe(0);
      expect(after.granted).toBe(before.granted);
      expect(after.available + after.reserved + after.used).toBe(after.granted);
    },
  );

  it('refuses a batch above the balance with 402 and changes nothing', async () => {
    const account = await api.newAccount(3);
    const { campaign } = await setup(account, 0, { aspect_ratio: '1:1', volume: 4 });
    const itemsBefore = JSON.stringify(await api.items());
    const res = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
    expect(res.status).toBe(402);
    expect(res.body.error).toEqual({
      code: 'insufficient_credits',
      message: expect.any(String),
      details: { required: 4, available: 3 },
    });
    const strip = (json: string) =>
      JSON.parse(json).map((item: Record<string, unknown>) => ({ ...item, last_used_at: undefined }));
    expect(strip(JSON.stringify(await api.items()))).toEqual(strip(itemsBefore));
    expect(await credits(account)).toEqual({ granted: 3, available: 3, reserved: 0, used: 0 });
  });

  it('never reserves more than the balance under 50 parallel orders against 20 credits', async () => {
    const account = await api.newAccount(20);
    const { campaign } = await setup(account, 0, { aspect_ratio: '1:1', volume: 1 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => api.call('generate_creatives', { campaign_id: campaign.id }, account)),
    );
    const accepted = answers.filter((r) => r.status === 200).length;
    const refused = answers.filter((r) => r.status === 402).length;
    // Any other answer is a refusal for a reason other than credits: name it when it happens.
    const others = answers
      .filter((r) => r.status !== 200 && r.status !== 402)
      .map((r) => `${r.status} ${r.text}`);
    const ledger = await credits(account);
    const overspend = Math.max(0, ledger.reserved + ledger.used - 20);
    const drift = ledger.granted - (ledger.available + ledger.reserved + ledger.used);
    console.log(
      `credit race: sent 50, accepted ${accepted}, refused ${refused}, overspend ${overspend}, ledger drift ${drift}`,
    );
    expect(accepted + refused, others.join('\n')).toBe(50);
    expect(accepted).toBe(20);
    expect(overspend).toBe(0);
    expect(drift).toBe(0);
    expect(ledger.granted).toBe(20);
  });
});

describe('the worker under faults', () => {
  async function oneSlot(model?: ImageModel) {
    const account = await api.newAccount(10);
    const { campaign } = await setup(account, 0, { aspect_ratio: '1:1', volume: 1 });
    const deps = workerDepsFor(api, model ? { imageModel: model } : {});
    // Dispatch through the API, then take the message off the queue to drive it by hand.
    const res = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
    expect(res.status).toBe(200);
    const message = {
      v: 1 as const,
      account_id: account.accountId,
      job_id: res.body.job_id as string,
      slot_index: 0,
    };
    return { account, campaign, deps, message, jobId: res.body.job_id as string };
  }

  it('turns the same message delivered three times into one image and one charge', async () => {
    const { account, deps, message, campaign } = await oneSlot();
    const outcomes = [];
    for (let i = 1; i <= 3; i++) outcomes.push((await processSlot(deps, message, i)).result);
    expect(outcomes).toEqual(['succeeded', 'skipped', 'skipped']);
    expect(await credits(account)).toMatchObject({ used: 1, reserved: 0, available: 9 });
    const page = await api.call('list_creatives', { campaign_id: campaign.id, status: 'all' }, account);
    expect(page.body.creatives).toHaveLength(1);
  });

  it('fails a content-filtered image at once and releases its credit', async () => {
    const refusing: ImageModel = {
      id: 'refusing',
      generate: async () => {
        throw new PermanentImageError('content_filtered', 'Filter reason: prompt');
      },
    };
    const { account, deps, message, jobId, campaign } = await oneSlot(refusing);
    expect((await processSlot(deps, message, 1)).result).toBe('failed');
    expect(await credits(account)).toMatchObject({ available: 10, reserved: 0, used: 0 });
    const job = (await api.call('get_job', { job_id: jobId }, account)).body.job;
    expect(job).toMatchObject({ status: 'failed', failed: 1, succeeded: 0, pending: 0 });
    const failed = await api.call('list_creatives', { campaign_id: campaign.id, status: 'failed' }, account);
    expect(failed.body.creatives[0]).toMatchObject({ status: 'failed', image_url: null });
    expect(failed.body.creatives[0].failure_reason).toMatch(/^content_filtered/);
  });

  it('retries a throttled model by redelivery and succeeds on the third delivery', async () => {
    let calls = 0;
    const template = createTemplateImageModel();
    const flaky: ImageModel = {
      id: 'flaky',
      generate: async (request) => {
        calls++;
        if (calls <= 2) throw new TransientImageError('ThrottlingException: slow down');
        return template.generate(request);
      },
    };
    const { account, deps, message } = await oneSlot(flaky);
    expect((await processSlot(deps, message, 1)).result).toBe('retry');
    expect((await processSlot(deps, message, 2)).result).toBe('retry');
    expect(await credits(account)).toMatchObject({ reserved: 1, used: 0 });
    expect((await processSlot(deps, message, 3)).result).toBe('succeeded');
    expect(await credits(account)).toMatchObject({ reserved: 0, used: 1, available: 9 });
  });

  it('fails the slot on the last delivery rather than stranding its credit', async () => {
    const down: ImageModel = {
      id: 'down',
      generate: async () => {
        throw new TransientImageError('ServiceUnavailableException');
      },
    };
    const { account, deps, message } = await oneSlot(down);
    expect((await processSlot(deps, message, deps.maxReceiveCount)).result).toBe('failed');
    expect(await credits(account)).toMatchObject({ available: 10, reserved: 0, used: 0 });
  });

  it('completes a slot whose worker died mid-run once the lease runs out, charging once', async () => {
    const { account, deps, message } = await oneSlot();
    // The lease is judged by the injected clock, so the test moves time instead of waiting for it.
    let nowMs = Date.now();
    const clock = () => new Date(nowMs);
    let claimed!: () => void;
    const holding = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    const dying: ImageModel = {
      id: 'dying',
      generate: () => {
        claimed(); // the slot is claimed and the model called: the run is lost from here
        return new Promise(() => {});
      },
    };
    const leaseMs = 300;
    void processSlot({ ...deps, now: clock, imageModel: dying, leaseMs }, message, 1);
    await holding;
    expect((await processSlot({ ...deps, now: clock }, message, 2)).result).toBe('retry'); // lease still held
    nowMs += leaseMs + 1;
    expect((await processSlot({ ...deps, now: clock }, message, 3)).result).toBe('succeeded');
    expect(await credits(account)).toMatchObject({ used: 1, reserved: 0, available: 9 });
  });

  it('fails a slot whose product image URL breaks the SSRF rules, says why, and releases its credit', async () => {
    const account = await api.newAccount(10);
    const { campaign } = await setup(account, 0, {
      aspect_ratio: '1:1',
      volume: 1,
      product_image_url: 'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
    });
    const res = await api.call('generate_creatives', { campaign_id: campaign.id }, account);
    const message = {
      v: 1 as const,
      account_id: account.accountId,
      job_id: res.body.job_id as string,
      slot_index: 0,
    };
    const outcome = await processSlot(workerDepsFor(api), message, 1);
    expect(outcome).toMatchObject({
      result: 'failed',
      reason: expect.stringMatching(/^input_refused: .*address not allowed$/),
    });
    expect(await credits(account)).toMatchObject({ available: 10, reserved: 0, used: 0 });
    const job = (await api.call('get_job', { job_id: res.body.job_id }, account)).body.job;
    expect(job).toMatchObject({ status: 'failed', failure_reasons: { input_refused: 1 } });
  });

  it('handles a poison message among good ones: only the poison is reported failed', async () => {
    const { account, deps, message } = await oneSlot();
    const handler = createWorkerHandler(deps, silent);
    const record = (id: string, body: string) => ({
      messageId: id,
      receiptHandle: id,
      body,
      attributes: { ApproximateReceiveCount: '1' } as never,
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:q',
      awsRegion: 'local',
    });
    const response = await handler({
      Records: [
        record('poison', '{"v":1,"nope":true}'),
        record('good', JSON.stringify(message)),
        record('junk', 'not json'),
      ],
    });
    expect(response.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(['junk', 'poison']);
    expect(await credits(account)).toMatchObject({ used: 1, reserved: 0 });
  });

  it('fails the job and releases every credit when enqueueing fails after the reservation', async () => {
    const account = await api.newAccount(10);
    const { campaign } = await setup(account, 0, { aspect_ratio: '1:1,9:16', volume: 2 });
    const brokenQueue = {
      ...api.deps,
      config: { ...api.deps.config, queueUrl: `${api.queueUrl}-missing-${randomUUID()}` },
    };
    const broken = await startApiServer({ port: 0, handler: createApiHandler(brokenQueue, silent) });
    try {
      const res = await fetch(broken.url, {
        method: 'POST',
        headers: { 'x-api-key': account.apiKey },
        body: JSON.stringify({ action: 'generate_creatives', campaign_id: campaign.id }),
      });
      const body = (await res.json()) as any;
      expect(res.status).toBe(500);
      expect(body.error.code).toBe('internal_error');
      const job = (await api.call('get_job', { job_id: body.error.details.job_id }, account)).body.job;
      expect(job).toMatchObject({ status: 'failed', jobs: 2, failed: 2, succeeded: 0, pending: 0 });
      expect(await credits(account)).toEqual({ granted: 10, available: 10, reserved: 0, used: 0 });
    } finally {
      await broken.close();
    }
  });

  it('settles a message that reached the DLQ: slot failed, credit released, once', async () => {
    const { account, message, jobId } = await oneSlot();
    const handler = createDeadLetterHandler(api.deps, silent);
    const record = {
      messageId: 'dead',
      receiptHandle: 'dead',
      body: JSON.stringify(message),
      attributes: { ApproximateReceiveCount: '1' } as never,
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:dlq',
      awsRegion: 'local',
    };
    expect((await handler({ Records: [record] })).batchItemFailures).toEqual([]);
    expect((await handler({ Records: [record] })).batchItemFailures).toEqual([]);
    const job = (await api.call('get_job', { job_id: jobId }, account)).body.job;
    expect(job).toMatchObject({ status: 'failed', failed: 1, succeeded: 0 });
    expect(await credits(account)).toMatchObject({ available: 10, reserved: 0, used: 0 });
  });
});
