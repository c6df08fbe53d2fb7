/**
 * All four AWS stand-ins at once, each on its own free port of 127.0.0.1:
 *
 * | service  | emulator                     | runs as            | data under `dataDir`           |
 * |----------|------------------------------|--------------------|--------------------------------|
 * | DynamoDB | DynamoDB Local (jar)         | java child process | `dynamodb/shared-local-instance.db` |
 * | SQS      | fauxqs                       | in this process    | `sqs/fauxqs.db` (SQLite)       |
 * | S3       | fauxqs (a second server)     | in this process    | `s3/buckets/<bucket>/objects/` (files) |
 * | Cognito  | cognito-local                | node child process | `cognito/.cognito/`            |
 *
 * See docs/decisions/0003-local-stack.md for why these and what they get wrong.
 */
import { join, resolve } from 'node:path';
import { startCognitoLocal } from './cognito.ts';
import { startDynamoDbLocal } from './dynamodb.ts';
import { startS3Emulator } from './s3.ts';
import { startSqsEmulator } from './sqs.ts';

export type LocalEndpoints = { dynamodb: string; sqs: string; s3: string; cognito: string };

export type LocalServices = {
  region: string;
  endpoints: LocalEndpoints;
  ports: LocalPorts;
  /** Tokens of pool P carry `iss` = `${cognitoIssuerBase}/${P}`. */
  cognitoIssuerBase: string;
  stop(): Promise<void>;
};

export type LocalServicesOptions = {
  /** Persist everything under this directory. Ignored when `inMemory` is true. */
  dataDir?: string;
  /** Keep nothing (tests). The default when no `dataDir` is given. */
  inMemory?: boolean;
  /** Default: $AWS_REGION, else us-east-1. */
  region?: string;
  /**
   * Ports to listen on again (those of the last run, from local.json), so endpoints, presigned
   * URLs and token issuers stay valid across restarts. A port that is taken now is replaced by
   * a free one. Default: free ports.
   */
  ports?: Partial<LocalPorts>;
};

export type LocalPorts = Record<keyof LocalEndpoints, number>;

/** Starts on the preferred port, or on a free one when that fails (taken by something else). */
async function onPort<T>(preferred: number | undefined, start: (port: number) => Promise<T>): Promise<T> {
  if (!preferred) return start(0);
  try {
    return await start(preferred);
  } catch {
    return start(0);
  }
}

type Started = { stop(): Promise<void> };

/** Stops all, waits for all, then reports the first failure (if any). */
async function stopAll(services: Started[]): Promise<void> {
  const results = await Promise.allSettled(services.map((s) => s.stop()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Starts DynamoDB Local, the SQS and S3 emulators and cognito-local in parallel. If any fails
 * to start, the others are stopped and the error names every failure.
 */
export async function startLocalServices(options: LocalServicesOptions = {}): Promise<LocalServices> {
  const region = options.region ?? process.env.AWS_REGION ?? 'us-east-1';
  const dataDir = options.inMemory || !options.dataDir ? undefined : resolve(options.dataDir);
  const under = (name: string) => (dataDir ? join(dataDir, name) : undefined);

  const [dynamodb, sqs, s3, cognito] = await Promise.allSettled([
    onPort(options.ports?.dynamodb, (port) => startDynamoDbLocal({ dbPath: under('dynamodb'), port })),
    onPort(options.ports?.sqs, (port) => startSqsEmulator({ dataDir: under('sqs'), region, port })),
    onPort(options.ports?.s3, (port) => startS3Emulator({ dataDir: under('s3'), port })),
    onPort(options.ports?.cognito, (port) => startCognitoLocal({ dataDir: under('cognito'), port })),
  ]);
  if (
    dynamodb.status === 'fulfilled' &&
    sqs.status === 'fulfilled' &&
    s3.status === 'fulfilled' &&
    cognito.status === 'fulfilled'
  ) {
    const all = [dynamodb.value, sqs.value, s3.value, cognito.value];
    let stopping: Promise<void> | undefined;
    return {
      region,
      endpoints: {
        dynamodb: dynamodb.value.endpoint,
        sqs: sqs.value.endpoint,
        s3: s3.value.endpoint,
        cognito: cognito.value.endpoint,
      },
      ports: {
        dynamodb: dynamodb.value.port,
        sqs: sqs.value.port,
        s3: s3.value.port,
        cognito: cognito.value.port,
      },
      cognitoIssuerBase: cognito.value.issuerBase,
      stop: () => {
        stopping ??= stopAll(all);
        return stopping;
      },
    };
  }
  const outcomes = { dynamodb, sqs, s3, cognito };
  const started = Object.values(outcomes).flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
  await stopAll(started).catch(() => undefined);
  const failures = Object.entries(outcomes).flatMap(([name, o]) =>
    o.status === 'rejected'
      ? [`${name}: ${o.reason instanceof Error ? o.reason.message : String(o.reason)}`]
      : [],
  );
  throw new Error(`Local services failed to start.\n${failures.join('\n')}`, {
    cause: Object.values(outcomes).find((o) => o.status === 'rejected')?.reason,
  });
}
