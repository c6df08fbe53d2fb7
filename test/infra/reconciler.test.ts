import type { CfnResource } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#lib/app.ts';
import cdkJson from '../../cdk.json' with { type: 'json' };

const { stateless } = buildApp({
  context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
  nagChecks: false,
});
const template = Template.fromStack(stateless);
const id = (c: { node: { defaultChild?: unknown } }) =>
  stateless.getLogicalId(c.node.defaultChild as CfnResource);

describe('dispatch reconciler', () => {
  it('is invoked every minute by EventBridge Scheduler', () => {
    const fn = id(stateless.reconciler.function.fn);
    template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'rate(1 minute)',
      State: 'ENABLED',
      Target: { Arn: { 'Fn::GetAtt': [fn, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } },
    });
  });

  it('waits longer than the router can run before touching a job or a deletion, and may write the table, send to the queue and sweep deleted objects', () => {
    const fn = template.findResources('AWS::Lambda::Function', {
      Properties: { Handler: Match.anyValue(), Description: Match.stringLikeRegexp('reconciler') },
    });
    const [props] = Object.values(fn).map((r) => r.Properties);
    const grace = Number(props.Environment.Variables.DISPATCH_GRACE_SECONDS);
    expect(grace).toBeGreaterThan(29);
    const role = id(stateless.reconciler.function.role as never);
    const policies = template.findResources('AWS::IAM::Policy', {
      Properties: { Roles: Match.arrayWith([{ Ref: role }]) },
    });
    const actions = Object.values(policies).flatMap((p) =>
      (p.Properties.PolicyDocument.Statement as { Action: string | string[] }[]).flatMap((s) =>
        Array.isArray(s.Action) ? s.Action : [s.Action],
      ),
    );
    expect(actions).toEqual(
      expect.arrayContaining(['sqs:SendMessage', 'dynamodb:PutItem', 'dynamodb:Query']),
    );
    expect(actions.filter((a) => a.startsWith('bedrock:'))).toEqual([]);
    // Finishing an interrupted deletion (ADR 0028) lists and deletes objects, nothing else of S3
    // (the prefixes are checked in stateless-stack.test.ts).
    expect([...new Set(actions.filter((a) => a.startsWith('s3:')))].sort()).toEqual([
      's3:DeleteObject',
      's3:ListBucket',
    ]);
  });
});

describe('API Gateway throttling', () => {
  it('answers 429 rate_limited with Retry-After', () => {
    template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'THROTTLED',
      StatusCode: '429',
      ResponseParameters: Match.objectLike({ 'gatewayresponse.header.Retry-After': "'1'" }),
    });
  });
});
