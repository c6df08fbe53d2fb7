import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  keyEnvOf,
  parseModelId,
  readSettings,
  SETTING_KEYS,
  SettingsError,
} from '#lib/settings.ts';
import cdkJson from '../../cdk.json' with { type: 'json' };

/** A stand-in for a construct node whose context holds exactly `values`. */
function contextOf(values: Record<string, unknown>) {
  return { tryGetContext: (key: string): unknown => values[key] };
}

describe('deployment settings', () => {
  it('defaults to the documented values when the context is empty', () => {
    expect(readSettings(contextOf({}))).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps cdk.json and the code defaults identical', () => {
    const fromCdkJson = Object.fromEntries(SETTING_KEYS.map((key) => [key, cdkJson.context[key]]));
    const { keyEnv: _derived, ...listed } = DEFAULT_SETTINGS;
    expect(fromCdkJson).toEqual(listed);
    // keyEnv is derived from the stage: were it in cdk.json, it would never follow the stage.
    expect(cdkJson.context).not.toHaveProperty('keyEnv');
  });

  it('turns the background-removal task on by context, off by default, and refuses anything else', () => {
    expect(readSettings(contextOf({})).imageBackgroundRemoval).toBe('off');
    expect(readSettings(contextOf({ imageBackgroundRemoval: 'on' })).imageBackgroundRemoval).toBe('on');
    expect(() => readSettings(contextOf({ imageBackgroundRemoval: 'yes' }))).toThrow(SettingsError);
  });

  it('coerces the strings that `cdk -c key=value` passes', () => {
    const settings = readSettings(
      contextOf({ workerMaxConcurrency: '8', apiThrottleRateLimit: '12.5', defaultCredits: '0' }),
    );
    expect(settings.workerMaxConcurrency).toBe(8);
    expect(settings.apiThrottleRateLimit).toBe(12.5);
    expect(settings.defaultCredits).toBe(0);
    expect(readSettings(contextOf({ textActionsPerHour: '120' })).textActionsPerHour).toBe(120);
    expect(readSettings(contextOf({ textActionsPerHour: '0' })).textActionsPerHour).toBe(0);
  });

  it.each([
    ['keyEnv', 'LIVE'],
    ['keyEnv', 'muchtoolongenv'],
    ['stage', 'Dev'],
    ['stage', 'd'],
    ['stage', 'thirteenchars'],
    ['stage', '2024'],
    ['stage', 'dev-1'],
    ['defaultCredits', -1],
    ['imageProvider', 'dalle'],
    ['imageModelId', '*'],
    ['imageModelId', 'arn:aws:bedrock:us-east-1::foundation-model/x.y'],
    ['textModelId', 'amazon.nova-pro-v1:0/*'],
    ['textProvider', 'openai'],
    ['apiThrottleRateLimit', 0],
    ['apiThrottleBurstLimit', 'lots'],
    ['workerMaxConcurrency', 1],
    ['workerMaxConcurrency', 2.5],
    ['presignTtlSeconds', 604_801],
    ['textActionsPerHour', -1],
    ['textActionsPerHour', 2.5],
    ['logLevel', 'verbose'],
    ['logLevel', 'SILENT'],
    ['alarmDlqMessages', -1],
    ['alarmQueueAgeSeconds', 30],
    ['alarmRouter5xxPercent', 101],
    ['alarmWorkerErrors', 0.5],
    ['alarmModelThrottlePercent', 'most'],
    ['alarmEmail', 'ops at example'],
    ['cognitoThreatProtection', 'on'],
    ['bucketVersioning', 'true'],
    ['noncurrentVersionDays', 0],
    ['noncurrentVersionDays', 3651],
  ])('refuses %s = %j with a message naming the setting', (key, value) => {
    expect(() => readSettings(contextOf({ [key]: value }))).toThrow(SettingsError);
    expect(() => readSettings(contextOf({ [key]: value }))).toThrow(new RegExp(`${key}:`));
  });

  it.each([
    [{ imageProvider: 'bedrock-nova-canvas' }, /Amazon Nova Canvas .*end of life on 2026-09-30/],
    [{ imageModelId: 'amazon.nova-canvas-v1:0' }, /end of life on 2026-09-30/],
    [{ imageModelId: 'us.amazon.titan-image-generator-v2:0' }, /end of life on 2026-06-30/],
  ])(
    'refuses the retired image model %j, naming its end of life and the Active choices',
    (context, reason) => {
      expect(() => readSettings(contextOf(context))).toThrow(reason);
      expect(() => readSettings(contextOf(context))).toThrow(
        /stability\.stable-image-core-v1:1 \(Stable Image Core/,
      );
    },
  );

  it('defaults to stage prod, whose keys keep the tag live', () => {
    expect(readSettings(contextOf({}))).toMatchObject({ stage: 'prod', keyEnv: 'live' });
  });

  it('tags the keys of any other stage with the stage, unless keyEnv is set', () => {
    expect(readSettings(contextOf({ stage: 'dev' }))).toMatchObject({ stage: 'dev', keyEnv: 'dev' });
    expect(readSettings(contextOf({ stage: 'staging2024' })).keyEnv).toBe('staging2024');
    expect(readSettings(contextOf({ stage: 'dev', keyEnv: 'test' })).keyEnv).toBe('test');
    expect(readSettings(contextOf({ stage: 'prod', keyEnv: 'acme' })).keyEnv).toBe('acme');
    expect(keyEnvOf('prod')).toBe('live');
  });

  it('reads the optional alarm e-mail address, which has no default', () => {
    expect(readSettings(contextOf({})).alarmEmail).toBeUndefined();
    expect(readSettings(contextOf({ alarmEmail: 'ops@example.com' })).alarmEmail).toBe('ops@example.com');
    expect(SETTING_KEYS).not.toContain('alarmEmail');
  });

  it('refuses a burst smaller than the rate', () => {
    expect(() => readSettings(contextOf({ apiThrottleRateLimit: 100, apiThrottleBurstLimit: 50 }))).toThrow(
      /apiThrottleBurstLimit/,
    );
  });
});

describe('model ids', () => {
  it('reads a plain id as a foundation model', () => {
    expect(parseModelId('stability.sd3-5-large-v1:0')).toEqual({
      kind: 'foundation-model',
      modelId: 'stability.sd3-5-large-v1:0',
    });
  });

  it('reads a geography prefix as a cross-region inference profile of the model', () => {
    expect(parseModelId('us.amazon.nova-pro-v1:0')).toEqual({
      kind: 'inference-profile',
      profileId: 'us.amazon.nova-pro-v1:0',
      modelId: 'amazon.nova-pro-v1:0',
    });
  });
});
