import type { CfnResource } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#core/config.ts';
import { buildApp } from '#lib/app.ts';
import { DEFAULT_BUNDLING } from '#lib/constructs/node-function.ts';
import type { StatelessStack } from '#lib/stateless-stack.ts';
import cdkJson from '../../cdk.json' with { type: 'json' };

type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown; Effect: string };

/** The app as `cdk synth` builds it from cdk.json (plus overrides), without bundling the Lambdas. */
function synth(overrides: Record<string, unknown> = {}) {
  const { stateless } = buildApp({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...overrides },
    nagChecks: false,
  });
  return { stack: stateless, template: Template.fromStack(stateless) };
}

function logicalId(stack: StatelessStack, construct: { node: { defaultChild?: unknown } }): string {
  return stack.getLogicalId(construct.node.defaultChild as CfnResource);
}

/** Every statement of the inline policies attached to one role. */
function statementsOf(template: Template, roleLogicalId: string): Statement[] {
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: Match.arrayWith([{ Ref: roleLogicalId }]) },
  });
  return Object.values(policies).flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}

const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);
const bedrockStatements = (statements: Statement[]) =>
  statements.filter((s) => actionsOf(s).some((a) => a.startsWith('bedrock:')));

/** `arn:<partition>:bedrock:<region>::foundation-model/<id>` as CloudFormation renders it. */
const foundationModelArn = (id: string) => ({
  'Fn::Join': [
    '',
    ['arn:', { Ref: 'AWS::Partition' }, ':bedrock:', { Ref: 'AWS::Region' }, `::foundation-model/${id}`],
  ],
});

let stack: StatelessStack;
let template: Template;
let routerFn: string;
let workerFn: string;
let routerRole: string;
let reconcilerRole: string;
let workerRole: string;

beforeAll(() => {
  ({ stack, template } = synth());
  routerFn = logicalId(stack, stack.router.fn);
  workerFn = logicalId(stack, stack.worker.fn);
  routerRole = logicalId(stack, stack.router.role);
  reconcilerRole = logicalId(stack, stack.reconciler.function.role as never);
  workerRole = logicalId(stack, stack.worker.role);
});

describe('REST API', () => {
  it('has one API method, POST on the root, proxied to the router, body validated; beside it only the review page (GET and POST /review, ADR 0040)', () => {
    template.resourceCountIs('AWS::ApiGateway::Method', 3);
    template.resourceCountIs('AWS::ApiGateway::Resource', 1);
    template.hasResourceProperties('AWS::ApiGateway::Resource', { PathPart: 'review' });
    template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'POST',
      ResourceId: { 'Fn::GetAtt': [Match.anyValue(), 'RootResourceId'] },
      AuthorizationType: 'NONE',
      Integration: {
        Type: 'AWS_PROXY',
        IntegrationHttpMethod: 'POST',
        Uri: Match.objectLike({
          'Fn::Join': ['', Match.arrayWith([{ 'Fn::GetAtt': [routerFn, 'Arn'] }])],
        }),
      },
      RequestValidatorId: { Ref: Match.anyValue() },
      RequestModels: { $default: { Ref: Match.anyValue() } },
    });
    template.hasResourceProperties('AWS::ApiGateway::RequestValidator', { ValidateRequestBody: true });
    template.hasResourceProperties('AWS::ApiGateway::Model', {
      Schema: Match.objectLike({ type: 'object' }),
    });
  });

  it('is regional', () => {
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
  });

  it('deploys stage v1 throttled, with JSON access logs and no body logging', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'v1',
      TracingEnabled: true,
      MethodSettings: [
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: 50,
          ThrottlingBurstLimit: 100,
          LoggingLevel: 'INFO',
          DataTraceEnabled: false,
          MetricsEnabled: true,
        }),
      ],
      AccessLogSetting: {
        DestinationArn: Match.anyValue(),
        Format: Match.serializedJson(
          Match.objectLike({
            requestId: '$context.requestId',
            status: '$context.status',
            ip: Match.anyValue(),
          }),
        ),
      },
    });
    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
  });

  it("answers API Gateway's own errors in the router's envelope", () => {
    const responses = template.findResources('AWS::ApiGateway::GatewayResponse');
    const byType = Object.fromEntries(
      Object.values(responses).map((r) => [
        r.Properties.ResponseType,
        {
          status: r.Properties.StatusCode,
          body: JSON.parse(r.Properties.ResponseTemplates['application/json']),
        },
      ]),
    );
    expect(byType.THROTTLED).toMatchObject({ status: '429', body: { error: { code: 'rate_limited' } } });
    expect(byType.BAD_REQUEST_BODY).toMatchObject({
      status: '400',
      body: { error: { code: 'invalid_json' } },
    });
    expect(byType.MISSING_AUTHENTICATION_TOKEN).toMatchObject({
      status: '405',
      body: { error: { code: 'method_not_allowed' } },
    });
    expect(byType.DEFAULT_5XX).toMatchObject({ body: { error: { code: 'internal_error' } } });
  });

  it('lets only its own methods on stage v1 invoke the router (POST /, GET and POST /review)', () => {
    const permissions = Object.values(template.findResources('AWS::Lambda::Permission'));
    const ofRouter = permissions.filter(
      (p) =>
        JSON.stringify(p.Properties.FunctionName) === JSON.stringify({ 'Fn::GetAtt': [routerFn, 'Arn'] }),
    );
    expect(ofRouter).toHaveLength(3);
    for (const p of ofRouter) expect(p.Properties.Principal).toBe('apigateway.amazonaws.com');
    // The others: the offboarding rule invoking its own function (test/infra/offboarding.test.ts).
    expect(permissions.filter((p) => p.Properties.Principal !== 'events.amazonaws.com')).toHaveLength(3);
    template.hasResourceProperties('AWS::Lambda::Permission', {
      FunctionName: { 'Fn::GetAtt': [routerFn, 'Arn'] },
      Principal: 'apigateway.amazonaws.com',
      SourceArn: { 'Fn::Join': ['', Match.arrayWith(['/POST/'])] },
    });
  });
});

