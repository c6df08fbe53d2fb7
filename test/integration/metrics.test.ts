import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiHandler } from '#api/app.ts';
import { slotMessageBody } from '#core/generation/messages.ts';
import { type ImageModel, PermanentImageError, TransientImageError } from '#core/images/types.ts';
import { isFinalJobStatus } from '#core/job-status.ts';
import { METRIC, recordingTelemetry, type Telemetry } from '#core/telemetry.ts';
import { createImageModel, createWorkerDeps, guardModelLifecycle } from '#generate/deps.ts';
import { createDeadLetterHandler, createWorkerHandler } from '#generate/worker.ts';
import { startApiServer } from '#local/api-server.ts';
import { startWorkerLoop } from '#local/worker-loop.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { eventually, silent } from './worker-harness.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A test API whose router records its metrics, and a helper to order a batch through it. */
async function measuredApi(telemetry: Telemetry) {
  const api = await startTestApi();
  const router = await startApiServer({
    port: 0,
    handler: createApiHandler({ ...api.deps, telemetry }, silent),
  });
  cleanups.push(async () => {
    await router.close();
    await api.close();
  });
  const call = async (body: object, key = api.apiKey) => {
    const res = await fetch(router.url, {
      method: 'POST',
      headers: { 'x-api-key': key },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const order = async (volume: number) => {
    const client = await call({ action: 'create_client', name: 'Acme' });
    const campaign = await call({ action: 'create_campaign', client_id: client.body.client.id, volume });
    const job = await call({ action: 'generate_creatives', campaign_id: campaign.body.campaign.id });
    expect(job.status).toBe(200);
    return job.body as { job_id: string; jobs: number };
  };
  return { api, call, order };
}

function record(api: TestApi, body: string, receiveCount = 1, messageId = 'm-1'): SQSRecord {
  return {
    messageId,
    receiptHandle: 'none',
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: String(Date.now()),
      SenderId: 'test',
      ApproximateFirstReceiveTimestamp: String(Date.now()),
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:us-east-1:000000000000:${api.queueUrl.split('/').pop()}`,
    awsRegion: 'us-east-1',
  };
}

const model = (generate: ImageModel['generate']): ImageModel => ({ id: 'test-model', generate });

async function jobDone(api: TestApi, jobId: string) {
  return eventually(async () => {
    const res = await api.call('get_job', { job_id: jobId });
    return isFinalJobStatus(res.body.job.status) ? res.body.job : undefined;
  });
}

describe('metrics', () => {
  it('count requests by action and status, and 5xx answers', async () => {
    const telemetry = recordingTelemetry();
    const { api, call } = await measuredApi(telemetry);
    await call({ action: 'get_credits' });
    await call({ action: 'no_such_action' });
    const broken = await startApiServer({
      port: 0,
      handler: createApiHandler(
        { ...api.deps, telemetry, config: { ...api.deps.config, tableName: 'adgen-missing-table' } },
        silent,
      ),
    });
    cleanups.push(() => broken.close());
    const res = await fetch(broken.url, {
      method: 'POST',
      headers: { 'x-api-key': api.apiKey },
      body: JSON.stringify({ action: 'list_clients' }),
    });
    expect(res.status).toBe(500);
    expect(telemetry.sum(METRIC.requests, { action: 'get_credits', status: '200' })).toBe(1);
    // An unknown action is not a dimension value: whatever a caller types stays out of the metrics.
    expect(telemetry.sum(METRIC.requests, { action: 'none', status: '400' })).toBe(1);
    expect(telemetry.sum(METRIC.requests, { action: 'list_clients', status: '500' })).toBe(1);
    expect(telemetry.sum(METRIC.serverErrors)).toBe(1);
    expect(telemetry.sum(METRIC.requests)).toBe(3);
  });

  it('count failed images by reason and the credits they release', async () => {
    const telemetry = recordingTelemetry();
    const { api, order } = await measuredApi(telemetry);
    const job = await order(3);
    expect(telemetry.sum(METRIC.creditsReserved)).toBe(job.jobs);
    const deps = createWorkerDeps(
      { ...api.deps, telemetry },
      model(async () => {
        throw new PermanentImageError('content_filtered', 'The prompt was blocked.');
      }),
    );
    const workers = startWorkerLoop({
      sqs: api.deps.sqs,
      queueUrl: api.queueUrl,
      handler: createWorkerHandler(deps, silent),
      concurrency: 2,
    });
    cleanups.push(() => workers.stop());
    expect((await jobDone(api, job.job_id)).status).toBe('failed');
    expect(telemetry.sum(METRIC.imagesFailed, { reason: 'content_filtered' })).toBe(job.jobs);
    expect(telemetry.sum(METRIC.creditsReleased)).toBe(job.jobs);
    expect(telemetry.sum(METRIC.imagesSucceeded)).toBe(0);
    expect(telemetry.sum(METRIC.creditsUsed)).toBe(0);
    expect(telemetry.sum(METRIC.modelCalls)).toBe(job.jobs);
  });

  it('count model throttles and the slots handed back for a retry', async () => {
    const telemetry = recordingTelemetry();
    const { api, order } = await measuredApi(telemetry);
    await order(1);
    const deps = createWorkerDeps(
      { ...api.deps, telemetry },
      model(async () => {
        throw new TransientImageError('ThrottlingException: Too many requests', { throttled: true });
      }),
    );
    const received = await api.deps.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: api.queueUrl, MaxNumberOfMessages: 1, WaitTimeSeconds: 5 }),
    );
    const message = received.Messages?.[0];
    expect(message?.Body).toBeDefined();
    const out = await createWorkerHandler(
      deps,
      silent,
    )({
      Records: [{ ...record(api, message?.Body ?? ''), receiptHandle: message?.ReceiptHandle ?? '' }],
    });
    expect(out.batchItemFailures).toHaveLength(1);
    expect(telemetry.sum(METRIC.modelCalls)).toBe(1);
    expect(telemetry.sum(METRIC.modelThrottles)).toBe(1);
    expect(telemetry.sum(METRIC.imagesRetried)).toBe(1);
    expect(telemetry.sum(METRIC.creditsReleased)).toBe(0);
  });

  it('count slots whose processing threw', async () => {
    const telemetry = recordingTelemetry();
    const { api } = await measuredApi(telemetry);
    const deps = createWorkerDeps(
      { ...api.deps, telemetry, config: { ...api.deps.config, tableName: 'adgen-missing-table' } },
      createImageModel(api.deps.config),
    );
    const body = slotMessageBody(api.accountId, '0193a000-0000-7000-8000-000000000000', 0);
    const out = await createWorkerHandler(deps, silent)({ Records: [record(api, body)] });
    expect(out.batchItemFailures).toEqual([{ itemIdentifier: 'm-1' }]);
    expect(telemetry.sum(METRIC.slotErrors)).toBe(1);
  });

  it('count DLQ arrivals; a slot failed from the DLQ releases its credit once', async () => {
    const telemetry = recordingTelemetry();
    const { api, order } = await measuredApi(telemetry);
    const job = await order(1);
    const handler = createDeadLetterHandler({ ...api.deps, telemetry }, silent);
    const body = slotMessageBody(api.accountId, job.job_id, 0);
    await handler({ Records: [record(api, body, 5, 'm-1')] });
    // The same message again (e.g. redriven and dead again), and a malformed one.
    await handler({ Records: [record(api, body, 5, 'm-2'), record(api, 'not json', 5, 'm-3')] });
    expect(telemetry.sum(METRIC.dlqArrivals)).toBe(3);
    expect(telemetry.sum(METRIC.imagesFailed, { reason: 'retries_exhausted' })).toBe(1);
    expect(telemetry.sum(METRIC.creditsReleased)).toBe(1);
    expect((await jobDone(api, job.job_id)).failure_reasons).toEqual({ retries_exhausted: 1 });
  });

  it("report the image model's lifecycle at cold start: 1 when Legacy or past its end, 0 when Active", async () => {
    let lifecycle: unknown = { status: 'ACTIVE' };
    const bedrock = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ modelDetails: { modelId: 'm', modelLifecycle: lifecycle } }));
    });
    await new Promise<void>((resolve) => bedrock.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => bedrock.close(() => resolve())));
    const endpoint = `http://127.0.0.1:${(bedrock.address() as AddressInfo).port}`;
    const { api } = await measuredApi(recordingTelemetry());
    const config = {
      ...api.deps.config,
      imageProvider: 'bedrock-stability' as const,
      endpoints: { ...api.deps.config.endpoints, bedrock: endpoint },
    };
    const reported = async () => {
      const telemetry = recordingTelemetry();
      await guardModelLifecycle(config, createImageModel(api.deps.config), silent, telemetry);
      return telemetry.records.filter((r) => r.name === METRIC.modelNotActive).map((r) => r.value);
    };
    expect(await reported()).toEqual([0]);
    lifecycle = { status: 'LEGACY', endOfLifeTime: '2099-01-01T00:00:00Z' };
    expect(await reported()).toEqual([1]);
    lifecycle = { status: 'LEGACY', endOfLifeTime: '2020-01-01T00:00:00Z' };
    expect(await reported()).toEqual([1]);
  });
});
