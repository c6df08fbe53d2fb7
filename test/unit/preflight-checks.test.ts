import { describe, expect, it } from 'vitest';
import {
  checkAlarmEmail,
  checkBootstrap,
  checkCloudTrail,
  checkImageQuota,
  checkModel,
  exitCodeOf,
  formatResult,
  IMAGE_CALLS_PER_WORKER_PER_MINUTE,
  type ModelFact,
  suggestedConcurrency,
  type TrailFact,
} from '#ops/preflight/checks.ts';

const REGION = 'eu-west-1';

const bedrockModel = (overrides: Partial<Extract<ModelFact, { provider: 'bedrock' }>> = {}): ModelFact => ({
  role: 'image',
  configuredId: 'stability.sd3-5-large-v1:0',
  provider: 'bedrock',
  modelId: 'stability.sd3-5-large-v1:0',
  model: { found: true, name: 'SD3.5 Large', providerName: 'Stability AI', lifecycle: 'ACTIVE' },
  availability: {
    region: 'AVAILABLE',
    authorization: 'AUTHORIZED',
    entitlement: 'AVAILABLE',
    agreement: 'AVAILABLE',
  },
  ...overrides,
});

describe('bootstrap', () => {
  const need = { minVersion: 6, region: REGION };
  it('is ok at or above the version the templates require', () => {
    const r = checkBootstrap(
      { found: true, stackName: 'CDKToolkit', stackStatus: 'UPDATE_COMPLETE', version: 30 },
      need,
    );
    expect(r).toMatchObject({ status: 'ok', blocking: false });
    expect(r.message).toContain('version 30');
  });

  it('blocks without a CDKToolkit stack and says how to bootstrap', () => {
    const r = checkBootstrap({ found: false }, { ...need, account: '123456789012' });
    expect(r).toMatchObject({ status: 'fix', blocking: true });
    expect(r.message).toContain('npx cdk bootstrap aws://123456789012/eu-west-1');
  });

  it('blocks on an old version and on a failed bootstrap stack', () => {
    expect(
      checkBootstrap(
        { found: true, stackName: 'CDKToolkit', stackStatus: 'CREATE_COMPLETE', version: 5 },
        need,
      ),
    ).toMatchObject({ status: 'fix', blocking: true, message: expect.stringContaining('need 6 or later') });
    expect(
      checkBootstrap(
        { found: true, stackName: 'CDKToolkit', stackStatus: 'ROLLBACK_COMPLETE', version: 30 },
        need,
      ),
    ).toMatchObject({
      status: 'fix',
      blocking: true,
      message: expect.stringContaining('is ROLLBACK_COMPLETE'),
    });
  });
});

describe('models', () => {
  it('is ok for an Active model the account can use', () => {
    expect(checkModel(bedrockModel(), REGION)).toEqual([
      expect.objectContaining({
        status: 'ok',
        message: expect.stringContaining('Active, offered in eu-west-1'),
      }),
    ]);
  });

  it('blocks a model the region does not offer and names the setting to change', () => {
    const [r, ...rest] = checkModel(
      bedrockModel({ model: { found: false }, availability: undefined }),
      REGION,
    );
    expect(rest).toEqual([]);
    expect(r).toMatchObject({ status: 'fix', blocking: true });
    expect(r?.message).toContain('is not offered in eu-west-1');
    expect(r?.message).toContain('-c imageModelId=us.stability.sd3-5-large-v1:0');
  });

  it('advises leaving a Legacy model without blocking the deploy', () => {
    const [r] = checkModel(
      bedrockModel({
        model: {
          found: true,
          name: 'Titan Image Generator v2',
          providerName: 'Amazon',
          lifecycle: 'LEGACY',
          endOfLife: '2026-06-30T00:00:00.000Z',
        },
      }),
      REGION,
    );
    expect(r).toMatchObject({
      status: 'fix',
      blocking: false,
      message: expect.stringContaining('is Legacy: it still works but has end of life on 2026-06-30'),
    });
  });

  it('blocks a model past its end of life', () => {
    const [r] = checkModel(
      bedrockModel({ model: { found: true, name: 'Titan', providerName: 'Amazon', lifecycle: 'EOL' } }),
      REGION,
    );
    expect(r).toMatchObject({ status: 'fix', blocking: true, message: expect.stringContaining('is EOL') });
  });

  it.each([
    [{ entitlement: 'NOT_AVAILABLE' }, 'no model access or Marketplace subscription'],
    [{ authorization: 'NOT_AUTHORIZED' }, 'an IAM policy or SCP denies it'],
    [{ agreement: 'PENDING' }, 'offer agreement is PENDING'],
    [{ region: 'NOT_AVAILABLE' }, 'not available to this account in eu-west-1'],
  ])('blocks a model without access (%j) and says how to get it', (change, words) => {
    const availability = {
      region: 'AVAILABLE',
      authorization: 'AUTHORIZED',
      entitlement: 'AVAILABLE',
      agreement: 'AVAILABLE',
      ...change,
    };
    const [r] = checkModel(bedrockModel({ availability }), REGION);
    expect(r).toMatchObject({ status: 'fix', blocking: true });
    expect(r?.message).toContain(words);
    expect(r?.message).toContain('create-foundation-model-agreement --model-id stability.sd3-5-large-v1:0');
  });

  it('blocks an inference profile the region does not have', () => {
    const [r] = checkModel(
      bedrockModel({ configuredId: 'eu.x.y-v1:0', profileId: 'eu.x.y-v1:0', profile: { found: false } }),
      REGION,
    );
    expect(r).toMatchObject({
      status: 'fix',
      blocking: true,
      message: expect.stringContaining('not offered'),
    });
  });

  it('needs nothing from Bedrock for the offline models', () => {
    expect(
      checkModel({ role: 'text', configuredId: 'heuristic', provider: 'offline', name: 'heuristic' }, REGION),
    ).toEqual([expect.objectContaining({ status: 'ok', check: 'text model' })]);
  });
});

