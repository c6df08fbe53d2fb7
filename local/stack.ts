import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Logger } from '@aws-lambda-powertools/logger';
import {
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { createApiHandler } from '#api/app.ts';
import { preloadedUserTokenVerifier } from '#core/auth/user-token.ts';
import { createAwsClients } from '#core/aws.ts';
import { type Config, type LogLevel, loadConfig } from '#core/config.ts';
import { createDeps, type Deps } from '#core/deps.ts';
import { reconcileDispatches } from '#core/generation/reconcile.ts';
import { redriveOpenJobs } from '#core/generation/redrive.ts';
import { resumeDeletions } from '#core/lifecycle/delete.ts';
import { c2paManifestWriter } from '#core/provenance/c2pa.ts';
import type { Telemetry } from '#core/telemetry.ts';
import { createImageModel, createWorkerDeps, guardModelLifecycle } from '#generate/deps.ts';
import { createDeadLetterHandler, createWorkerHandler } from '#generate/worker.ts';
import { startApiServer } from './api-server.ts';
import { localClaimSigner } from './c2pa-signer.ts';
import { galleryRoutes } from './gallery.ts';
import { pauseAt } from './pause.ts';
import { assertPortFree } from './port.ts';
import { PrettyLogger } from './pretty-logger.ts';
import { ensureBucket, ensureQueues, ensureTable, ensureUser, ensureUserPool } from './provision.ts';
import { ensureAccountWithKey } from './seed.ts';
import { type LocalPorts, type LocalServices, startLocalServices } from './services/index.ts';
import { startWebhookLoop } from './webhook-loop.ts';
import { accountOfSlotMessage, startWorkerLoop } from './worker-loop.ts';

/** What `npm start` writes to $ADGEN_DATA_DIR/local.json for callers, the CLI and tests. */
export type LocalJson = {
  baseUrl: string;
  apiKey: string;
  /** The seeded user's account (its Cognito `sub`), e.g. for `npm run grant-credits -- --local`. */
  accountId: string;
  cognito: {
    endpoint: string;
    region: string;
    userPoolId: string;
    clientId: string;
    username: string;
    password: string;
  };
  /** The table, for operator scripts (`npm run grant-credits -- --local`). */
  dynamodb: { endpoint: string; region: string; tableName: string };
  /** The emulators' ports (all on 127.0.0.1), reused by the next start. */
  emulators: LocalPorts;
};

const NAMES = {
  table: 'adgen',
  bucket: 'adgen-creatives',
  queue: 'adgen-generate',
  dlq: 'adgen-generate-dlq',
  webhookQueue: 'adgen-webhooks',
  webhookDlq: 'adgen-webhooks-dlq',
  userPool: 'adgen-local',
  userPoolClient: 'adgen-local-client',
  username: 'dev@adgen.local',
} as const;

const VISIBILITY_TIMEOUT_SECONDS = 120;
const RECONCILE_AFTER_MS = 60_000;
const RECONCILE_EVERY_MS = 30_000;
const WEBHOOK_VISIBILITY_TIMEOUT_SECONDS = 60;

async function readLocalJson(path: string): Promise<Partial<LocalJson>> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as Partial<LocalJson>;
  } catch {
    return {};
  }
}

/** A password that satisfies Cognito's strictest policy: every character class, 24 long. */
function newPassword(): string {
  return `Aa1!${randomBytes(15).toString('base64url')}`;
}

export type LocalStack = {
  baseUrl: string;
  apiKey: string;
  localJsonPath: string;
  localJson: LocalJson;
  stop(): Promise<void>;
};

type LocalStackOptions = {
  dataDir: string;
  port: number;
  defaultCredits?: string | undefined;
  /** Concurrent generation workers (the local event source); default $ADGEN_WORKERS or 2. */
  workers?: number;
  /** Lowest level logged. @default $LOG_LEVEL or INFO */
  logLevel?: LogLevel;
  /**
   * `json`: the Lambda's JSON lines; `pretty`: the same fields as one readable line each
   * (`npm start`). @default 'json'
   */
  logFormat?: 'json' | 'pretty';
  /** Where the handlers' metrics go. @default none are recorded */
  telemetry?: Telemetry;
};

