import type { Node } from 'constructs';
import * as z from 'zod';
import { retiredImageModelReason } from '#core/images/catalogue.ts';
import { LEGACY_STAGE, STAGE_PATTERN } from './stages.ts';

/** Image model families the Lambdas know (`IMAGE_PROVIDER` in `lambdas/core/config.ts`). */
export const IMAGE_PROVIDERS = ['template', 'bedrock-stability'] as const;
/** Text providers the Lambdas know (`TEXT_PROVIDER` in `lambdas/core/config.ts`). */
export const TEXT_PROVIDERS = ['heuristic', 'bedrock'] as const;

export type ImageProvider = (typeof IMAGE_PROVIDERS)[number];
export type TextProvider = (typeof TEXT_PROVIDERS)[number];

/**
 * Deployment settings, read from CDK context (`cdk.json` holds the same defaults; override one
 * with `cdk deploy -c key=value`).
 */
export interface AdgenSettings {
  /**
   * The deployment this synth is for (context `stage`, default `prod`): 2-12 lowercase letters
   * or digits, beginning with a letter. It names the stacks (see `stackNames`) and tags every
   * resource, so several stages live side by side in one account and region.
   */
  readonly stage: string;
  /**
   * Tag embedded in every API key (`adg_<keyEnv>_...`): 2-12 lowercase letters or digits. Not in
   * `cdk.json`: unless context `keyEnv` sets it, it follows the stage (`prod` keeps `live`, the
   * tag of the keys its earlier releases issued; any other stage uses its own name).
   */
  readonly keyEnv: string;
  /** Credits a new account starts with. */
  readonly defaultCredits: number;
  /** Image model family; `template` is the offline generator (no Bedrock access granted). */
  readonly imageProvider: ImageProvider;
  /** Bedrock image model id, or a cross-region inference profile id (`us.<model id>`). */
  readonly imageModelId: string;
  /**
   * `on`: product images are cut out by the image model family's background-removal task
   * (`IMAGE_BACKGROUND_REMOVAL`; the worker is granted that model) instead of only the local
   * flat-backdrop removal. Ignored by the offline template provider.
   */
  readonly imageBackgroundRemoval: 'off' | 'on';
  /** Bedrock model (or inference profile) of the background-removal task. */
  readonly backgroundRemovalModelId: string;
  /** Text provider for angles and copy; `heuristic` needs no Bedrock access. */
  readonly textProvider: TextProvider;
  /** Bedrock text model id (Converse API), or a cross-region inference profile id. */
  readonly textModelId: string;
  /** Stage steady-state request rate (requests per second). */
  readonly apiThrottleRateLimit: number;
  /** Stage burst (bucket size, requests). */
  readonly apiThrottleBurstLimit: number;
  /** Most generation Lambdas running at once (SQS maximum concurrency, 2-1000): size it to the model quota. */
  readonly workerMaxConcurrency: number;
  /** Lifetime of presigned image URLs, in seconds (60 s to 7 days). */
  readonly presignTtlSeconds: number;
  /**
   * Calls per hour and account of the text-model actions (`generate_angles`, `prepare_campaign`)
   * before they answer 429 `rate_limited` with `Retry-After`; 0 turns the limit off.
   */
  readonly textActionsPerHour: number;
  /**
   * API requests per second and account before 429 `rate_limited` with `Retry-After: 1`
   * (ADR 0032), so one tenant cannot use up the stage throttle; 0 turns it off. Each request
   * costs one DynamoDB write for its counter.
   */
  readonly accountRequestsPerSecond: number;
  /** Lowest level the Lambdas log (`LOG_LEVEL`): DEBUG, INFO, WARN or ERROR. */
  readonly logLevel: DeployedLogLevel;
  /**
   * Cognito threat protection of the user pool: `off` (Essentials plan), `audit` (risks are
   * detected and logged) or `enforced` (risky sign-ins are blocked or challenged). `audit` and
   * `enforced` move the pool to the Plus plan, billed per monthly active user at a higher rate
   * than Essentials (see Amazon Cognito pricing): the pool only holds the agency's own staff.
   */
  readonly cognitoThreatProtection: CognitoThreatProtection;
  /**
   * Versioning of the creatives bucket (`on` or `off`). On, an overwritten or deleted object
   * keeps its previous version for `noncurrentVersionDays`: a mistaken delete can be undone,
   * for the storage of those versions (a retried slot's overwrite, a deleted client's files).
   */
  readonly bucketVersioning: 'on' | 'off';
  /** Days a noncurrent object version is kept before the lifecycle rule deletes it (1-3650). */
  readonly noncurrentVersionDays: number;
  /** Alarm when more messages than this reached the dead-letter queue in 5 minutes. */
  readonly alarmDlqMessages: number;
  /** Alarm when the oldest message of the generation queue is older than this, in seconds. */
  readonly alarmQueueAgeSeconds: number;
  /** Alarm when more than this percentage of the router's answers in 5 minutes are 5xx. */
  readonly alarmRouter5xxPercent: number;
  /** Alarm when the worker has more errors than this in 5 minutes (failed runs + unexpected slot errors). */
  readonly alarmWorkerErrors: number;
  /** Alarm when more than this percentage of image model calls in 5 minutes are throttled. */
  readonly alarmModelThrottlePercent: number;
  /**
   * Optional address subscribed to the alarm topic (context `alarmEmail`; SNS sends a
   * confirmation mail first). Not in `cdk.json`: there is no default address.
   */
  readonly alarmEmail?: string | undefined;
}

