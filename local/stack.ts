import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
import { type LogLevel, loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
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
import { assertPortFree } from './port.ts';
import { PrettyLogger } from './pretty-logger.ts';
import { ensureBucket, ensureQueues, ensureTable, ensureUser, ensureUserPool } from './provision.ts';
import { ensureAccountWithKey } from './seed.ts';
import { type LocalPorts, startLocalServices } from './services/index.ts';
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

/**
 * `ADGEN_PAUSE_AT=<checkpoint>[:<progress>]` (e.g. `dispatch.slots_written:50`): the first time
 * that checkpoint is reached with at least that progress, print `paused at …` and never go on.
 * For the crash tests, which kill the process group at that moment; unset otherwise.
 *
 * With `ADGEN_RESUME_FILE=<path>` the pause holds only until that file exists (it is then
 * removed and `resumed at …` printed), and `ADGEN_PAUSE_AT` may list several moments separated
 * by commas: each dispatch (from its `dispatch.reserved`) pauses at most once, at the next moment
 * of the list. For tests that act at a known moment of a dispatch and let it go on.
 */
function pauseAt(spec: string | undefined, resumeFile: string | undefined) {
  if (!spec) return undefined;
  const moments = spec.split(',').map((moment) => {
    const [name, at = '0'] = moment.split(':');
    return { name, at: Number(at) };
  });
  let next = 0;
  let armed = true;
  return async (checkpoint: string, progress: number) => {
    if (checkpoint === 'dispatch.reserved' && resumeFile) armed = true;
    const moment = moments[next];
    if (!armed || !moment || checkpoint !== moment.name || progress < moment.at) return;
    armed = false;
    next += 1;
    console.log(`paused at ${checkpoint} ${progress}`);
    if (!resumeFile) await new Promise(() => {});
    else {
      while (!existsSync(resumeFile)) await new Promise((r) => setTimeout(r, 25));
      await rm(resumeFile, { force: true });
      console.log(`resumed at ${checkpoint} ${progress}`);
    }
  };
}

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

    const config = loadConfig({
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
    const pause = pauseAt(process.env.ADGEN_PAUSE_AT, process.env.ADGEN_RESUME_FILE);
    const deps = createDeps(config, createAwsClients(config), {
      ...(options.telemetry ? { telemetry: options.telemetry } : {}),
      ...(pause ? { checkpoint: pause } : {}),
    });
    const seeded = await ensureAccountWithKey(deps, sub, {
      existingKey: previous.apiKey,
      keyName: 'local default',
    });

    const issuer = `${services.cognitoIssuerBase}/${pool.userPoolId}`;
    const jwksResponse = await fetch(`${endpoints.cognito}/${pool.userPoolId}/.well-known/jwks.json`);
    if (!jwksResponse.ok) throw new Error(`cognito-local JWKS answered ${jwksResponse.status}`);
    const verifyUserToken = await preloadedUserTokenVerifier({
      issuer,
      clientId: pool.clientId,
      jwks: (await jwksResponse.json()) as Parameters<typeof preloadedUserTokenVerifier>[0]['jwks'],
    });

    const logLevel = options.logLevel ?? config.logLevel;
    const newLogger = (serviceName: string) =>
      options.logFormat === 'pretty'
        ? new PrettyLogger({ serviceName, logLevel })
        : new Logger({ serviceName, logLevel });
    const logger = newLogger('adgen-api');
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
    // Before any worker or request runs, finish what the last run left: dispatches it died in
    // the middle of, then every unfinished slot — including the ones that were running when it
    // stopped (this process owns all of this data's workers, so their leases are orphaned).
    const reconciled = await reconcileDispatches(deps, deps.now());
    if (reconciled.jobs > 0) workerLogger.info('finished interrupted dispatches', { ...reconciled });
    // Deletions the last run died in the middle of (ADR 0028).
    const deletions = await resumeDeletions(deps, deps.now());
    if (deletions > 0) workerLogger.info('finished interrupted deletions', { deletions });
    const redriven = await redriveOpenJobs(deps, { reclaimRunning: true });
    if (redriven > 0) workerLogger.info('re-drove unfinished slots', { slots: redriven });
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
    const server = await startApiServer({
      port: options.port,
      handler: createApiHandler({ ...deps, verifyUserToken }, logger),
      routes: {
        // The creative gallery (local/gallery/): GET /gallery.
        ...galleryRoutes({ apiKey: seeded.apiKey }),
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
      },
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
        clearInterval(reconcileTimer);
        // Requests in flight finish (and their dispatch with them) before anything stops.
        await server.close();
        await Promise.all([workers.stop(), deadLetters.stop(), webhookLoop.stop()]);
        for (const c of [dynamo, sqs, s3, cognito, deps.ddb, deps.s3, deps.sqs]) c.destroy();
        await stopServices();
      },
    };
  } catch (error) {
    await stopServices();
    throw error;
  }
}