describe('generation queue', () => {
  it('encrypts both queues and redrives to the DLQ after at least 5 receives', () => {
    // The generation queue and its DLQ, and the webhook delivery queue and its DLQ (test/infra/webhooks.test.ts).
    const queues = template.findResources('AWS::SQS::Queue');
    expect(Object.keys(queues)).toHaveLength(4);
    for (const queue of Object.values(queues)) expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
    // Standard queues: SQS fair queues apply to them, keyed by the MessageGroupId (the account)
    // that every slot message is sent with (test/integration/fair-queue.test.ts).
    for (const queue of Object.values(queues)) expect(queue.Properties.FifoQueue).toBeUndefined();
    template.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: { 'Fn::GetAtt': [Match.anyValue(), 'Arn'] }, maxReceiveCount: 5 },
    });
    template.hasResourceProperties('AWS::SQS::Queue', {
      MessageRetentionPeriod: 14 * 24 * 3600,
      RedrivePolicy: Match.absent(),
    });
  });

  it('hides a message for at least six worker timeouts', () => {
    const worker = template.findResources('AWS::Lambda::Function')[workerFn];
    const queue = template.findResources('AWS::SQS::Queue')[logicalId(stack, stack.queue.queue)];
    expect(worker?.Properties.Timeout).toBe(180);
    expect(queue?.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * 180);
  });

  it('refuses requests without TLS on both queues', () => {
    const policies = template.findResources('AWS::SQS::QueuePolicy', {
      Properties: {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      },
    });
    expect(Object.keys(policies)).toHaveLength(4);
  });

  it('feeds the worker in batches of 5 with partial failures and bounded concurrency', () => {
    // The worker's, the dead-letter consumer's and the webhook deliverer's.
    template.resourceCountIs('AWS::Lambda::EventSourceMapping', 3);
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: workerFn },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack, stack.queue.queue), 'Arn'] },
      BatchSize: 5,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 4 },
    });
  });

  it('drains the DLQ into a consumer that settles exhausted slots', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: logicalId(stack, stack.deadLetters.fn) },
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack, stack.queue.deadLetterQueue), 'Arn'] },
      FunctionResponseTypes: ['ReportBatchItemFailures'],
    });
  });

  it("tells the worker the queue's maxReceiveCount and a lease between one run and the visibility timeout", () => {
    const fn = template.findResources('AWS::Lambda::Function')[workerFn];
    const env = fn?.Properties.Environment.Variables;
    expect(env.MAX_RECEIVE_COUNT).toBe('5');
    expect(Number(env.SLOT_LEASE_SECONDS)).toBeGreaterThan(180);
    expect(Number(env.SLOT_LEASE_SECONDS)).toBeLessThan(180 * 6);
  });
});

