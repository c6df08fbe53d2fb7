/**
 * Creates what the local stack (and the integration tests) need, idempotently: calling any of
 * these again on the same data changes nothing and returns the same identifiers. They use only
 * the public AWS APIs, so they work against the emulators and against real AWS alike.
 */
import {
  AdminConfirmSignUpCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  type AttributeDefinition,
  CreateTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  type DynamoDBClient,
  type GlobalSecondaryIndex,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import {
  CreateBucketCommand,
  type CreateBucketCommandInput,
  HeadBucketCommand,
  PutBucketCorsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  GetQueueUrlCommand,
  SetQueueAttributesCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { tableDesign } from '#core/db/table-design.ts';

const errorName = (error: unknown): string =>
  error && typeof error === 'object' && 'name' in error ? String(error.name) : '';

const httpStatus = (error: unknown): number | undefined =>
  error && typeof error === 'object' && '$metadata' in error
    ? (error.$metadata as { httpStatusCode?: number } | undefined)?.httpStatusCode
    : undefined;

// ---------------------------------------------------------------------------------- DynamoDB

function indexDefinition(index: (typeof tableDesign.globalSecondaryIndexes)[number]): GlobalSecondaryIndex {
  return {
    IndexName: index.indexName,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' },
      { AttributeName: index.sortKey, KeyType: 'RANGE' },
    ],
    Projection: { ProjectionType: 'ALL' },
  };
}

function attributeDefinitions(): AttributeDefinition[] {
  const names = [
    tableDesign.partitionKey,
    tableDesign.sortKey,
    ...tableDesign.globalSecondaryIndexes.flatMap((i) => [i.partitionKey, i.sortKey]),
  ];
  return [...new Set<string>(names)].map((AttributeName) => ({ AttributeName, AttributeType: 'S' }));
}

async function waitForTable(client: DynamoDBClient, tableName: string, maxWaitTime: number): Promise<void> {
  await waitUntilTableExists({ client, maxWaitTime, minDelay: 1, maxDelay: 2 }, { TableName: tableName });
  // Also wait for indexes being added to an existing table.
  const deadline = Date.now() + maxWaitTime * 1000;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const busy = Table?.GlobalSecondaryIndexes?.some((i) => i.IndexStatus && i.IndexStatus !== 'ACTIVE');
    if (Table?.TableStatus === 'ACTIVE' && !busy) return;
    if (Date.now() > deadline) throw new Error(`Table ${tableName} is not ACTIVE after ${maxWaitTime} s.`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The single table of `table-design.ts`: pk/sk strings, gsi1 and gsi2 (projection ALL),
 * on-demand billing, TTL on `ttl`. An existing table keeps its data; indexes it lacks are added.
 */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
  options: { maxWaitSeconds?: number } = {},
): Promise<void> {
  const maxWait = options.maxWaitSeconds ?? 60;
  try {
    await client.send(
      new CreateTableCommand({
        TableName: tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: attributeDefinitions(),
        KeySchema: [
          { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
          { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: tableDesign.globalSecondaryIndexes.map(indexDefinition),
      }),
    );
  } catch (error) {
    if (errorName(error) !== 'ResourceInUseException') throw error;
  }
  await waitForTable(client, tableName, maxWait);

  // A table made by an older version of the design: add the indexes it lacks, one at a time
  // (DynamoDB accepts one index creation per UpdateTable).
  const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
  const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  for (const index of tableDesign.globalSecondaryIndexes) {
    if (existing.has(index.indexName)) continue;
    await client.send(
      new UpdateTableCommand({
        TableName: tableName,
        AttributeDefinitions: attributeDefinitions(),
        GlobalSecondaryIndexUpdates: [{ Create: indexDefinition(index) }],
      }),
    );
    await waitForTable(client, tableName, maxWait);
  }

  try {
    const ttl = await client.send(new DescribeTimeToLiveCommand({ TableName: tableName }));
    const status = ttl.TimeToLiveDescription?.TimeToLiveStatus;
    if (status !== 'ENABLED' && status !== 'ENABLING') {
      await client.send(
        new UpdateTimeToLiveCommand({
          TableName: tableName,
          TimeToLiveSpecification: { AttributeName: tableDesign.timeToLiveAttribute, Enabled: true },
        }),
      );
    }
  } catch (error) {
    // An emulator without TTL: items just never expire there.
    if (!['UnknownOperationException', 'NotImplemented', 'ValidationException'].includes(errorName(error))) {
      throw error;
    }
  }
}

// ---------------------------------------------------------------------------------- SQS

export type QueueSettings = {
  queueName: string;
  dlqName: string;
  /** Receives before SQS moves a message to the DLQ. */
  maxReceiveCount: number;
  visibilityTimeoutSeconds: number;
};

export type Queues = { queueUrl: string; dlqUrl: string; dlqArn: string };

/** CreateQueue, or, if the queue exists with other settings, GetQueueUrl + SetQueueAttributes. */
async function ensureQueue(
  sqs: SQSClient,
  name: string,
  attributes: Record<string, string>,
): Promise<string> {
  try {
    const { QueueUrl } = await sqs.send(new CreateQueueCommand({ QueueName: name, Attributes: attributes }));
    if (QueueUrl) return QueueUrl;
  } catch (error) {
    if (!['QueueNameExists', 'QueueAlreadyExists'].includes(errorName(error))) throw error;
  }
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: name }));
  if (!QueueUrl) throw new Error(`Queue ${name} has no URL.`);
  await sqs.send(new SetQueueAttributesCommand({ QueueUrl, Attributes: attributes }));
  return QueueUrl;
}

/** The work queue and its dead-letter queue (14 days' retention), wired by a RedrivePolicy. */
export async function ensureQueues(sqs: SQSClient, settings: QueueSettings): Promise<Queues> {
  const dlqUrl = await ensureQueue(sqs, settings.dlqName, { MessageRetentionPeriod: String(14 * 24 * 3600) });
  const { Attributes } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl: dlqUrl, AttributeNames: ['QueueArn'] }),
  );
  const dlqArn = Attributes?.QueueArn;
  if (!dlqArn) throw new Error(`Queue ${settings.dlqName} has no ARN.`);
  const queueUrl = await ensureQueue(sqs, settings.queueName, {
    VisibilityTimeout: String(settings.visibilityTimeoutSeconds),
    RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlqArn, maxReceiveCount: settings.maxReceiveCount }),
  });
  return { queueUrl, dlqUrl, dlqArn };
}