describe('image model quota against workerMaxConcurrency', () => {
  const quota = (value: number) =>
    ({
      found: true,
      quotaName: 'On-demand InvokeModel requests per minute for SD3.5 Large',
      quotaCode: 'L-ABC',
      value,
    }) as const;

  it('suggests the most workers the quota keeps out of throttling, never below SQS minimum 2', () => {
    expect(IMAGE_CALLS_PER_WORKER_PER_MINUTE).toBe(12);
    expect(suggestedConcurrency(120)).toBe(10);
    expect(suggestedConcurrency(59)).toBe(4);
    expect(suggestedConcurrency(3)).toBe(2);
  });

  it('is ok when every worker at full speed stays within the quota', () => {
    const r = checkImageQuota(quota(60), 4, REGION);
    expect(r).toMatchObject({
      status: 'ok',
      message: expect.stringContaining('at most 48 (up to 5 workers would fit)'),
    });
  });

  it('advises a lower workerMaxConcurrency or an increase when the workers can outrun the quota', () => {
    const r = checkImageQuota(quota(30), 4, REGION);
    expect(r).toMatchObject({ status: 'fix', blocking: false });
    expect(r.message).toContain('-c workerMaxConcurrency=2 (suggested)');
    expect(r.message).toContain('--quota-code L-ABC --desired-value 48');
  });

  it('asks for an increase when even two workers exceed it', () => {
    const r = checkImageQuota(quota(6), 2, REGION);
    expect(r).toMatchObject({
      status: 'fix',
      blocking: false,
      message: expect.stringContaining('Request an increase'),
    });
  });

  it('says where to look when no quota matches the model', () => {
    expect(
      checkImageQuota({ found: false, looked: 'On-demand InvokeModel requests per minute for X' }, 4, REGION),
    ).toMatchObject({
      status: 'fix',
      blocking: false,
    });
    expect(checkImageQuota(undefined, 4, REGION)).toMatchObject({ status: 'ok' });
    expect(checkImageQuota({ found: 'skipped' }, 4, REGION)).toMatchObject({
      status: 'fix',
      blocking: false,
    });
  });
});

describe('CloudTrail for the Cognito offboarding rule', () => {
  const trail = (overrides: Partial<TrailFact> = {}): TrailFact => ({
    name: 'org-trail',
    homeRegion: 'us-east-1',
    multiRegion: true,
    logging: true,
    managementWrites: true,
    ...overrides,
  });

  it('needs no trail when no rule reads CloudTrail events', () => {
    expect(checkCloudTrail([], [], REGION)).toMatchObject({ status: 'ok' });
  });

  it('is ok with a logging multi-region trail, or one homed in the region', () => {
    expect(checkCloudTrail(['Offboarding'], [trail()], REGION)).toMatchObject({ status: 'ok' });
    expect(
      checkCloudTrail(['Offboarding'], [trail({ multiRegion: false, homeRegion: REGION })], REGION),
    ).toMatchObject({
      status: 'ok',
    });
  });

  it('blocks without a covering trail: a single-region trail elsewhere does not count', () => {
    const r = checkCloudTrail(['Offboarding'], [trail({ multiRegion: false })], REGION);
    expect(r).toMatchObject({
      status: 'fix',
      blocking: true,
      message: expect.stringContaining('create-trail'),
    });
  });

  it('names the command for a stopped trail and for one without write management events', () => {
    expect(checkCloudTrail(['Offboarding'], [trail({ logging: false })], REGION).message).toContain(
      'aws cloudtrail start-logging --name org-trail',
    );
    expect(checkCloudTrail(['Offboarding'], [trail({ managementWrites: false })], REGION).message).toContain(
      'put-event-selectors --trail-name org-trail',
    );
  });
});

describe('alarm e-mail and the exit code', () => {
  it('advises an alarm e-mail address without blocking', () => {
    expect(checkAlarmEmail(undefined, 'prod')).toMatchObject({
      status: 'fix',
      blocking: false,
      message: expect.stringContaining('-c alarmEmail='),
    });
    expect(checkAlarmEmail('ops@agency.example', 'prod')).toMatchObject({ status: 'ok' });
  });

  it('exits 1 only on a blocking fix, and prints one line per check', () => {
    const advice = checkAlarmEmail(undefined, 'prod');
    const blocking = checkBootstrap({ found: false }, { minVersion: 6, region: REGION });
    expect(exitCodeOf([advice])).toBe(0);
    expect(exitCodeOf([advice, blocking])).toBe(1);
    expect(formatResult(advice)).toMatch(/^fix: alarm email: no alarmEmail/);
    expect(formatResult(blocking)).toMatch(/^fix: bootstrap: \[blocking\] /);
    expect(formatResult(checkAlarmEmail('a@b.example', 'dev'))).toMatch(/^ok: alarm email: /);
  });
});