/** True when `error` or one of its causes is a refused TCP connection. */
function refusedConnection(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === 'ECONNREFUSED' || e.message.includes('ECONNREFUSED')) return true;
  }
  return false;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  try {
    return await startLocalStackOnce(options);
  } catch (error) {
    // The emulators' ports are picked free in this process; another process (a parallel test
    // worker, another tool) can take one between the pick and the emulator's bind, and a first
    // call is then refused. A failed start has stopped what it started: try once more.
    if (!refusedConnection(error)) throw error;
    return startLocalStackOnce(options);
  }
}

async function startLocalStackOnce(options: LocalStackOptions): Promise<LocalStack> {
  await assertPortFree(options.port);
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const localJsonPath = join(dataDir, 'local.json');
  const previous = await readLocalJson(localJsonPath);

  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  const services = await startLocalServices({
    dataDir,
    ...(previous.emulators ? { ports: previous.emulators } : {}),
  });
  const stopServices = () => services.stop();
  try {
    const { region, endpoints } = services;
    const provisioned = await provision(services, previous);
    const { pool, password, sub } = provisioned;
    const config = localConfig(options, services, provisioned);
    const pause = pauseAt(process.env.ADGEN_PAUSE_AT, process.env.ADGEN_RESUME_FILE);
    const deps = createDeps(config, createAwsClients(config), {
      ...(options.telemetry ? { telemetry: options.telemetry } : {}),
      ...(pause ? { checkpoint: pause } : {}),
    });
    const seeded = await ensureAccountWithKey(deps, sub, {
      existingKey: previous.apiKey,
      keyName: 'local default',
    });
    const verifyUserToken = await userTokenVerifier(services, pool);

    const logLevel = options.logLevel ?? config.logLevel;
    const newLogger = (serviceName: string) =>
      options.logFormat === 'pretty'
        ? new PrettyLogger({ serviceName, logLevel })
        : new Logger({ serviceName, logLevel });
    const background = await startBackgroundWork({ options, dataDir, config, deps, provisioned, newLogger });
    const server = await startApiServer({
      port: options.port,
      handler: createApiHandler({ ...deps, verifyUserToken }, newLogger('adgen-api')),
      routes: localRoutes(seeded.apiKey),
    });

    const localJson: LocalJson = {
      baseUrl: server.url,
      apiKey: seeded.apiKey,
      accountId: sub,
      cognito: {
        endpoint: endpoints.cognito,
        region,
        userPoolId: pool.userPoolId,
        clientId: pool.clientId,
        username: NAMES.username,
        password,
      },
      dynamodb: { endpoint: endpoints.dynamodb, region, tableName: NAMES.table },
      emulators: services.ports,
    };
    await writeFile(localJsonPath, `${JSON.stringify(localJson, null, 2)}\n`, { mode: 0o600 });

    return {
      baseUrl: server.url,
      apiKey: seeded.apiKey,
      localJsonPath,
      localJson,
      stop: async () => {
        background.stopReconciling();
        // Requests in flight finish (and their dispatch with them) before anything stops.
        await server.close();
        await background.stop();
        for (const c of [...provisioned.clients, deps.ddb, deps.s3, deps.sqs]) c.destroy();
        await stopServices();
      },
    };
  } catch (error) {
    await stopServices();
    throw error;
  }
}

type Provisioned = Awaited<ReturnType<typeof provision>>;

