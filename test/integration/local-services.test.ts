/**
 * Proves that each emulator started by the global setup really does what the service relies
 * on, through the same SDK calls the handlers make, and that the on-disk modes of `npm start`
 * keep their data across a restart.
 */
import { createPublicKey, randomUUID, verify } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminConfirmSignUpCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  ensureBucket,
  ensureQueues,
  ensureTable,
  ensureUser,
  ensureUserPool,
} from '../../local/provision.ts';
import { startDynamoDbLocal } from '../../local/services/dynamodb.ts';
import { startLocalServices } from '../../local/services/index.ts';

const stack = inject('localStack');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const region = stack.region;
const suffix = randomUUID().slice(0, 8);

const clients = {
  dynamo: new DynamoDBClient({ region, credentials, endpoint: stack.endpoints.dynamodb }),
  sqs: new SQSClient({ region, credentials, endpoint: stack.endpoints.sqs }),
  s3: new S3Client({ region, credentials, endpoint: stack.endpoints.s3, forcePathStyle: true }),
  cognito: new CognitoIdentityProviderClient({ region, credentials, endpoint: stack.endpoints.cognito }),
};
const doc = DynamoDBDocumentClient.from(clients.dynamo);
afterAll(() => {
  for (const client of Object.values(clients)) client.destroy();
});

function decodeJwt(token: string) {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw new Error('not a JWT');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
    signed: Buffer.from(`${header}.${payload}`),
    signature: Buffer.from(signature, 'base64url'),
  };
}

describe('DynamoDB Local', () => {
  const table = `adgen-svc-${suffix}`;

  it('creates the table of table-design.ts, idempotently, with both GSIs and TTL', async () => {
    await ensureTable(clients.dynamo, table);
    await ensureTable(clients.dynamo, table);
    const { Table } = await clients.dynamo.send(new DescribeTableCommand({ TableName: table }));
    expect(Table?.TableStatus).toBe('ACTIVE');
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(Table?.BillingModeSummary?.BillingMode).toBe('PAY_PER_REQUEST');
    const indexes = (Table?.GlobalSecondaryIndexes ?? []).map((i) => [
      i.IndexName,
      i.Projection?.ProjectionType,
    ]);
    expect(indexes.sort()).toEqual([
      ['gsi1', 'ALL'],
      ['gsi2', 'ALL'],
    ]);
    const ttl = await clients.dynamo.send(new DescribeTimeToLiveCommand({ TableName: table }));
    expect(ttl.TimeToLiveDescription).toMatchObject({ AttributeName: 'ttl', TimeToLiveStatus: 'ENABLED' });
  });

  it('does conditional writes and transactions, and refuses a failed condition', async () => {
    const account = { pk: 'ACCOUNT#a1', sk: 'CREDITS', available: 5, reserved: 0 };
    await doc.send(
      new PutCommand({ TableName: table, Item: account, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
    await expect(
      doc.send(
        new PutCommand({ TableName: table, Item: account, ConditionExpression: 'attribute_not_exists(pk)' }),
      ),
    ).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });

    const reserve = (jobId: string, jobs: number) =>
      doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: table,
                Key: { pk: 'ACCOUNT#a1', sk: 'CREDITS' },
                UpdateExpression: 'SET available = available - :n, reserved = reserved + :n',
                ConditionExpression: 'available >= :n',
                ExpressionAttributeValues: { ':n': jobs },
              },
            },
            {
              Put: {
                TableName: table,
                Item: { pk: 'ACCOUNT#a1', sk: `JOB#${jobId}`, gsi1pk: 'JOBS', gsi1sk: jobId, jobs },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
          ],
        }),
      );
    await reserve('j1', 3);
    const failed = await reserve('j2', 3).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(TransactionCanceledException);
    expect((failed as TransactionCanceledException).CancellationReasons?.map((r) => r.Code)).toEqual([
      'ConditionalCheckFailed',
      'None',
    ]);

    const { Item } = await doc.send(
      new GetCommand({ TableName: table, Key: { pk: 'ACCOUNT#a1', sk: 'CREDITS' } }),
    );
    expect(Item).toMatchObject({ available: 2, reserved: 3 });
    const byIndex = await doc.send(
      new QueryCommand({
        TableName: table,
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :p',
        ExpressionAttributeValues: { ':p': 'JOBS' },
      }),
    );
    expect(byIndex.Items?.map((i) => i.sk)).toEqual(['JOB#j1']);
  });

  it('reports a start that fails with the child’s own output', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, resolve));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await expect(startDynamoDbLocal({ port, startTimeoutMs: 30_000 })).rejects.toThrow(/BindException/);
    } finally {
      blocker.close();
    }
  });
});