describe('functions', () => {
  it.each([
    ['router', () => routerFn, 1024, 29],
    ['worker', () => workerFn, 512, 180],
  ])('runs the %s on Node.js 24, arm64, traced, with its own log group', (_name, id, memory, timeout) => {
    const fn = template.findResources('AWS::Lambda::Function')[id()];
    expect(fn?.Properties).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      TracingConfig: { Mode: 'Active' },
      MemorySize: memory,
      Timeout: timeout,
      Handler: 'index.handler',
      LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
    });
    const logGroupId = fn?.Properties.LoggingConfig.LogGroup.Ref;
    expect(template.findResources('AWS::Logs::LogGroup')[logGroupId]?.Properties.RetentionInDays).toBe(30);
  });

  it('maps stack traces through source maps at run time except on the router, whose cold start it would slow', () => {
    const nodeOptions = (id: string) =>
      template.findResources('AWS::Lambda::Function')[id]?.Properties.Environment.Variables.NODE_OPTIONS;
    expect(nodeOptions(workerFn)).toBe('--enable-source-maps');
    expect(nodeOptions(routerFn)).toBeUndefined();
  });

  it('bundles minified ESM for node24 with source maps and the pinned AWS SDK', () => {
    expect(DEFAULT_BUNDLING).toMatchObject({
      minify: true,
      format: 'esm',
      sourceMap: true,
      target: 'node24',
      externalModules: [],
      mainFields: ['module', 'main'],
    });
    expect(DEFAULT_BUNDLING.banner).toContain('createRequire(import.meta.url)');
  });

  it('gives the functions roles without AWS managed policies', () => {
    for (const role of [routerRole, workerRole]) {
      expect(template.findResources('AWS::IAM::Role')[role]?.Properties.ManagedPolicyArns).toBeUndefined();
    }
  });

  it('sets an environment that lambdas/core/config.ts accepts', () => {
    const functions = template.findResources('AWS::Lambda::Function');
    for (const id of [routerFn, workerFn]) {
      const variables = functions[id]?.Properties.Environment.Variables as Record<string, unknown>;
      // References to other resources resolve at deploy time; any non-empty string stands in.
      const env = Object.fromEntries(
        Object.entries(variables).map(([k, v]) => [k, typeof v === 'string' ? v : `resolved-${k}`]),
      );
      const config = loadConfig(env);
      expect(config).toMatchObject({
        keyEnv: 'live',
        defaultCredits: 1000,
        presignTtlSeconds: 3600,
        imageProvider: 'bedrock-stability',
        imageModelId: 'stability.sd3-5-large-v1:0',
        textProvider: 'bedrock',
        textModelId: 'global.anthropic.claude-haiku-4-5-20251001-v1:0',
        endpoints: {
          dynamodb: undefined,
          sqs: undefined,
          s3: undefined,
          cognito: undefined,
          bedrock: undefined,
        },
      });
      expect(Object.keys(variables)).toEqual(
        expect.arrayContaining([
          'TABLE_NAME',
          'BUCKET_NAME',
          'QUEUE_URL',
          'ADGEN_ENV',
          'ADGEN_DEFAULT_CREDITS',
        ]),
      );
    }
    const router = functions[routerFn]?.Properties.Environment.Variables;
    expect(router.USER_POOL_ID).toEqual({ 'Fn::ImportValue': expect.stringContaining('UserPool') });
    // The per-account limit of the text-model actions is a setting (textActionsPerHour).
    expect(router.TEXT_ACTIONS_PER_HOUR).toBe('60');
    // Each account's share of the stage's requests (ADR 0032).
    expect(router.ACCOUNT_REQUESTS_PER_SECOND).toBe('20');
    expect(router.USER_POOL_CLIENT_ID).toEqual({ 'Fn::ImportValue': expect.stringContaining('ApiClient') });
  });
});