// ---------------------------------------------------------------------------------- S3

/**
 * The bucket, plus a CORS rule allowing GET from any origin (so a browser page can fetch
 * presigned URLs). The local emulator accepts the CORS call but does not apply it.
 */
export async function ensureBucket(s3: S3Client, bucketName: string): Promise<void> {
  let exists = true;
  try {
    await s3.send(new HeadBucketCommand({ Bucket: bucketName }));
  } catch (error) {
    if (httpStatus(error) !== 404 && !['NotFound', 'NoSuchBucket'].includes(errorName(error))) throw error;
    exists = false;
  }
  if (!exists) {
    const region = await s3.config.region();
    const input: CreateBucketCommandInput = { Bucket: bucketName };
    if (region && region !== 'us-east-1') {
      input.CreateBucketConfiguration = {
        LocationConstraint: region as NonNullable<
          CreateBucketCommandInput['CreateBucketConfiguration']
        >['LocationConstraint'],
      };
    }
    try {
      await s3.send(new CreateBucketCommand(input));
    } catch (error) {
      if (errorName(error) !== 'BucketAlreadyOwnedByYou') throw error;
    }
  }
  try {
    await s3.send(
      new PutBucketCorsCommand({
        Bucket: bucketName,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedMethods: ['GET', 'HEAD'],
              AllowedOrigins: ['*'],
              AllowedHeaders: ['*'],
              MaxAgeSeconds: 3600,
            },
          ],
        },
      }),
    );
  } catch (error) {
    if (!['NotImplemented', 'MethodNotAllowed'].includes(errorName(error))) throw error;
  }
}

// ---------------------------------------------------------------------------------- Cognito

export type UserPool = { userPoolId: string; clientId: string };

async function findPoolId(
  cognito: CognitoIdentityProviderClient,
  poolName: string,
): Promise<string | undefined> {
  let NextToken: string | undefined;
  do {
    const page = await cognito.send(new ListUserPoolsCommand({ MaxResults: 60, NextToken }));
    const found = page.UserPools?.find((p) => p.Name === poolName)?.Id;
    if (found) return found;
    NextToken = page.NextToken;
  } while (NextToken);
  return undefined;
}

async function findClientId(
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  clientName: string,
): Promise<string | undefined> {
  let NextToken: string | undefined;
  do {
    const page = await cognito.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60, NextToken }),
    );
    const found = page.UserPoolClients?.find((c) => c.ClientName === clientName)?.ClientId;
    if (found) return found;
    NextToken = page.NextToken;
  } while (NextToken);
  return undefined;
}

/**
 * A user pool and a public app client (no secret) that allows USER_PASSWORD_AUTH, found by
 * name if they exist (so restarts on the same data reuse them), created otherwise.
 */
export async function ensureUserPool(
  cognito: CognitoIdentityProviderClient,
  names: { poolName: string; clientName: string },
): Promise<UserPool> {
  let userPoolId = await findPoolId(cognito, names.poolName);
  if (!userPoolId) {
    const created = await cognito.send(
      new CreateUserPoolCommand({
        PoolName: names.poolName,
        Policies: {
          PasswordPolicy: {
            MinimumLength: 12,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          },
        },
      }),
    );
    userPoolId = created.UserPool?.Id;
    if (!userPoolId) throw new Error('CreateUserPool answered no pool id.');
  }
  let clientId = await findClientId(cognito, userPoolId, names.clientName);
  if (!clientId) {
    const created = await cognito.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: names.clientName,
        GenerateSecret: false,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    clientId = created.UserPoolClient?.ClientId;
    if (!clientId) throw new Error('CreateUserPoolClient answered no client id.');
  }
  return { userPoolId, clientId };
}

/**
 * A confirmed user with this permanent password (set again on every call, so the password in
 * the caller's settings always works). Returns the user's `sub`.
 */
export async function ensureUser(
  cognito: CognitoIdentityProviderClient,
  user: { userPoolId: string; username: string; password: string },
): Promise<{ sub: string | undefined }> {
  const { userPoolId: UserPoolId, username: Username, password: Password } = user;
  let found = true;
  try {
    await cognito.send(new AdminGetUserCommand({ UserPoolId, Username }));
  } catch (error) {
    if (errorName(error) !== 'UserNotFoundException') throw error;
    found = false;
  }
  if (!found) {
    const isEmail = Username.includes('@');
    await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId,
        Username,
        MessageAction: 'SUPPRESS',
        UserAttributes: isEmail
          ? [
              { Name: 'email', Value: Username },
              { Name: 'email_verified', Value: 'true' },
            ]
          : undefined,
      }),
    );
  }
  await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId, Username, Password, Permanent: true }));
  const after = await cognito.send(new AdminGetUserCommand({ UserPoolId, Username }));
  if (after.UserStatus === 'UNCONFIRMED') {
    await cognito.send(new AdminConfirmSignUpCommand({ UserPoolId, Username }));
  }
  return { sub: after.UserAttributes?.find((a) => a.Name === 'sub')?.Value };
}