describe('SQS emulator', () => {
  const settings = {
    queueName: `adgen-svc-${suffix}`,
    dlqName: `adgen-svc-dlq-${suffix}`,
    maxReceiveCount: 2,
    visibilityTimeoutSeconds: 30,
  };

  it('creates the queue pair idempotently, with AWS-shaped URLs and the redrive policy', async () => {
    const first = await ensureQueues(clients.sqs, settings);
    const again = await ensureQueues(clients.sqs, settings);
    expect(again).toEqual(first);
    expect(first.queueUrl).toMatch(new RegExp(`/000000000000/${settings.queueName}$`));
    expect(first.dlqArn).toBe(`arn:aws:sqs:${region}:000000000000:${settings.dlqName}`);
    const { Attributes } = await clients.sqs.send(
      new GetQueueAttributesCommand({ QueueUrl: first.queueUrl, AttributeNames: ['All'] }),
    );
    expect(Attributes?.VisibilityTimeout).toBe('30');
    expect(JSON.parse(Attributes?.RedrivePolicy ?? '{}')).toMatchObject({
      deadLetterTargetArn: first.dlqArn,
      maxReceiveCount: 2,
    });
  });

  it('sends in batches, receives, deletes and changes visibility', async () => {
    const { queueUrl } = await ensureQueues(clients.sqs, settings);
    const sent = await clients.sqs.send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl,
        Entries: [
          { Id: 'a', MessageBody: JSON.stringify({ slot: 'a' }) },
          { Id: 'b', MessageBody: JSON.stringify({ slot: 'b' }) },
        ],
      }),
    );
    expect(sent.Successful).toHaveLength(2);
    const got = await clients.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10, WaitTimeSeconds: 1 }),
    );
    expect(got.Messages?.map((m) => m.Body).sort()).toEqual(['{"slot":"a"}', '{"slot":"b"}']);
    for (const m of got.Messages ?? []) {
      await clients.sqs.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: queueUrl,
          ReceiptHandle: m.ReceiptHandle,
          VisibilityTimeout: 60,
        }),
      );
      await clients.sqs.send(
        new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: m.ReceiptHandle }),
      );
    }
    const empty = await clients.sqs.send(
      new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10 }),
    );
    expect(empty.Messages ?? []).toEqual([]);
  });

  it('moves a message to the DLQ after maxReceiveCount receives', async () => {
    const { queueUrl, dlqUrl } = await ensureQueues(clients.sqs, settings);
    await clients.sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'poison' }));
    for (let receive = 1; receive <= settings.maxReceiveCount; receive += 1) {
      const got = await clients.sqs.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MessageSystemAttributeNames: ['ApproximateReceiveCount'],
        }),
      );
      const message = got.Messages?.[0];
      expect(message?.Attributes?.ApproximateReceiveCount).toBe(String(receive));
      // A failed attempt: make it visible again at once instead of waiting out the timeout.
      await clients.sqs.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: queueUrl,
          ReceiptHandle: message?.ReceiptHandle,
          VisibilityTimeout: 0,
        }),
      );
    }
    const beyond = await clients.sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl }));
    expect(beyond.Messages ?? []).toEqual([]);
    const dead = await clients.sqs.send(new ReceiveMessageCommand({ QueueUrl: dlqUrl, WaitTimeSeconds: 1 }));
    expect(dead.Messages?.map((m) => m.Body)).toEqual(['poison']);
  });
});