/** Cognito threat protection modes (`cognitoThreatProtection`). */
export const COGNITO_THREAT_PROTECTION = ['off', 'audit', 'enforced'] as const;
export type CognitoThreatProtection = (typeof COGNITO_THREAT_PROTECTION)[number];

/** Levels a deployment may log at (`SILENT` is for tests only). */
export const DEPLOYED_LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type DeployedLogLevel = (typeof DEPLOYED_LOG_LEVELS)[number];

/** The alarm thresholds among the settings (props of `Monitoring`). */
export type AlarmThresholds = Pick<
  AdgenSettings,
  | 'alarmDlqMessages'
  | 'alarmQueueAgeSeconds'
  | 'alarmRouter5xxPercent'
  | 'alarmWorkerErrors'
  | 'alarmModelThrottlePercent'
>;

/** The documented defaults; `cdk.json` repeats them so `cdk synth` shows what it uses. */
export const DEFAULT_SETTINGS: AdgenSettings = {
  stage: 'prod',
  keyEnv: 'live',
  defaultCredits: 1000,
  imageProvider: 'bedrock-stability',
  imageModelId: 'stability.sd3-5-large-v1:0',
  imageBackgroundRemoval: 'off',
  backgroundRemovalModelId: 'us.stability.stable-image-remove-background-v1:0',
  textProvider: 'bedrock',
  textModelId: 'global.anthropic.claude-haiku-4-5-20251001-v1:0',
  apiThrottleRateLimit: 50,
  apiThrottleBurstLimit: 100,
  workerMaxConcurrency: 4,
  presignTtlSeconds: 3600,
  textActionsPerHour: 60,
  accountRequestsPerSecond: 20,
  logLevel: 'INFO',
  cognitoThreatProtection: 'off',
  bucketVersioning: 'on',
  noncurrentVersionDays: 30,
  alarmDlqMessages: 0,
  alarmQueueAgeSeconds: 900,
  alarmRouter5xxPercent: 5,
  alarmWorkerErrors: 0,
  alarmModelThrottlePercent: 20,
};

/** `adg_live_...`: the key tag of the legacy stage, so the keys it already issued keep working. */
const LEGACY_KEY_ENV = 'live';
const KEY_ENV_PATTERN = /^[a-z0-9]{2,12}$/;

/** The key tag a stage gets when context `keyEnv` does not set one. */
export function keyEnvOf(stage: string): string {
  return stage === LEGACY_STAGE ? LEGACY_KEY_ENV : stage;
}

/** The settings `cdk.json` lists (every one but the derived `keyEnv` and the optional `alarmEmail`). */
export const SETTING_KEYS = (Object.keys(DEFAULT_SETTINGS) as (keyof AdgenSettings)[]).filter(
  (key): key is Exclude<keyof AdgenSettings, 'alarmEmail' | 'keyEnv'> =>
    key !== 'keyEnv' && key !== 'alarmEmail',
);

/**
 * A Bedrock model id (`provider.model-v1:0`), optionally behind a cross-region inference
 * profile prefix (`us.`, `eu.`, `apac.`, ...). No ARNs, no wildcards: the id ends up in an IAM
 * resource ARN, so anything that could widen it is refused here.
 */
const INFERENCE_PROFILE_PREFIX = /^(us|us-gov|eu|apac|jp|au|ca|global)\.(.+)$/;
const FOUNDATION_MODEL_ID = /^[a-z0-9-]+\.[a-z0-9][a-z0-9.-]*(:[a-z0-9.-]+)*$/;

