/** Log levels of the Lambdas' and the local stack's loggers (`LOG_LEVEL`, any case). */
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const IMAGE_PROVIDERS = ['template', 'bedrock-stability', 'bedrock-nova-canvas'] as const;
const TEXT_PROVIDERS = ['heuristic', 'bedrock'] as const;

/**
 * Reads the environment's variables one by one, collecting every problem with the variable's
 * name. Written by hand rather than with zod because the router reads it at every cold start
 * and zod would be the largest part of its cold path (ADR 0011); the actions' inputs, which only
 * their own modules load, keep zod.
 */
class EnvReader {
  readonly problems: string[] = [];
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** A non-empty string; `fallback` when unset, a problem when unset without one. */
  string(name: string, fallback?: string): string {
    const value = this.env[name];
    if (value === undefined) {
      if (fallback === undefined) this.problems.push(`${name}: required`);
      return fallback ?? '';
    }
    if (value.length === 0) this.problems.push(`${name}: must not be empty`);
    return value;
  }

  optional(name: string): string | undefined {
    const value = this.env[name];
    if (value === undefined) return undefined;
    if (value.length === 0) this.problems.push(`${name}: must not be empty`);
    return value;
  }

  int(name: string, fallback: number, range: { min: number; max?: number }): number {
    const raw = this.env[name];
    if (raw === undefined) return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value)) {
      this.problems.push(`${name}: must be an integer`);
      return fallback;
    }
    if (value < range.min) this.problems.push(`${name}: must be at least ${range.min}`);
    if (range.max !== undefined && value > range.max)
      this.problems.push(`${name}: must be at most ${range.max}`);
    return value;
  }

  oneOf<const T extends readonly string[]>(name: string, options: T, fallback: T[number]): T[number] {
    const value = this.env[name];
    if (value === undefined) return fallback;
    if (!options.includes(value)) {
      this.problems.push(`${name}: must be one of ${options.join(', ')}`);
      return fallback;
    }
    return value as T[number];
  }

  url(name: string): string | undefined {
    const value = this.optional(name);
    if (value !== undefined && !URL.canParse(value)) this.problems.push(`${name}: must be a URL`);
    return value;
  }
}

/**
 * Every setting the Lambdas and the local stack read, in one place.
 *
 * On AWS the CDK stack sets these variables; locally `local/main.ts` sets them to the
 * emulators' endpoints. The `*_ENDPOINT` variables exist only for the local stack: when they
 * are absent the SDK resolves the real regional endpoints.
 */
export type Config = {
  region: string;
  tableName: string;
  bucketName: string;
  queueUrl: string;
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
  const r = new EnvReader(env);
  const imageProvider = r.oneOf('IMAGE_PROVIDER', IMAGE_PROVIDERS, 'template');
  const imageModelId = r.string('IMAGE_MODEL_ID', 'stability.sd3-5-large-v1:0');
  /** Cut product images out with the model family's background-removal task (a paid call per product). */
  const backgroundRemoval = r.oneOf('IMAGE_BACKGROUND_REMOVAL', ['off', 'on'] as const, 'off');
  /** Stability's Remove Background service (a separate model id; Nova Canvas uses its own). */
  const backgroundRemovalModelId = r.string(
    'BACKGROUND_REMOVAL_MODEL_ID',
    'us.stability.stable-image-remove-background-v1:0',
  );
  /** Short tag embedded in every API key (`adg_<env>_...`) so a leaked key says where it works. */
  const keyEnv = r.string('ADGEN_ENV', 'live');
  if (!/^[a-z0-9]{2,12}$/.test(keyEnv))
    r.problems.push('ADGEN_ENV: must be 2-12 lowercase letters or digits');
  /** Lowest level written by the loggers (the CDK context `logLevel`), any case. */
  const logLevel = (env.LOG_LEVEL ?? 'INFO').toUpperCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    r.problems.push(`LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const config: Config = {
    region: r.string('AWS_REGION', 'us-east-1'),
    tableName: r.string('TABLE_NAME'),
    bucketName: r.string('BUCKET_NAME'),
    queueUrl: r.string('QUEUE_URL'),
    keyEnv,
    defaultCredits: r.int('ADGEN_DEFAULT_CREDITS', 1000, { min: 0 }),
    presignTtlSeconds: r.int('PRESIGN_TTL_SECONDS', 3600, { min: 60, max: 604800 }),
    /** The queue's maxReceiveCount: the worker's last delivery of a message fails its slot. */
    maxReceiveCount: r.int('MAX_RECEIVE_COUNT', 5, { min: 1 }),
    /** How long a claimed slot is held: longer than one worker run, shorter than the visibility timeout. */
    slotLeaseSeconds: r.int('SLOT_LEASE_SECONDS', 240, { min: 10 }),
    /** Per-account calls per hour of the text-model actions (generate_angles, prepare_campaign); 0: no limit. */
    textActionsPerHour: r.int('TEXT_ACTIONS_PER_HOUR', 60, { min: 0 }),
    userPoolId: r.optional('USER_POOL_ID'),
    userPoolClientId: r.optional('USER_POOL_CLIENT_ID'),
    imageProvider,
    imageModelId,
    backgroundRemovalModelId:
      backgroundRemoval === 'on'
        ? imageProvider === 'bedrock-nova-canvas'
          ? imageModelId
          : backgroundRemovalModelId
        : undefined,
    textProvider: r.oneOf('TEXT_PROVIDER', TEXT_PROVIDERS, 'heuristic'),
    textModelId: r.string('TEXT_MODEL_ID', 'amazon.nova-pro-v1:0'),
    logLevel: logLevel as LogLevel,
    endpoints: {
      dynamodb: r.url('DYNAMODB_ENDPOINT'),
      sqs: r.url('SQS_ENDPOINT'),
      s3: r.url('S3_ENDPOINT'),
      cognito: r.url('COGNITO_ENDPOINT'),
      bedrock: r.url('BEDROCK_ENDPOINT'),
    },
  };
  if (r.problems.length > 0) throw new ConfigError(`Invalid configuration: ${r.problems.join('; ')}`);
  return config;
}
