import { randomUUID } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { createApiHandler } from '#api/app.ts';
import type { UserTokenVerifier } from '#core/auth/user-token.ts';
import { createAwsClients } from '#core/aws.ts';
import { createRouterClients } from '#core/aws-deferred.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps, type Deps } from '#core/deps.ts';
import { startApiServer } from '#local/api-server.ts';
import { ensureBucket, ensureQueues, ensureTable } from '#local/provision.ts';
import { ensureAccountWithKey } from '#local/seed.ts';

export type CallResult = { status: number; body: any; text: string; headers: Headers };

export type TestApi = {
  url: string;
  deps: Deps;
  queueUrl: string;
  dlqUrl: string;
  /** The webhook delivery queue, when started with `webhooks: true`. */
  webhookQueueUrl: string | undefined;
  /** The API key of the account every test starts with. */
  apiKey: string;
  accountId: string;
  call(
    action: string,
    fields?: Record<string, unknown>,
    auth?: { apiKey?: string; token?: string },
  ): Promise<CallResult>;
  post(body: string | Buffer, headers?: Record<string, string>): Promise<CallResult>;
  newAccount(startingCredits?: number): Promise<{ accountId: string; apiKey: string }>;
  /** Every item of this test's table (a Scan: tests only, to prove nothing else was written). */
  items(): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
};

/** Credentials the emulators accept; the SDK needs some to sign requests. */
export function useLocalCredentials(): void {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
}

/**
 * The real API handler behind the real local HTTP front, on the emulators that the global setup
 * started once for the run. Each call gets its own table, bucket and queue, so test files never
 * see each other's data.
 */
export async function startTestApi(
  options: {
    verifyUserToken?: UserTokenVerifier;
    env?: Record<string, string>;
    /**
     * `deferred`: the router gets the Lambda's clients (`createRouterClients`: S3 and SQS built
     * on first use); the test's own `deps` keep the eager ones. @default 'eager'
     */
    routerClients?: 'eager' | 'deferred';
    /** Also a webhook delivery queue (WEBHOOK_QUEUE_URL), for the webhook tests. */
    webhooks?: boolean;
  } = {},
): Promise<TestApi> {
  useLocalCredentials();
  const stack = inject('localStack');
  const suffix = randomUUID().slice(0, 8);
  const region = stack.region;
  const dynamo = new DynamoDBClient({ region, endpoint: stack.endpoints.dynamodb });
  const sqs = new SQSClient({ region, endpoint: stack.endpoints.sqs });
  const s3 = new S3Client({ region, endpoint: stack.endpoints.s3, forcePathStyle: true });
  const tableName = `adgen-test-${suffix}`;
  const bucketName = `adgen-test-${suffix}`;
  await ensureTable(dynamo, tableName);
  await ensureBucket(s3, bucketName);
  const queues = await ensureQueues(sqs, {
    queueName: `adgen-generate-${suffix}`,
    dlqName: `adgen-generate-dlq-${suffix}`,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 60,
  });
  const webhookQueues = options.webhooks
    ? await ensureQueues(sqs, {
        queueName: `adgen-webhooks-${suffix}`,
        dlqName: `adgen-webhooks-dlq-${suffix}`,
        maxReceiveCount: 5,
        visibilityTimeoutSeconds: 60,
      })
    : undefined;
  const config = loadConfig({
    ...(webhookQueues ? { WEBHOOK_QUEUE_URL: webhookQueues.queueUrl } : {}),
    AWS_REGION: region,
    TABLE_NAME: tableName,
    BUCKET_NAME: bucketName,
    QUEUE_URL: queues.queueUrl,
    ADGEN_ENV: 'test',
    ADGEN_DEFAULT_CREDITS: '100',
    DYNAMODB_ENDPOINT: stack.endpoints.dynamodb,
    SQS_ENDPOINT: stack.endpoints.sqs,
    S3_ENDPOINT: stack.endpoints.s3,
    COGNITO_ENDPOINT: stack.endpoints.cognito,
    REVIEW_LINK_SECRET: `test-review-links-${suffix}`,
    ...options.env,
  });
  const deps = createDeps(config, createAwsClients(config));
  const routerDeps =
    options.routerClients === 'deferred' ? createDeps(config, createRouterClients(config)) : deps;
  const logger = new Logger({ serviceName: 'adgen-api-test', logLevel: 'SILENT' });
  const server = await startApiServer({
    port: 0,
    handler: createApiHandler(
      {
        ...routerDeps,
        verifyUserToken: options.verifyUserToken,
      },
      logger,
    ),
  });

  const newAccount = async (startingCredits?: number) =>
    ensureAccountWithKey(deps, randomUUID(), { startingCredits, keyName: 'test' });
  const first = await newAccount();

  const post = async (body: string | Buffer, headers: Record<string, string> = {}): Promise<CallResult> => {
    const res = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed, text, headers: res.headers };
  };

  return {
    url: server.url,
    deps,
    queueUrl: queues.queueUrl,
    dlqUrl: queues.dlqUrl,
    webhookQueueUrl: webhookQueues?.queueUrl,
    apiKey: first.apiKey,
    accountId: first.accountId,
    call: (action, fields = {}, auth = { apiKey: first.apiKey }) => {
      const headers: Record<string, string> = {};
      if (auth.apiKey) headers['x-api-key'] = auth.apiKey;
      if (auth.token) headers.authorization = `Bearer ${auth.token}`;
      return post(JSON.stringify({ action, ...fields }), headers);
    },
    post,
    newAccount,
    items: async () => {
      const items: Record<string, unknown>[] = [];
      let start: Record<string, unknown> | undefined;
      do {
        const page = await deps.ddb.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
        items.push(...(page.Items ?? []));
        start = page.LastEvaluatedKey;
      } while (start);
      return items;
    },
    close: async () => {
      await server.close();
      if (routerDeps !== deps) for (const c of [routerDeps.ddb, routerDeps.s3, routerDeps.sqs]) c.destroy();
      dynamo.destroy();
      sqs.destroy();
      s3.destroy();
    },
  };
}

export type Credits = { granted: number; available: number; reserved: number; used: number };

/** The account's credits as get_credits answers them (a failed read fails the test). */
export async function creditsOf(api: TestApi, account: { apiKey: string }): Promise<Credits> {
  const res = await api.call('get_credits', {}, { apiKey: account.apiKey });
  if (res.status !== 200) throw new Error(`get_credits answered ${res.status}: ${res.text}`);
  return res.body.credits as Credits;
}