export type ModelRef =
  | { readonly kind: 'foundation-model'; readonly modelId: string }
  | { readonly kind: 'inference-profile'; readonly profileId: string; readonly modelId: string };

/** Splits a configured model id into the foundation model and, if any, its inference profile. */
export function parseModelId(id: string): ModelRef {
  const profile = INFERENCE_PROFILE_PREFIX.exec(id);
  if (profile?.[2] && FOUNDATION_MODEL_ID.test(profile[2])) {
    return { kind: 'inference-profile', profileId: id, modelId: profile[2] };
  }
  return { kind: 'foundation-model', modelId: id };
}

const modelId = z
  .string()
  .trim()
  .max(200)
  .refine((id) => FOUNDATION_MODEL_ID.test(parseModelId(id).modelId), {
    message: 'must be a Bedrock model id such as stability.sd3-5-large-v1:0 or us.amazon.nova-pro-v1:0',
  });
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const settingsSchema = z
  .object({
    stage: z
      .string()
      .regex(STAGE_PATTERN, 'must be 2-12 lowercase letters or digits, beginning with a letter'),
    keyEnv: z.string().regex(KEY_ENV_PATTERN, 'must be 2-12 lowercase letters or digits'),
    defaultCredits: int(0, 1_000_000_000),
    imageProvider: z.enum(IMAGE_PROVIDERS),
    imageModelId: modelId,
    imageBackgroundRemoval: z.enum(['off', 'on']),
    backgroundRemovalModelId: modelId,
    textProvider: z.enum(TEXT_PROVIDERS),
    textModelId: modelId,
    apiThrottleRateLimit: z.coerce.number().positive().max(1_000_000),
    apiThrottleBurstLimit: int(1, 1_000_000),
    workerMaxConcurrency: int(2, 1000),
    presignTtlSeconds: int(60, 604_800),
    textActionsPerHour: int(0, 1_000_000),
    accountRequestsPerSecond: int(0, 1_000_000),
    logLevel: z
      .string()
      .transform((level) => level.toUpperCase())
      .pipe(z.enum(DEPLOYED_LOG_LEVELS)),
    cognitoThreatProtection: z.enum(COGNITO_THREAT_PROTECTION),
    bucketVersioning: z.enum(['on', 'off']),
    noncurrentVersionDays: int(1, 3650),
    alarmDlqMessages: int(0, 1_000_000),
    // SQS keeps a message at most 14 days.
    alarmQueueAgeSeconds: int(60, 1_209_600),
    alarmRouter5xxPercent: z.coerce.number().min(0).max(100),
    alarmWorkerErrors: int(0, 1_000_000),
    alarmModelThrottlePercent: z.coerce.number().min(0).max(100),
    alarmEmail: z.email().optional(),
  })
  .refine((s) => s.apiThrottleBurstLimit >= s.apiThrottleRateLimit, {
    message: 'apiThrottleBurstLimit must be at least apiThrottleRateLimit',
    path: ['apiThrottleBurstLimit'],
  });

export class SettingsError extends Error {
  override name = 'SettingsError';
}

/**
 * Reads every setting from CDK context, falls back to {@link DEFAULT_SETTINGS} (`alarmEmail`
 * has none; `keyEnv` follows the stage), coerces the strings that `-c key=value` passes, and validates the lot. A bad value fails synth with the
 * setting's name.
 */
export function readSettings(node: Pick<Node, 'tryGetContext'>): AdgenSettings {
  const raw: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    const value: unknown = node.tryGetContext(key);
    raw[key] = value === undefined || value === '' ? DEFAULT_SETTINGS[key] : value;
  }
  const keyEnv: unknown = node.tryGetContext('keyEnv');
  raw.keyEnv = keyEnv === undefined || keyEnv === '' ? keyEnvOf(String(raw.stage)) : keyEnv;
  const email: unknown = node.tryGetContext('alarmEmail');
  if (email !== undefined && email !== '') raw.alarmEmail = email;
  // A retired model is named with its end of life, not as an unknown enum value.
  const retired = retiredImageModelReason({
    provider: String(raw.imageProvider),
    modelId: String(raw.imageModelId),
  });
  if (retired) throw new SettingsError(`Invalid CDK context: imageModelId: ${retired}`);
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new SettingsError(`Invalid CDK context: ${problems}`);
  }
  return parsed.data;
}