describe('permissions', () => {
  it('lets the router read and write the table, read the bucket, sign asset uploads and send to the queue', () => {
    const statements = statementsOf(template, routerRole);
    const actions = statements.flatMap(actionsOf);
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:PutItem', 'dynamodb:Query', 's3:GetObject', 'sqs:SendMessage']),
    );
    // Uploads are presigned with the router's role: PUT under assets/ only, never creatives.
    const puts = statements.filter((s) => actionsOf(s).includes('s3:PutObject'));
    expect(puts).toHaveLength(1);
    expect(JSON.stringify(puts[0]?.Resource)).toMatch(/\/assets\/\*"/);
    expect(actions).not.toContain('sqs:ReceiveMessage');
  });

  /**
   * Each S3 grant of a role as `action on /prefix/*`, one line per action and prefix (CDK merges
   * statements that share actions or resources), so a widened grant shows at once.
   */
  function s3Grants(role: string): string[] {
    return (
      statementsOf(template, role)
        // ListBucket is on the bucket itself, held to prefixes by its condition (tested apart).
        .filter(
          (st) => actionsOf(st).some((a) => a.startsWith('s3:')) && !actionsOf(st).includes('s3:ListBucket'),
        )
        .flatMap((st) => {
          const resources = (Array.isArray(st.Resource) ? st.Resource : [st.Resource]) as {
            'Fn::Join': [string, unknown[]];
          }[];
          return resources.flatMap((r) => {
            const join = r['Fn::Join'][1];
            expect(join[0]).toEqual({ 'Fn::ImportValue': expect.stringContaining('CreativesBucket') });
            return actionsOf(st).map((a) => `${a} on ${String(join[1])}`);
          });
        })
        .sort()
    );
  }

  it('lets the router only GetObject creatives (presigning needs no more), Get/Put assets (upload URLs), and delete under the deletion prefixes', () => {
    expect(s3Grants(routerRole)).toEqual([
      's3:DeleteObject on /assets/*',
      's3:DeleteObject on /creatives/*',
      's3:DeleteObject on /visuals/*',
      's3:GetObject on /assets/*',
      's3:GetObject on /creatives/*',
      's3:GetObject on /exports/*',
      's3:PutObject on /assets/*',
    ]);
  });

  it('lets the router and the reconciler list the bucket only under the deletion prefixes', () => {
    for (const role of [routerRole, reconcilerRole]) {
      const lists = statementsOf(template, role).filter((st) => actionsOf(st).includes('s3:ListBucket'));
      expect(lists).toHaveLength(1);
      expect(actionsOf(lists[0] as Statement)).toEqual(['s3:ListBucket']);
      expect((lists[0] as { Condition?: unknown }).Condition).toEqual({
        StringLike: { 's3:prefix': ['creatives/*', 'visuals/*', 'assets/*'] },
      });
    }
    expect(s3Grants(reconcilerRole)).toEqual([
      's3:DeleteObject on /assets/*',
      's3:DeleteObject on /creatives/*',
      's3:DeleteObject on /visuals/*',
    ]);
  });

  it('lets the worker only put creatives, read assets and keep its shared visuals and cut-outs; exports read creatives and write their ZIP', () => {
    expect(s3Grants(workerRole)).toEqual([
      's3:DeleteObject on /creatives/*',
      's3:GetObject on /assets/*',
      's3:GetObject on /creatives/*',
      's3:GetObject on /cutouts/*',
      's3:GetObject on /visuals/*',
      's3:PutObject on /creatives/*',
      's3:PutObject on /cutouts/*',
      's3:PutObject on /exports/*',
      's3:PutObject on /visuals/*',
    ]);
  });

  it('lets the worker write objects and consume the queue, and delete only creatives (its own late image)', () => {
    const actions = statementsOf(template, workerRole).flatMap(actionsOf);
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:UpdateItem', 's3:PutObject', 'sqs:ReceiveMessage']),
    );
    expect([...new Set(actions.filter((a) => a.startsWith('s3:')))].sort()).toEqual([
      's3:DeleteObject',
      's3:GetObject',
      's3:PutObject',
    ]);
    // It deletes only its own late images (a slot deleted while it rendered), nothing else.
    const deletes = statementsOf(template, workerRole).filter((st) =>
      actionsOf(st).includes('s3:DeleteObject'),
    );
    expect(JSON.stringify(deletes.map((st) => st.Resource))).not.toMatch(/\/(assets|visuals|cutouts)\//);
    // It sends only webhook deliveries (the events of the slots it settles), never slot messages.
    const sends = statementsOf(template, workerRole).filter((s) => actionsOf(s).includes('sqs:SendMessage'));
    expect(sends.map((s) => s.Resource)).toEqual([
      { 'Fn::GetAtt': [logicalId(stack, stack.webhooks.queue), 'Arn'] },
    ]);
  });

  it("lets only the worker read and write the C2PA signer's secret, and tells it where it is (ADR 0047)", () => {
    const secret = logicalId(stack, stack.c2paSigner.secret);
    const functions = template.findResources('AWS::Lambda::Function');
    expect(functions[workerFn]?.Properties.Environment.Variables.C2PA_SIGNER_SECRET_ARN).toEqual({
      Ref: secret,
    });
    const onSecret = (role: string) =>
      statementsOf(template, role).filter((st) => JSON.stringify(st.Resource).includes(secret));
    // GetSecretValue and PutSecretValue (the first use writes the chain), on this one secret only.
    expect(onSecret(workerRole)).toEqual([
      {
        Effect: 'Allow',
        Action: ['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue'],
        Resource: { Ref: secret },
      },
    ]);
    const secretsActions = statementsOf(template, workerRole)
      .flatMap(actionsOf)
      .filter((a) => a.startsWith('secretsmanager:'));
    expect(secretsActions.sort()).toEqual(['secretsmanager:GetSecretValue', 'secretsmanager:PutSecretValue']);
    // No other function can read or write it, nor learns where it is.
    for (const [id, fn] of Object.entries(functions)) {
      if (id === workerFn) continue;
      expect(JSON.stringify(fn.Properties.Environment ?? {})).not.toContain(secret);
    }
    for (const role of [routerRole, reconcilerRole]) expect(onSecret(role)).toEqual([]);
    // Created with a placeholder (not a signer) that the worker replaces; the key is never in the template.
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: {
        SecretStringTemplate: '{"provisioned":false}',
        GenerateStringKey: 'placeholder',
      },
    });
  });

  it('names the model ARNs in every Bedrock statement, never bedrock:* or *', () => {
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    const statements = bedrockStatements(
      policies.flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]),
    );
    expect(statements.length).toBeGreaterThan(0);
    for (const s of statements) {
      expect(
        actionsOf(s).every((a) => a === 'bedrock:InvokeModel' || a === 'bedrock:GetFoundationModel'),
      ).toBe(true);
      expect(s.Resource).not.toBe('*');
      // A model directly, or an inference profile (whose model is granted only through it).
      expect(JSON.stringify(s.Resource)).toMatch(/foundation-model\/|inference-profile\//);
    }
  });

  it('lets the worker invoke and describe the image model only', () => {
    expect(bedrockStatements(statementsOf(template, workerRole))).toEqual([
      {
        Effect: 'Allow',
        Action: ['bedrock:GetFoundationModel', 'bedrock:InvokeModel'],
        Resource: foundationModelArn('stability.sd3-5-large-v1:0'),
      },
    ]);
  });

  it('grants the background-removal model and tells the worker only when the setting is on', () => {
    const workerEnv = (t: Template, id: string) =>
      t.findResources('AWS::Lambda::Function')[id]?.Properties.Environment.Variables;
    expect(workerEnv(template, workerFn).IMAGE_BACKGROUND_REMOVAL).toBe('off');
    expect(JSON.stringify(bedrockStatements(statementsOf(template, workerRole)))).not.toContain(
      'remove-background',
    );
    const { stack: s, template: t } = synth({ imageBackgroundRemoval: 'on' });
    const env = workerEnv(t, logicalId(s, s.worker.fn));
    expect(env).toMatchObject({
      IMAGE_BACKGROUND_REMOVAL: 'on',
      BACKGROUND_REMOVAL_MODEL_ID: 'us.stability.stable-image-remove-background-v1:0',
    });
    const granted = JSON.stringify(
      bedrockStatements(statementsOf(t, s.getLogicalId(s.worker.role.node.defaultChild as CfnResource))),
    );
    expect(granted).toContain('stability.stable-image-remove-background-v1:0');
    expect(granted).toContain('stability.sd3-5-large-v1:0');
  });

  it('lets the router invoke the text model only, through its inference profile', () => {
    const statements = bedrockStatements(statementsOf(template, routerRole));
    expect(statements).toHaveLength(2);
    const [profile, model] = statements;
    expect(JSON.stringify(profile?.Resource)).toContain(
      ':inference-profile/global.anthropic.claude-haiku-4-5-20251001-v1:0',
    );
    expect(JSON.stringify(model?.Resource)).toContain(
      ':bedrock:*::foundation-model/anthropic.claude-haiku-4-5-20251001-v1:0',
    );
    expect(model?.Condition).toEqual({ StringEquals: { 'bedrock:InferenceProfileArn': profile?.Resource } });
    for (const st of statements) expect(actionsOf(st)).toEqual(['bedrock:InvokeModel']);
  });
});

