import { afterEach, describe, expect, it, vi } from 'vitest';
import { emfTelemetry } from '#core/emf-telemetry.ts';
import { classifyBedrockError } from '#core/images/bedrock-invoke.ts';
import { instrumentImageModel } from '#core/images/instrumented.ts';
import {
  type ImageModel,
  PermanentImageError,
  TransientImageError,
  type Visual,
} from '#core/images/types.ts';
import { METRIC, recordingTelemetry } from '#core/telemetry.ts';

/** Every line written to stdout while `fn` runs (and until what it answers settles). */
async function stdoutOf(fn: () => void | Promise<void>): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  });
  try {
    await fn();
  } finally {
    spy.mockRestore();
  }
  return lines;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EMF telemetry (Lambda)', () => {
  it('publishes one EMF line per dimension combination, under the service total and the breakdown', async () => {
    const telemetry = emfTelemetry();
    telemetry.count(METRIC.requests, 1, { action: 'create_client', status: '200' });
    telemetry.timing(METRIC.latency, 12, { action: 'create_client', status: '200' });
    telemetry.count(METRIC.requests, 1, { action: 'create_client', status: '200' });
    telemetry.count(METRIC.creditsReserved, 4);
    const lines = (await stdoutOf(() => telemetry.flush())).map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    const [requests, credits] = lines;
    expect(requests).toMatchObject({
      _aws: {
        CloudWatchMetrics: [
          {
            Namespace: 'adgen',
            Dimensions: [['service'], ['service', 'action', 'status']],
            Metrics: [
              { Name: 'Requests', Unit: 'Count' },
              { Name: 'Latency', Unit: 'Milliseconds' },
            ],
          },
        ],
      },
      service: 'adgen',
      action: 'create_client',
      status: '200',
      Requests: [1, 1],
      Latency: 12,
    });
    expect(credits).toMatchObject({
      _aws: { CloudWatchMetrics: [{ Dimensions: [['service']], Metrics: [{ Name: 'CreditsReserved' }] }] },
      CreditsReserved: 4,
    });
  });

  it('publishes nothing (and warns about nothing) when nothing was recorded, and nothing twice', async () => {
    const telemetry = emfTelemetry();
    expect(await stdoutOf(() => telemetry.flush())).toEqual([]);
    telemetry.count(METRIC.dlqArrivals);
    expect(await stdoutOf(() => telemetry.flush())).toHaveLength(1);
    expect(await stdoutOf(() => telemetry.flush())).toEqual([]);
  });
});

describe('recording telemetry (tests)', () => {
  it('sums values by name and by the dimensions asked for', () => {
    const telemetry = recordingTelemetry();
    telemetry.count(METRIC.imagesFailed, 1, { reason: 'content_filtered' });
    telemetry.count(METRIC.imagesFailed, 2, { reason: 'retries_exhausted' });
    expect(telemetry.sum(METRIC.imagesFailed)).toBe(3);
    expect(telemetry.sum(METRIC.imagesFailed, { reason: 'content_filtered' })).toBe(1);
    expect(telemetry.sum(METRIC.imagesSucceeded)).toBe(0);
  });
});

describe('the measured image model', () => {
  const visual: Visual = { png: Buffer.alloc(0), width: 1, height: 1, model: 'm', seed: 1 };
  const modelThat = (generate: ImageModel['generate']): ImageModel => ({ id: 'm', generate });
  const request = {} as Parameters<ImageModel['generate']>[0];

  it('counts every call, and times the ones that answer', async () => {
    const telemetry = recordingTelemetry();
    const model = instrumentImageModel(
      modelThat(async () => visual),
      telemetry,
    );
    await model.generate(request);
    await model.generate(request);
    expect(telemetry.sum(METRIC.modelCalls)).toBe(2);
    expect(
      telemetry.records.filter((r) => r.name === METRIC.modelLatency && r.unit === 'Milliseconds'),
    ).toHaveLength(2);
    expect(telemetry.sum(METRIC.modelThrottles)).toBe(0);
  });

  it('counts throttles, and only throttles, and passes every error on', async () => {
    const telemetry = recordingTelemetry();
    const errors = [
      new TransientImageError('ThrottlingException: slow down', { throttled: true }),
      new TransientImageError('ModelTimeoutException: took too long'),
      new PermanentImageError('content_filtered', 'blocked'),
    ];
    for (const error of errors) {
      const model = instrumentImageModel(
        modelThat(async () => {
          throw error;
        }),
        telemetry,
      );
      await expect(model.generate(request)).rejects.toBe(error);
    }
    expect(telemetry.sum(METRIC.modelCalls)).toBe(3);
    expect(telemetry.sum(METRIC.modelThrottles)).toBe(1);
    expect(telemetry.records.filter((r) => r.name === METRIC.modelLatency)).toEqual([]);
  });

  it("marks Bedrock's rate and quota refusals as throttles, other transient errors not", () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    const throttled = (name: string) =>
      (classifyBedrockError(named(name), 'm') as TransientImageError).throttled;
    expect(throttled('ThrottlingException')).toBe(true);
    expect(throttled('ServiceQuotaExceededException')).toBe(true);
    expect(throttled('ModelTimeoutException')).toBe(false);
    expect(throttled('InternalServerException')).toBe(false);
  });
});
