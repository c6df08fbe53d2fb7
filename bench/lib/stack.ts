import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Logger } from '@aws-lambda-powertools/logger';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { createApiHandler } from '#api/app.ts';
import { createAwsClients } from '#core/aws.ts';
import { type Config, loadConfig } from '#core/config.ts';
import { createDeps, type Deps } from '#core/deps.ts';
import { startApiServer } from '#local/api-server.ts';
import { ensureBucket, ensureQueues, ensureTable } from '#local/provision.ts';
import { ensureAccountWithKey } from '#local/seed.ts';
import { startLocalServices } from '#local/services/index.ts';
import { Meter } from './meter.ts';

export const silent = new Logger({ serviceName: 'adgen-bench', logLevel: 'SILENT' });

export type BenchStack = {
  url: string;
  apiKey: string;
  accountId: string;
  config: Config;
  /** The router's dependencies: the SDK clients the HTTP front's handler uses (also the floor's). */
  routerDeps: Deps;
  /** Separate clients for the generation workers, so their calls are counted apart. */
  workerDeps: Deps;
  queueUrl: string;
  dlqUrl: string;
  meter: Meter;
  /** Handler durations (the part Lambda bills) by label, recorded while `label` is set. */
  handlerMs: Map<string, number[]>;
  setHandlerLabel(label: string | undefined): void;
  /**
   * The floors by action: a request with the header `x-bench-floor: <action>` is answered by
   * that floor alone (its DynamoDB calls, then 200 and an empty object) instead of the router,
   * by the same HTTP front, so a floor is served exactly as the router is.
   */
  setFloors(floors: Record<string, () => Promise<unknown>>): void;
  call<T = Record<string, unknown>>(
    action: string,
    fields?: Record<string, unknown>,
  ): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
};

type Services = Awaited<ReturnType<typeof startLocalServices>>;
type Destroyable = { destroy(): void };

/** The table, bucket and queues on the emulators, and the configuration that names them. */
async function provision(services: Services, credits: number, admin: Destroyable[]) {
  const { region, endpoints } = services;
  const dynamo = new DynamoDBClient({ region, endpoint: endpoints.dynamodb });
  const sqs = new SQSClient({ region, endpoint: endpoints.sqs });
  const s3 = new S3Client({ region, endpoint: endpoints.s3, forcePathStyle: true });
  admin.push(dynamo, sqs, s3);
  const tableName = 'adgen-bench';
  const bucketName = 'adgen-bench-creatives';
  await ensureTable(dynamo, tableName);
  await ensureBucket(s3, bucketName);
  const queues = await ensureQueues(sqs, {
    queueName: 'adgen-bench-generate',
    dlqName: 'adgen-bench-generate-dlq',
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 120,
  });
  const config = loadConfig({
    AWS_REGION: region,
    TABLE_NAME: tableName,
    BUCKET_NAME: bucketName,
    QUEUE_URL: queues.queueUrl,
    ADGEN_ENV: 'bench',
    ADGEN_DEFAULT_CREDITS: String(credits),
    SLOT_LEASE_SECONDS: '90',
    IMAGE_PROVIDER: 'template',
    TEXT_PROVIDER: 'heuristic',
    LOG_LEVEL: 'SILENT',
    DYNAMODB_ENDPOINT: endpoints.dynamodb,
    SQS_ENDPOINT: endpoints.sqs,
    S3_ENDPOINT: endpoints.s3,
    COGNITO_ENDPOINT: endpoints.cognito,
  });
  return { config, queues };
}

/** Router and worker dependencies on their own SDK clients, each call counted by the meter. */
function meteredDeps(config: ReturnType<typeof loadConfig>, meter: Meter, clients: Destroyable[]) {
  const routerClients = createAwsClients(config);
  const workerClients = createAwsClients(config);
  clients.push(routerClients.ddb, routerClients.s3, routerClients.sqs);
  clients.push(workerClients.ddb, workerClients.s3, workerClients.sqs);
  meter.attach(routerClients.ddb, 'router', 'dynamodb');
  meter.attach(routerClients.sqs, 'router', 'sqs');
  meter.attach(workerClients.ddb, 'worker', 'dynamodb');
  meter.attach(workerClients.s3, 'worker', 's3');
  meter.attach(workerClients.sqs, 'worker', 'sqs');
  return { routerDeps: createDeps(config, routerClients), workerDeps: createDeps(config, workerClients) };
}