/** The table, bucket, queues and user pool in the emulators, and the local user (created or kept). */
async function provision(services: LocalServices, previous: Partial<LocalJson>) {
  const { region, endpoints } = services;
  const dynamo = new DynamoDBClient({ region, endpoint: endpoints.dynamodb });
  const sqs = new SQSClient({ region, endpoint: endpoints.sqs });
  const s3 = new S3Client({ region, endpoint: endpoints.s3, forcePathStyle: true });
  const cognito = new CognitoIdentityProviderClient({ region, endpoint: endpoints.cognito });

  await ensureTable(dynamo, NAMES.table);
  await ensureBucket(s3, NAMES.bucket);
  const queues = await ensureQueues(sqs, {
    queueName: NAMES.queue,
    dlqName: NAMES.dlq,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: VISIBILITY_TIMEOUT_SECONDS,
  });
  const webhookQueues = await ensureQueues(sqs, {
    queueName: NAMES.webhookQueue,
    dlqName: NAMES.webhookDlq,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: WEBHOOK_VISIBILITY_TIMEOUT_SECONDS,
  });
  const pool = await ensureUserPool(cognito, {
    poolName: NAMES.userPool,
    clientName: NAMES.userPoolClient,
  });
  const password = previous.cognito?.password ?? newPassword();
  await ensureUser(cognito, { userPoolId: pool.userPoolId, username: NAMES.username, password });
  const user = await cognito.send(
    new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: NAMES.username }),
  );
  const sub = user.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('The local Cognito user has no sub attribute.');
  return { clients: [dynamo, sqs, s3, cognito], queues, webhookQueues, pool, password, sub };
}

/** The Lambdas' configuration, pointed at the emulators and what provision() made in them. */
function localConfig(options: LocalStackOptions, services: LocalServices, provisioned: Provisioned) {
  const { region, endpoints } = services;
  const { queues, webhookQueues, pool, password } = provisioned;
  return loadConfig({
    ...process.env,
    AWS_REGION: region,
    TABLE_NAME: NAMES.table,
    BUCKET_NAME: NAMES.bucket,
    QUEUE_URL: queues.queueUrl,
    WEBHOOK_QUEUE_URL: webhookQueues.queueUrl,
    ADGEN_ENV: 'local',
    ADGEN_DEFAULT_CREDITS: options.defaultCredits ?? process.env.ADGEN_DEFAULT_CREDITS ?? '1000',
    USER_POOL_ID: pool.userPoolId,
    USER_POOL_CLIENT_ID: pool.clientId,
    // Locally a worker run has no timeout; a lease shorter than the visibility timeout (120 s)
    // lets a slot whose run died be taken over on the next delivery.
    SLOT_LEASE_SECONDS: process.env.SLOT_LEASE_SECONDS ?? '90',
    DYNAMODB_ENDPOINT: endpoints.dynamodb,
    SQS_ENDPOINT: endpoints.sqs,
    S3_ENDPOINT: endpoints.s3,
    COGNITO_ENDPOINT: endpoints.cognito,
    // Review links (ADR 0040) are signed with a key derived from this stack's own secret, so
    // links survive a restart; REVIEW_LINK_SECRET overrides it.
    REVIEW_LINK_SECRET:
      process.env.REVIEW_LINK_SECRET ??
      createHash('sha256').update(`adgen-review-links/${password}`).digest('base64url'),
  });
}

/** Verifies the local pool's user tokens with the keys cognito-local publishes. */
async function userTokenVerifier(services: LocalServices, pool: Provisioned['pool']) {
  const issuer = `${services.cognitoIssuerBase}/${pool.userPoolId}`;
  const jwksResponse = await fetch(`${services.endpoints.cognito}/${pool.userPoolId}/.well-known/jwks.json`);
  if (!jwksResponse.ok) throw new Error(`cognito-local JWKS answered ${jwksResponse.status}`);
  return preloadedUserTokenVerifier({
    issuer,
    clientId: pool.clientId,
    jwks: (await jwksResponse.json()) as Parameters<typeof preloadedUserTokenVerifier>[0]['jwks'],
  });
}

/**
 * What runs beside the API: first what the last run left unfinished, then the generation
 * workers, the dead-letter handler, the webhook deliveries and the periodic reconciler.
 */
