import { retiredImageModelReason } from './images/catalogue.ts';
import * as s from './small-schema.ts';

/** Log levels of the Lambdas' and the local stack's loggers (`LOG_LEVEL`, any case). */
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const nonEmpty = () => s.string({ min: 1 });
/** An integer read from a string variable. */
const integer = (bounds: { min?: number; max?: number }) => s.number({ coerce: true, int: true, ...bounds });
/** A positive duration in seconds, fractions allowed (tests shorten the webhook backoff). */
const seconds = (bounds: { max?: number }) => s.number({ coerce: true, min: 0.001, ...bounds });

/**
 * Every setting the Lambdas and the local stack read, in one place.
 *
 * On AWS the CDK stack sets these variables; locally `local/main.ts` sets them to the
 * emulators' endpoints. The `*_ENDPOINT` variables exist only for the local stack: when they
 * are absent the SDK resolves the real regional endpoints.
 */
const envSchema = s.object({
  AWS_REGION: s.withDefault(nonEmpty(), 'us-east-1'),
  TABLE_NAME: nonEmpty(),
  BUCKET_NAME: nonEmpty(),
  QUEUE_URL: nonEmpty(),
  /** The webhook delivery queue; without it deliveries are recorded but not sent (ADR 0025). */
  WEBHOOK_QUEUE_URL: s.optional(nonEmpty()),
  // The review links' signing key (ADR 0040): a Secrets Manager secret on AWS, a value locally.
  REVIEW_LINK_SECRET_ARN: s.optional(nonEmpty()),
  REVIEW_LINK_SECRET: s.optional(nonEmpty()),
  /** The secret holding the deployment's C2PA signer (ADR 0047); unset: no manifest on AWS. */
  C2PA_SIGNER_SECRET_ARN: s.optional(nonEmpty()),
  /** First retry delay of a failed webhook delivery; doubles per attempt, with jitter (ADR 0025). */
  WEBHOOK_RETRY_BASE_SECONDS: s.withDefault(seconds({ max: 3600 }), 30),
  /** The longest wait between two attempts of one delivery. */
  WEBHOOK_RETRY_CAP_SECONDS: s.withDefault(seconds({ max: 86400 }), 3600),
  /** How long a delivery is retried before it is marked failed (at least this long). */
  WEBHOOK_RETRY_WINDOW_SECONDS: s.withDefault(seconds({}), 86400),
  /** `1`: webhook URLs may also be http(s)://127.0.0.1:<port> (the local stack and tests only). */
  ADGEN_ALLOW_LOCAL_WEBHOOKS: s.withDefault(s.oneOf(['0', '1']), '0'),
  /**
   * Comma-separated origins (`http://127.0.0.1:4100`) whose images the worker fetches without the
   * SSRF address rules: a test's own image server only, never set on AWS. The stack's own
   * storage is refused even there.
   */
  ADGEN_TRUSTED_IMAGE_ORIGINS: s.withDefault(s.string(), ''),
  /** Short tag embedded in every API key (`adg_<env>_...`) so a leaked key says where it works. */
  ADGEN_ENV: s.withDefault(
    s.string({ regex: /^[a-z0-9]{2,12}$/, message: 'ADGEN_ENV must be 2-12 lowercase letters or digits' }),
    'live',
  ),
  ADGEN_DEFAULT_CREDITS: s.withDefault(integer({ min: 0 }), 1000),
  PRESIGN_TTL_SECONDS: s.withDefault(integer({ min: 60, max: 604800 }), 3600),
  /** The queue's maxReceiveCount: the worker's last delivery of a message fails its slot. */
  MAX_RECEIVE_COUNT: s.withDefault(integer({ min: 1 }), 5),
  /** How long a claimed slot is held: longer than one worker run, shorter than the visibility timeout. */
  SLOT_LEASE_SECONDS: s.withDefault(integer({ min: 10 }), 240),
  /** Per-account calls per hour of the text-model actions (generate_angles, prepare_campaign); 0: no limit. */
  TEXT_ACTIONS_PER_HOUR: s.withDefault(integer({ min: 0 }), 60),
  /**
   * Per-account API requests per second before 429 `rate_limited` (ADR 0032); 0: no limit. Off
   * unless set: the deployment sets it (setting accountRequestsPerSecond, default 20); the local
   * stack and the tests leave it off, or set it to test it.
   */
  ACCOUNT_REQUESTS_PER_SECOND: s.withDefault(integer({ min: 0 }), 0),
  USER_POOL_ID: s.optional(nonEmpty()),
  USER_POOL_CLIENT_ID: s.optional(nonEmpty()),
  IMAGE_PROVIDER: s.withDefault(s.oneOf(['template', 'bedrock-stability']), 'template'),
  IMAGE_MODEL_ID: s.withDefault(nonEmpty(), 'stability.sd3-5-large-v1:0'),
  /**
   * The operator's price of one image-model call in USD, for estimate_creatives. No default: a
   * price is the operator's to state (their AWS pricing), so without it the estimate says null.
   */
  IMAGE_MODEL_USD_PER_CALL: s.optional(s.number({ coerce: true, min: 0 })),
  /** Cut product images out with the model family's background-removal task (a paid call per product). */
  IMAGE_BACKGROUND_REMOVAL: s.withDefault(s.oneOf(['off', 'on']), 'off'),
  /** Stability's Remove Background service (a separate model id). */
  BACKGROUND_REMOVAL_MODEL_ID: s.withDefault(nonEmpty(), 'us.stability.stable-image-remove-background-v1:0'),
  TEXT_PROVIDER: s.withDefault(s.oneOf(['heuristic', 'bedrock']), 'heuristic'),
  TEXT_MODEL_ID: s.withDefault(nonEmpty(), 'global.anthropic.claude-haiku-4-5-20251001-v1:0'),
  DYNAMODB_ENDPOINT: s.optional(s.url()),
  SQS_ENDPOINT: s.optional(s.url()),
  S3_ENDPOINT: s.optional(s.url()),
  COGNITO_ENDPOINT: s.optional(s.url()),
  BEDROCK_ENDPOINT: s.optional(s.url()),
  /** Lowest level written by the loggers (the CDK context `logLevel`). */
  LOG_LEVEL: s.withDefault(
    s.pipe(
      s.map(s.string(), (level) => level.toUpperCase()),
      s.oneOf(LOG_LEVELS),
    ),
    'INFO',
  ),
});