describe('S3 emulator', () => {
  const bucket = `adgen-svc-${suffix}`;
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 254, 255]);

  it('stores objects and serves them through a presigned GET to plain fetch', async () => {
    await ensureBucket(clients.s3, bucket);
    await ensureBucket(clients.s3, bucket);
    const key = 'acct/campaign/job/slot 1.png';
    await clients.s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: key, Body: png, ContentType: 'image/png' }),
    );

    const head = await clients.s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    expect(head).toMatchObject({ ContentType: 'image/png', ContentLength: png.length });
    const listed = await clients.s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'acct/' }));
    expect(listed.Contents?.map((o) => [o.Key, o.Size])).toEqual([[key, png.length]]);

    const url = await getSignedUrl(clients.s3, new GetObjectCommand({ Bucket: bucket, Key: key }), {
      expiresIn: 600,
    });
    expect(url.startsWith(`${stack.endpoints.s3}/${bucket}/`)).toBe(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });
});

describe('cognito-local', () => {
  const names = { poolName: `adgen-svc-${suffix}`, clientName: `adgen-svc-client-${suffix}` };

  it('finds the pool and client again instead of making duplicates', async () => {
    const first = await ensureUserPool(clients.cognito, names);
    expect(await ensureUserPool(clients.cognito, names)).toEqual(first);
  });

  it('signs up, confirms and logs in, giving a JWT that its JWKS verifies', async () => {
    const { userPoolId, clientId } = await ensureUserPool(clients.cognito, names);
    const username = `signup-${suffix}@example.com`;
    const password = 'Aa1!correct-horse-battery';
    await clients.cognito.send(
      new SignUpCommand({
        ClientId: clientId,
        Username: username,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: username }],
      }),
    );
    await clients.cognito.send(new AdminConfirmSignUpCommand({ UserPoolId: userPoolId, Username: username }));
    const auth = await clients.cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    const accessToken = auth.AuthenticationResult?.AccessToken ?? '';
    const jwt = decodeJwt(accessToken);
    const issuer = `${stack.cognitoIssuerBase}/${userPoolId}`;
    expect(jwt.header).toMatchObject({ alg: 'RS256', kid: 'CognitoLocal' });
    expect(jwt.payload).toMatchObject({ iss: issuer, token_use: 'access', client_id: clientId });
    expect(String(jwt.payload.iss).startsWith(stack.cognitoIssuerBase)).toBe(true);

    const user = await clients.cognito.send(
      new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }),
    );
    expect(jwt.payload.sub).toBe(user.UserAttributes?.find((a) => a.Name === 'sub')?.Value);

    const jwksResponse = await fetch(`${issuer}/.well-known/jwks.json`);
    expect(jwksResponse.status).toBe(200);
    const { keys } = (await jwksResponse.json()) as { keys: Array<Record<string, string>> };
    const jwk = keys.find((k) => k.kid === jwt.header.kid);
    expect(jwk).toBeDefined();
    const key = createPublicKey({ key: jwk as import('node:crypto').JsonWebKey, format: 'jwk' });
    expect(verify('RSA-SHA256', jwt.signed, key, jwt.signature)).toBe(true);
  });

  it('makes a confirmed user with a permanent password, idempotently', async () => {
    const { userPoolId, clientId } = await ensureUserPool(clients.cognito, names);
    const username = `seeded-${suffix}@example.com`;
    const first = await ensureUser(clients.cognito, { userPoolId, username, password: 'Aa1!first-password' });
    const second = await ensureUser(clients.cognito, {
      userPoolId,
      username,
      password: 'Aa1!second-password',
    });
    expect(second.sub).toBe(first.sub);
    const user = await clients.cognito.send(
      new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }),
    );
    expect(user.UserStatus).toBe('CONFIRMED');
    const auth = await clients.cognito.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: 'Aa1!second-password' },
      }),
    );
    expect(auth.ChallengeName).toBeUndefined();
    expect(auth.AuthenticationResult?.AccessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});

