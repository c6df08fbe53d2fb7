import * as z from 'zod';

/** Log levels of the Lambdas' and the local stack's loggers (`LOG_LEVEL`, any case). */
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * Every setting the Lambdas and the local stack read, in one place.
 *
 * On AWS the CDK stack sets these variables; locally `local/main.ts` sets them to the
 * emulators' endpoints. The `*_ENDPOINT` variables exist only for the local stack: when they
 * are absent the SDK resolves the real regional endpoints.
 */
const envSchema = z.object({
  AWS_REGION: z.string().min(1).default('us-east-1'),
  TABLE_NAME: z.string().min(1),
  BUCKET_NAME: z.string().min(1),
  QUEUE_URL: z.string().min(1),
  /** The webhook delivery queue; without it deliveries are recorded but not sent (ADR 0025). */
  WEBHOOK_QUEUE_URL: z.string().min(1).optional(),
  /** First retry delay of a failed webhook delivery; doubles per attempt, with jitter (ADR 0025). */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().positive().max(3600).default(30),
  /** The longest wait between two attempts of one delivery. */
  WEBHOOK_RETRY_CAP_SECONDS: z.coerce.number().positive().max(86400).default(3600),
  /** How long a delivery is retried before it is marked failed (at least this long). */
  WEBHOOK_RETRY_WINDOW_SECONDS: z.coerce.number().positive().default(86400),
  /** `1`: webhook URLs may also be http(s)://127.0.0.1:<port> (the local stack and tests only). */
  ADGEN_ALLOW_LOCAL_WEBHOOKS: z.enum(['0', '1']).default('0'),
  /** Short tag embedded in every API key (`adg_<env>_...`) so a leaked key says where it works. */
  ADGEN_ENV: z
    .string()
    .regex(/^[a-z0-9]{2,12}$/, 'ADGEN_ENV must be 2-12 lowercase letters or digits')
    .default('live'),
  ADGEN_DEFAULT_CREDITS: z.coerce.number().int().min(0).default(1000),
  PRESIGN_TTL_SECONDS: z.coerce.number().int().min(60).max(604800).default(3600),
  /** The queue's maxReceiveCount: the worker's last delivery of a message fails its slot. */
  MAX_RECEIVE_COUNT: z.coerce.number().int().min(1).default(5),
  /** How long a claimed slot is held: longer than one worker run, shorter than the visibility timeout. */
  SLOT_LEASE_SECONDS: z.coerce.number().int().min(10).default(240),
  /** Per-account calls per hour of the text-model actions (generate_angles, prepare_campaign); 0: no limit. */
  TEXT_ACTIONS_PER_HOUR: z.coerce.number().int().min(0).default(60),
  USER_POOL_ID: z.string().min(1).optional(),
  USER_POOL_CLIENT_ID: z.string().min(1).optional(),
  IMAGE_PROVIDER: z.enum(['template', 'bedrock-stability', 'bedrock-nova-canvas']).default('template'),
  IMAGE_MODEL_ID: z.string().min(1).default('stability.sd3-5-large-v1:0'),
  /**
   * The operator's price of one image-model call in USD, for estimate_creatives. No default: a
   * price is the operator's to state (their AWS pricing), so without it the estimate says null.
   */
  IMAGE_MODEL_USD_PER_CALL: z.coerce.number().min(0).optional(),
  /** Cut product images out with the model family's background-removal task (a paid call per product). */
  IMAGE_BACKGROUND_REMOVAL: z.enum(['off', 'on']).default('off'),
  /** Stability's Remove Background service (a separate model id; Nova Canvas uses its own). */
  BACKGROUND_REMOVAL_MODEL_ID: z.string().min(1).default('us.stability.stable-image-remove-background-v1:0'),
  TEXT_PROVIDER: z.enum(['heuristic', 'bedrock']).default('heuristic'),
  TEXT_MODEL_ID: z.string().min(1).default('amazon.nova-pro-v1:0'),
  DYNAMODB_ENDPOINT: z.url().optional(),
  SQS_ENDPOINT: z.url().optional(),
  S3_ENDPOINT: z.url().optional(),
  COGNITO_ENDPOINT: z.url().optional(),
  BEDROCK_ENDPOINT: z.url().optional(),
  /** Lowest level written by the loggers (the CDK context `logLevel`). */
  LOG_LEVEL: z
    .string()
    .transform((level) => level.toUpperCase())
    .pipe(z.enum(LOG_LEVELS))
    .default('INFO'),
});

export type Config = {
  region: string;
  tableName: string;
  bucketName: string;
  queueUrl: string;
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
  userPoolId: string | undefined;
  userPoolClientId: string | undefined;
  imageProvider: 'template' | 'bedrock-stability' | 'bedrock-nova-canvas';
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
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    region: e.AWS_REGION,
    tableName: e.TABLE_NAME,
    bucketName: e.BUCKET_NAME,
    queueUrl: e.QUEUE_URL,
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
    userPoolId: e.USER_POOL_ID,
    userPoolClientId: e.USER_POOL_CLIENT_ID,
    imageProvider: e.IMAGE_PROVIDER,
    imageModelId: e.IMAGE_MODEL_ID,
    imageModelUsdPerCall: e.IMAGE_MODEL_USD_PER_CALL,
    backgroundRemovalModelId:
      e.IMAGE_BACKGROUND_REMOVAL === 'on'
        ? e.IMAGE_PROVIDER === 'bedrock-nova-canvas'
          ? e.IMAGE_MODEL_ID
          : e.BACKGROUND_REMOVAL_MODEL_ID
        : undefined,
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