async function startBackgroundWork(input: {
  options: LocalStackOptions;
  dataDir: string;
  config: Config;
  deps: Deps;
  provisioned: Provisioned;
  newLogger: (serviceName: string) => Logger;
}): Promise<{ stopReconciling(): void; stop(): Promise<void> }> {
  const { options, dataDir, config, deps, newLogger } = input;
  const { queues, webhookQueues } = input.provisioned;
  const workerLogger = newLogger('adgen-worker');
  const dlqLogger = newLogger('adgen-dlq');
  const imageModel = await guardModelLifecycle(
    config,
    createImageModel(config),
    workerLogger,
    deps.telemetry,
  );
  // Every creative carries a signed C2PA manifest, by a chain kept in the data folder (ADR 0047).
  const workerDeps = {
    ...createWorkerDeps(deps, imageModel),
    manifestWriter: c2paManifestWriter(await localClaimSigner(dataDir)),
  };
  await finishLastRun(deps, workerLogger);
  const workers = startWorkerLoop({
    sqs: deps.sqs,
    queueUrl: queues.queueUrl,
    handler: createWorkerHandler(workerDeps, workerLogger),
    concurrency: options.workers ?? Number(process.env.ADGEN_WORKERS ?? 2),
    // Accounts are served round-robin, as SQS fair queues do on AWS (MessageGroupId = account).
    fairBy: accountOfSlotMessage,
    visibilityTimeoutSeconds: VISIBILITY_TIMEOUT_SECONDS,
    onError: (error) => workerLogger.error('worker loop', { error }),
  });
  const deadLetters = startWorkerLoop({
    sqs: deps.sqs,
    queueUrl: queues.dlqUrl,
    handler: createDeadLetterHandler(deps, dlqLogger),
    concurrency: 1,
    onError: (error) => dlqLogger.error('dead-letter loop', { error }),
  });
  // Webhook deliveries through the same handler as the delivery Lambda, and the same sweeper.
  const webhookLogger = newLogger('adgen-webhooks');
  const webhookLoop = startWebhookLoop({
    deps,
    queueUrl: webhookQueues.queueUrl,
    logger: webhookLogger,
  });
  // The same reconciler as the scheduled Lambda on AWS, over dispatches older than a minute
  // (a live request finishes its own well within that).
  const reconcileTimer = setInterval(() => {
    const cutoff = new Date(deps.now().getTime() - RECONCILE_AFTER_MS);
    reconcileDispatches(deps, cutoff)
      .then(async (r) => {
        if (r.jobs > 0) workerLogger.info('finished interrupted dispatches', { ...r });
        const finished = await resumeDeletions(deps, cutoff);
        if (finished > 0) workerLogger.info('finished interrupted deletions', { deletions: finished });
      })
      .catch((error: unknown) => workerLogger.error('reconcile', { error }));
  }, RECONCILE_EVERY_MS);
  reconcileTimer.unref();
  return {
    stopReconciling: () => clearInterval(reconcileTimer),
    stop: async () => {
      await Promise.all([workers.stop(), deadLetters.stop(), webhookLoop.stop()]);
    },
  };
}

/**
 * Before any worker or request runs, finish what the last run left: dispatches it died in the
 * middle of, then every unfinished slot — including the ones that were running when it stopped
 * (this process owns all of this data's workers, so their leases are orphaned).
 */
async function finishLastRun(deps: Deps, workerLogger: Logger): Promise<void> {
  const reconciled = await reconcileDispatches(deps, deps.now());
  if (reconciled.jobs > 0) workerLogger.info('finished interrupted dispatches', { ...reconciled });
  // Deletions the last run died in the middle of (ADR 0028).
  const deletions = await resumeDeletions(deps, deps.now());
  if (deletions > 0) workerLogger.info('finished interrupted deletions', { deletions });
  const redriven = await redriveOpenJobs(deps, { reclaimRunning: true });
  if (redriven > 0) workerLogger.info('re-drove unfinished slots', { slots: redriven });
}

/** The local server's own routes beside the API's. */
function localRoutes(apiKey: string): Parameters<typeof startApiServer>[0]['routes'] {
  return {
    // The creative gallery (local/gallery/): GET /gallery.
    ...galleryRoutes({ apiKey }),
    '/health': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"status":"ok"}');
    },
    // The OpenAPI document (docs/openapi.json, generated by `npm run openapi`).
    '/openapi.json': async (_req, res) => {
      const body = await readFile(new URL('../docs/openapi.json', import.meta.url));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    },
  };
}
