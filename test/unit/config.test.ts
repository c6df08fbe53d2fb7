import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#core/config.ts';

const required = { TABLE_NAME: 't', BUCKET_NAME: 'b', QUEUE_URL: 'https://sqs.invalid/0/q' };

describe('loadConfig', () => {
  it('fills the defaults around the required variables', () => {
    expect(loadConfig(required)).toMatchObject({
      region: 'us-east-1',
      tableName: 't',
      keyEnv: 'live',
      defaultCredits: 1000,
      presignTtlSeconds: 3600,
      maxReceiveCount: 5,
      slotLeaseSeconds: 240,
      textActionsPerHour: 60,
      imageProvider: 'template',
      backgroundRemovalModelId: undefined,
      textProvider: 'heuristic',
      logLevel: 'INFO',
      endpoints: { dynamodb: undefined, s3: undefined },
    });
  });

  it('reads numbers, enums, endpoints and the log level in any case', () => {
    const config = loadConfig({
      ...required,
      ADGEN_ENV: 'dev2',
      PRESIGN_TTL_SECONDS: '600',
      IMAGE_PROVIDER: 'bedrock-nova-canvas',
      IMAGE_MODEL_ID: 'amazon.nova-canvas-v1:0',
      IMAGE_BACKGROUND_REMOVAL: 'on',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      keyEnv: 'dev2',
      presignTtlSeconds: 600,
      imageProvider: 'bedrock-nova-canvas',
      backgroundRemovalModelId: 'amazon.nova-canvas-v1:0',
      logLevel: 'WARN',
      endpoints: { dynamodb: 'http://127.0.0.1:8000' },
    });
  });

  it('names every missing or bad variable in one error', () => {
    const attempt = () =>
      loadConfig({
        BUCKET_NAME: 'b',
        QUEUE_URL: '',
        ADGEN_ENV: 'Has Spaces',
        PRESIGN_TTL_SECONDS: '30',
        MAX_RECEIVE_COUNT: '2.5',
        TEXT_PROVIDER: 'gpt',
        S3_ENDPOINT: 'not a url',
        LOG_LEVEL: 'loud',
      });
    expect(attempt).toThrow(ConfigError);
    let message = '';
    try {
      attempt();
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of [
      'TABLE_NAME: required',
      'QUEUE_URL: must not be empty',
      'ADGEN_ENV',
      'PRESIGN_TTL_SECONDS: must be at least 60',
      'MAX_RECEIVE_COUNT: must be an integer',
      'TEXT_PROVIDER: must be one of heuristic, bedrock',
      'S3_ENDPOINT: must be a URL',
      'LOG_LEVEL',
    ]) {
      expect(message).toContain(name);
    }
  });
});