describe('outputs', () => {
  it('outputs exactly what a deployer needs', () => {
    expect(Object.keys(template.findOutputs('*')).sort()).toEqual(
      [
        'AlarmTopicArn',
        'ApiUrl',
        'BucketName',
        'DashboardName',
        'DlqUrl',
        'QueueUrl',
        'TableName',
        'UserPoolClientId',
        'UserPoolId',
        'WebhookDlqUrl',
      ].sort(),
    );
    template.hasOutput('ApiUrl', {
      Value: {
        'Fn::Join': ['', Match.arrayWith(['https://', { Ref: Match.stringLikeRegexp('Stage') }, '/'])],
      },
    });
  });

  it('raises no CDK warnings or errors', () => {
    expect(Annotations.fromStack(stack).findWarning('*', Match.anyValue())).toEqual([]);
    expect(Annotations.fromStack(stack).findError('*', Match.anyValue())).toEqual([]);
  });
});

describe('context overrides', () => {
  it('moves the image model in the worker policy and environment', () => {
    const { stack: s, template: t } = synth({ imageModelId: 'stability.stable-image-core-v1:1' });
    const worker = logicalId(s, s.worker.fn);
    expect(bedrockStatements(statementsOf(t, logicalId(s, s.worker.role)))).toEqual([
      expect.objectContaining({ Resource: foundationModelArn('stability.stable-image-core-v1:1') }),
    ]);
    expect(JSON.stringify(t.toJSON())).not.toContain('sd3-5-large');
    expect(
      t.findResources('AWS::Lambda::Function')[worker]?.Properties.Environment.Variables.IMAGE_MODEL_ID,
    ).toBe('stability.stable-image-core-v1:1');
  });

  it('applies throttling, worker concurrency and the other settings from context strings', () => {
    const { stack: s, template: t } = synth({
      apiThrottleRateLimit: '5',
      apiThrottleBurstLimit: '10',
      workerMaxConcurrency: '12',
      keyEnv: 'test',
      defaultCredits: '25',
      presignTtlSeconds: '600',
      textActionsPerHour: '15',
      accountRequestsPerSecond: '7',
    });
    t.hasResourceProperties('AWS::ApiGateway::Stage', {
      MethodSettings: [Match.objectLike({ ThrottlingRateLimit: 5, ThrottlingBurstLimit: 10 })],
    });
    t.hasResourceProperties('AWS::Lambda::EventSourceMapping', { ScalingConfig: { MaximumConcurrency: 12 } });
    expect(
      t.findResources('AWS::Lambda::Function')[logicalId(s, s.router.fn)]?.Properties.Environment.Variables,
    ).toMatchObject({
      ADGEN_ENV: 'test',
      ADGEN_DEFAULT_CREDITS: '25',
      PRESIGN_TTL_SECONDS: '600',
      TEXT_ACTIONS_PER_HOUR: '15',
      ACCOUNT_REQUESTS_PER_SECOND: '7',
    });
  });

  it('grants no Bedrock access to providers that do not use it', () => {
    const { stack: s, template: t } = synth({ imageProvider: 'template', textProvider: 'heuristic' });
    expect(bedrockStatements(statementsOf(t, logicalId(s, s.worker.role)))).toEqual([]);
    expect(bedrockStatements(statementsOf(t, logicalId(s, s.router.role)))).toEqual([]);
  });

  it('grants an inference profile and its model only through that profile', () => {
    const { stack: s, template: t } = synth({ textModelId: 'us.amazon.nova-pro-v1:0' });
    const statements = bedrockStatements(statementsOf(t, logicalId(s, s.router.role)));
    expect(statements).toHaveLength(2);
    const [profile, model] = statements;
    expect(JSON.stringify(profile?.Resource)).toContain(':inference-profile/us.amazon.nova-pro-v1:0');
    expect(profile?.Condition).toBeUndefined();
    expect(model?.Resource).toEqual({
      'Fn::Join': [
        '',
        ['arn:', { Ref: 'AWS::Partition' }, ':bedrock:*::foundation-model/amazon.nova-pro-v1:0'],
      ],
    });
    expect(model?.Condition).toEqual({ StringEquals: { 'bedrock:InferenceProfileArn': profile?.Resource } });
  });

  it('fails synth on an invalid setting, naming it', () => {
    expect(() => synth({ workerMaxConcurrency: 0 })).toThrow(/workerMaxConcurrency/);
  });
});