/**
 * The router's handler, timed per label (handler time without the HTTP front), with named
 * floors: a request carrying `x-bench-floor` runs that floor instead of an action.
 */
function timedHandler(inner: ReturnType<typeof createApiHandler>) {
  const handlerMs = new Map<string, number[]>();
  let label: string | undefined;
  let floors: Record<string, () => Promise<unknown>> = {};
  const handler = async (event: APIGatewayProxyEvent, context: Context) => {
    const floorName = event.headers?.['x-bench-floor'];
    if (floorName !== undefined) {
      const floor = floors[floorName];
      if (!floor) return { statusCode: 404, headers: {}, body: '{}' };
      await floor();
      return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{}' };
    }
    const current = label;
    const started = performance.now();
    const result = await inner(event, context);
    if (current) {
      const list = handlerMs.get(current) ?? [];
      handlerMs.set(current, list);
      list.push(performance.now() - started);
    }
    return result;
  };
  return {
    handler,
    handlerMs,
    setHandlerLabel: (next: string | undefined) => {
      label = next;
    },
    setFloors: (next: Record<string, () => Promise<unknown>>) => {
      floors = next;
    },
  };
}

/** One action over HTTP with the bench account's key; a body that is not JSON is an error. */
function apiCaller(url: string, apiKey: string) {
  return async <T>(action: string, fields: Record<string, unknown> = {}) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body: JSON.stringify({ action, ...fields }),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let body: T;
    try {
      body = JSON.parse(text) as T;
    } catch {
      throw new Error(`${action} answered ${res.status} with a body that is not JSON`);
    }
    return { status: res.status, body };
  };
}

/**
 * The local stack the way `npm start` composes it (emulators on a data directory, the table,
 * bucket and queues provisioned, the real router behind the real local HTTP front), with an
 * account that has credits and an API key. Workers are started per pipeline run.
 */
export async function startBenchStack(dataDir: string, options: { credits: number }): Promise<BenchStack> {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  process.env.AWS_EC2_METADATA_DISABLED ??= 'true';
  const services = await startLocalServices({ dataDir: join(dataDir, 'emulators'), region: 'us-east-1' });
  const admin: Destroyable[] = [];
  const clients: Destroyable[] = [];
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  try {
    const { config, queues } = await provision(services, options.credits, admin);
    const meter = new Meter();
    const { routerDeps, workerDeps } = meteredDeps(config, meter, clients);
    const seeded = await ensureAccountWithKey(routerDeps, randomUUID(), {
      startingCredits: options.credits,
      keyName: 'bench',
    });
    const timed = timedHandler(createApiHandler(routerDeps, silent));
    server = await startApiServer({ port: 0, handler: timed.handler });
    const openServer = server;
    return {
      url: server.url,
      apiKey: seeded.apiKey,
      accountId: seeded.accountId,
      config,
      routerDeps,
      workerDeps,
      queueUrl: queues.queueUrl,
      dlqUrl: queues.dlqUrl,
      meter,
      handlerMs: timed.handlerMs,
      setHandlerLabel: timed.setHandlerLabel,
      setFloors: timed.setFloors,
      call: apiCaller(server.url, seeded.apiKey),
      stop: async () => {
        await openServer.close().catch(() => undefined);
        for (const c of [...clients, ...admin]) c.destroy();
        await services.stop();
      },
    };
  } catch (error) {
    await server?.close().catch(() => undefined);
    for (const c of [...clients, ...admin]) c.destroy();
    await services.stop().catch(() => undefined);
    throw error;
  }
}
