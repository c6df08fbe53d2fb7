import type { CfnResource } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#lib/app.ts';
import { DEFAULT_BUNDLING } from '#lib/constructs/node-function.ts';
import cdkJson from '../../cdk.json' with { type: 'json' };

const { stateless } = buildApp({
  context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
  nagChecks: false,
});
const template = Template.fromStack(stateless);
const id = (c: { node: { defaultChild?: unknown } }) =>
  stateless.getLogicalId(c.node.defaultChild as CfnResource);
const webhooks = stateless.webhooks;

type Statement = {
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, string[]>>;
};
function statementsOfRole(role: unknown): Statement[] {
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: Match.arrayWith([{ Ref: id(role as never) }]) },
  });
  return Object.values(policies).flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}
function actionsOfRole(role: unknown): string[] {
  return statementsOfRole(role).flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
}

describe('webhook delivery', () => {
  it('has its own encrypted queue that redrives to a 14-day DLQ after 5 receives, hiding a message for 6 deliverer timeouts', () => {
    const queues = template.findResources('AWS::SQS::Queue');
    const queue = queues[id(webhooks.queue)];
    const dlq = queues[id(webhooks.deadLetterQueue)];
    expect(queue?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      RedrivePolicy: {
        deadLetterTargetArn: { 'Fn::GetAtt': [id(webhooks.deadLetterQueue), 'Arn'] },
        maxReceiveCount: 5,
      },
    });
    expect(dlq?.Properties).toMatchObject({
      SqsManagedSseEnabled: true,
      MessageRetentionPeriod: 14 * 24 * 3600,
    });
    const deliverer = template.findResources('AWS::Lambda::Function')[id(webhooks.deliverer.fn)];
    expect(queue?.Properties.VisibilityTimeout).toBeGreaterThanOrEqual(6 * deliverer?.Properties.Timeout);
    // A receiver gets 10 s; the deliverer's timeout leaves room for a batch of them in parallel.
    expect(deliverer?.Properties.Timeout).toBeGreaterThan(10);
    expect(deliverer?.Properties.VpcConfig).toBeUndefined();
  });

  it('feeds the deliverer in batches of 10 with partial failures and bounded concurrency', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      FunctionName: { Ref: id(webhooks.deliverer.fn) },
      EventSourceArn: { 'Fn::GetAtt': [id(webhooks.queue), 'Arn'] },
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 10 },
    });
  });

  it('runs the sweeper every five minutes', () => {
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(5 minutes)',
      Target: {
        Arn: { 'Fn::GetAtt': [id(webhooks.sweeper.fn), 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 0 },
      },
    });
  });

  it('grants least privilege: the deliverer reads the table and writes only deliveries and events, re-sends, presigns creatives; the sweeper only reads and sends', () => {
    const deliverer = actionsOfRole(webhooks.deliverer.role);
    expect(deliverer.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
      'dynamodb:UpdateItem',
    ]);
    expect(deliverer).toEqual(
      expect.arrayContaining(['sqs:SendMessage', 'sqs:ReceiveMessage', 's3:GetObject']),
    );
    expect(deliverer.filter((a) => a.startsWith('s3:'))).toEqual(['s3:GetObject']);
    expect(deliverer.filter((a) => a.startsWith('bedrock:'))).toEqual([]);
    // Every DynamoDB statement names the table alone (no index), and every write is bound to
    // the partitions of deliveries or events by dynamodb:LeadingKeys.
    for (const statement of statementsOfRole(webhooks.deliverer.role)) {
      const actions = Array.isArray(statement.Action) ? statement.Action : [statement.Action];
      if (!actions.some((a) => a.startsWith('dynamodb:'))) continue;
      expect(JSON.stringify(statement.Resource)).not.toContain('/index');
      expect(Array.isArray(statement.Resource)).toBe(false);
      if (actions.some((a) => /^dynamodb:(Put|Update)/.test(a))) {
        expect(statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys']).toEqual(
          expect.arrayContaining([expect.stringMatching(/^ACCOUNT#\*#(WEBHOOK|EVENT)#\*$/)]),
        );
      }
    }
    const sweeper = actionsOfRole(webhooks.sweeper.role);
    expect(sweeper).toEqual(expect.arrayContaining(['dynamodb:Query', 'sqs:SendMessage']));
    expect(sweeper.filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a))).toEqual([]);
    expect(sweeper.filter((a) => a.startsWith('s3:'))).toEqual([]);
  });

  it('tells every function that emits events where the delivery queue is, and lets it send there', () => {
    const functions = template.findResources('AWS::Lambda::Function');
    for (const fn of [
      stateless.router,
      stateless.worker,
      stateless.deadLetters,
      stateless.reconciler.function,
    ]) {
      expect(functions[id(fn.fn)]?.Properties.Environment.Variables.WEBHOOK_QUEUE_URL).toEqual({
        Ref: id(webhooks.queue),
      });
      expect(actionsOfRole(fn.role)).toContain('sqs:SendMessage');
    }
    // Never the local switch that lets receivers be on loopback.
    for (const fn of Object.values(functions)) {
      expect(fn.Properties.Environment?.Variables?.ADGEN_ALLOW_LOCAL_WEBHOOKS).toBeUndefined();
    }
  });
});

describe('webhook bundles', () => {
  it.each(['lambdas/webhooks/handler.ts', 'lambdas/webhooks/sweep-handler.ts'])(
    '%s bundles without the renderer',
    async (entry) => {
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        minify: true,
        format: 'esm',
        platform: 'node',
        target: DEFAULT_BUNDLING.target,
        mainFields: DEFAULT_BUNDLING.mainFields,
        banner: { js: DEFAULT_BUNDLING.banner ?? '' },
        metafile: true,
        logLevel: 'silent',
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(
        inputs.filter((f) => /resvg|satori|@fontsource|sharp|core\/creative\/(?!types)/.test(f)),
      ).toEqual([]);
      expect(inputs.some((f) => f.includes('lambdas/core/webhooks/'))).toBe(true);
    },
  );
});