describe('npm start data directory', () => {
  it('keeps tables, queued messages, objects and users across a restart', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'adgen-restart-'));
    const names = { table: 'adgen', bucket: 'adgen-creatives', queue: 'work', dlq: 'work-dlq' };
    const pool = { poolName: 'adgen-local', clientName: 'adgen-local-client' };
    const queueSettings = {
      queueName: names.queue,
      dlqName: names.dlq,
      maxReceiveCount: 5,
      visibilityTimeoutSeconds: 30,
    };
    const open = (services: Awaited<ReturnType<typeof startLocalServices>>) => {
      const { endpoints } = services;
      const c = {
        dynamo: new DynamoDBClient({ region, credentials, endpoint: endpoints.dynamodb }),
        sqs: new SQSClient({ region, credentials, endpoint: endpoints.sqs }),
        s3: new S3Client({ region, credentials, endpoint: endpoints.s3, forcePathStyle: true }),
        cognito: new CognitoIdentityProviderClient({ region, credentials, endpoint: endpoints.cognito }),
      };
      return {
        ...c,
        doc: DynamoDBDocumentClient.from(c.dynamo),
        close: () => {
          for (const client of Object.values(c)) client.destroy();
        },
      };
    };
    try {
      // First run: provision and write one of everything.
      let services = await startLocalServices({ dataDir, region });
      let c = open(services);
      let firstPool: Awaited<ReturnType<typeof ensureUserPool>>;
      try {
        await ensureTable(c.dynamo, names.table);
        await c.doc.send(new PutCommand({ TableName: names.table, Item: { pk: 'P', sk: 'S', n: 1 } }));
        await ensureBucket(c.s3, names.bucket);
        await c.s3.send(
          new PutObjectCommand({
            Bucket: names.bucket,
            Key: 'a/b.png',
            Body: Buffer.from('png!'),
            ContentType: 'image/png',
          }),
        );
        const { queueUrl } = await ensureQueues(c.sqs, queueSettings);
        await c.sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'waiting' }));
        await c.sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: 'retried' }));
        const got = await c.sqs.send(
          new ReceiveMessageCommand({ QueueUrl: queueUrl, MaxNumberOfMessages: 10 }),
        );
        // Back to visible with persistence on (the write that fauxqs 2.4 gets wrong unpatched).
        for (const m of got.Messages ?? []) {
          await c.sqs.send(
            new ChangeMessageVisibilityCommand({
              QueueUrl: queueUrl,
              ReceiptHandle: m.ReceiptHandle,
              VisibilityTimeout: 0,
            }),
          );
        }
        firstPool = await ensureUserPool(c.cognito, pool);
        await ensureUser(c.cognito, {
          userPoolId: firstPool.userPoolId,
          username: 'dev@adgen.local',
          password: 'Aa1!restart-test',
        });
      } finally {
        c.close();
        await services.stop();
      }

      // Second run on the same directory: everything is still there.
      services = await startLocalServices({ dataDir, region });
      c = open(services);
      try {
        await ensureTable(c.dynamo, names.table);
        const { Item } = await c.doc.send(
          new GetCommand({ TableName: names.table, Key: { pk: 'P', sk: 'S' } }),
        );
        expect(Item).toEqual({ pk: 'P', sk: 'S', n: 1 });

        await ensureBucket(c.s3, names.bucket);
        const object = await c.s3.send(new GetObjectCommand({ Bucket: names.bucket, Key: 'a/b.png' }));
        expect(object.ContentType).toBe('image/png');
        expect(await object.Body?.transformToString()).toBe('png!');

        const { queueUrl } = await ensureQueues(c.sqs, queueSettings);
        const got = await c.sqs.send(
          new ReceiveMessageCommand({
            QueueUrl: queueUrl,
            MaxNumberOfMessages: 10,
            MessageSystemAttributeNames: ['ApproximateReceiveCount'],
          }),
        );
        expect(got.Messages?.map((m) => [m.Body, m.Attributes?.ApproximateReceiveCount]).sort()).toEqual([
          ['retried', '2'],
          ['waiting', '2'],
        ]);

        expect(await ensureUserPool(c.cognito, pool)).toEqual(firstPool);
        const auth = await c.cognito.send(
          new InitiateAuthCommand({
            ClientId: firstPool.clientId,
            AuthFlow: 'USER_PASSWORD_AUTH',
            AuthParameters: { USERNAME: 'dev@adgen.local', PASSWORD: 'Aa1!restart-test' },
          }),
        );
        const { payload } = decodeJwt(auth.AuthenticationResult?.AccessToken ?? '');
        // The issuer follows this run's port.
        expect(payload.iss).toBe(`${services.cognitoIssuerBase}/${firstPool.userPoolId}`);
      } finally {
        c.close();
        await services.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