export type Config = {
  region: string;
  tableName: string;
  bucketName: string;
  queueUrl: string;
  /** Origins whose images are fetched without the SSRF address rules (ADGEN_TRUSTED_IMAGE_ORIGINS): tests only. */
  trustedImageOrigins: string[];
  webhooks: {
    queueUrl: string | undefined;
    retryBaseMs: number;
    retryCapMs: number;
    retryWindowMs: number;
    /** Loopback receivers allowed (ADGEN_ALLOW_LOCAL_WEBHOOKS=1): never set on AWS. */
    allowLocal: boolean;
  };
  keyEnv: string;
  defaultCredits: number;
  presignTtlSeconds: number;
  maxReceiveCount: number;
  slotLeaseSeconds: number;
  textActionsPerHour: number;
  /** Per-account API requests per second before 429 `rate_limited` (ADR 0032); 0: no limit. */
  accountRequestsPerSecond: number;
  userPoolId: string | undefined;
  userPoolClientId: string | undefined;
  /** Where the review links' signing key is (ADR 0040); neither set: review links are off. */
  reviewLinks: { secretArn: string | undefined; secret: string | undefined };
  /** The secret the deployed worker's C2PA signer is kept in (ADR 0047); the local stack uses a file. */
  c2paSignerSecretArn: string | undefined;
  imageProvider: 'template' | 'bedrock-stability';
  imageModelId: string;
  /** USD per image-model call as the operator configured it; undefined when not stated. */
  imageModelUsdPerCall: number | undefined;
  /** The background-removal model, or undefined when background removal is off. */
  backgroundRemovalModelId: string | undefined;
  textProvider: 'heuristic' | 'bedrock';
  textModelId: string;
  logLevel: LogLevel;
  endpoints: {
    dynamodb: string | undefined;
    sqs: string | undefined;
    s3: string | undefined;
    cognito: string | undefined;
    bedrock: string | undefined;
  };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment; a missing or bad variable fails with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A withdrawn provider is named with its model's end of life (a retired model id behind a
  // known provider is caught at synth, and at worker start by the lifecycle check).
  const retired = retiredImageModelReason({ provider: env.IMAGE_PROVIDER });
  if (retired) throw new ConfigError(`Invalid configuration: IMAGE_PROVIDER: ${retired}`);
  const parsed = s.validate(envSchema, env);
  if (!parsed.ok) {
    const problems = parsed.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.value;
  return {
    region: e.AWS_REGION,
    tableName: e.TABLE_NAME,
    bucketName: e.BUCKET_NAME,
    queueUrl: e.QUEUE_URL,
    trustedImageOrigins: e.ADGEN_TRUSTED_IMAGE_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter((o) => o.length > 0),
    webhooks: {
      queueUrl: e.WEBHOOK_QUEUE_URL,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_SECONDS * 1000,
      retryCapMs: e.WEBHOOK_RETRY_CAP_SECONDS * 1000,
      retryWindowMs: e.WEBHOOK_RETRY_WINDOW_SECONDS * 1000,
      allowLocal: e.ADGEN_ALLOW_LOCAL_WEBHOOKS === '1',
    },
    keyEnv: e.ADGEN_ENV,
    defaultCredits: e.ADGEN_DEFAULT_CREDITS,
    presignTtlSeconds: e.PRESIGN_TTL_SECONDS,
    maxReceiveCount: e.MAX_RECEIVE_COUNT,
    slotLeaseSeconds: e.SLOT_LEASE_SECONDS,
    textActionsPerHour: e.TEXT_ACTIONS_PER_HOUR,
    accountRequestsPerSecond: e.ACCOUNT_REQUESTS_PER_SECOND,
    userPoolId: e.USER_POOL_ID,
    userPoolClientId: e.USER_POOL_CLIENT_ID,
    reviewLinks: { secretArn: e.REVIEW_LINK_SECRET_ARN, secret: e.REVIEW_LINK_SECRET },
    c2paSignerSecretArn: e.C2PA_SIGNER_SECRET_ARN,
    imageProvider: e.IMAGE_PROVIDER,
    imageModelId: e.IMAGE_MODEL_ID,
    imageModelUsdPerCall: e.IMAGE_MODEL_USD_PER_CALL,
    backgroundRemovalModelId: e.IMAGE_BACKGROUND_REMOVAL === 'on' ? e.BACKGROUND_REMOVAL_MODEL_ID : undefined,
    textProvider: e.TEXT_PROVIDER,
    textModelId: e.TEXT_MODEL_ID,
    logLevel: e.LOG_LEVEL,
    endpoints: {
      dynamodb: e.DYNAMODB_ENDPOINT,
      sqs: e.SQS_ENDPOINT,
      s3: e.S3_ENDPOINT,
      cognito: e.COGNITO_ENDPOINT,
      bedrock: e.BEDROCK_ENDPOINT,
    },
  };
}
