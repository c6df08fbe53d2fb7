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

type Statement = { Effect: string; Action: string | string[]; Resource: unknown };

/** Every statement of the policies attached to the offboarding function's role. */
function offboardingStatements(): Statement[] {
  const role = id(stateless.offboarding.function.role as never);
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: Match.arrayWith([{ Ref: role }]) },
  });
  return Object.values(policies).flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
}
const actionsOf = (s: Statement) => (Array.isArray(s.Action) ? s.Action : [s.Action]);

describe('offboarding on AWS', () => {
  it('an EventBridge rule on Cognito CloudTrail events (disable, admin delete, self delete) invokes the Lambda', () => {
    const fn = id(stateless.offboarding.function.fn);
    const rules = template.findResources('AWS::Events::Rule', {
      Properties: {
        EventPattern: {
          source: ['aws.cognito-idp'],
          'detail-type': ['AWS API Call via CloudTrail'],
          detail: {
            eventSource: ['cognito-idp.amazonaws.com'],
            eventName: ['AdminDisableUser', 'AdminDeleteUser', 'DeleteUser'],
          },
        },
        State: 'ENABLED',
        Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fn, 'Arn'] } })],
      },
    });
    expect(Object.keys(rules)).toHaveLength(1);
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      Principal: 'events.amazonaws.com',
      FunctionName: { 'Fn::GetAtt': [fn, 'Arn'] },
      SourceArn: { 'Fn::GetAtt': [Object.keys(rules)[0], 'Arn'] },
    });
  });

  it('the Lambda knows the pool and table, and may only read and update items, query the key index and look a user up', () => {
    const fn = template.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('offboarding') },
    });
    const [props] = Object.values(fn).map((r) => r.Properties);
    expect(props.Environment.Variables).toMatchObject({
      USER_POOL_ID: expect.anything(),
      TABLE_NAME: expect.anything(),
    });
    const statements = offboardingStatements();
    const actions = statements.flatMap(actionsOf);
    // Its own log group aside, exactly these.
    expect(actions.filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:')).sort()).toEqual([
      'cognito-idp:AdminGetUser',
      'dynamodb:GetItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(actions.some((a) => a.includes('*'))).toBe(false);
    const dynamo = statements.find((s) => actionsOf(s).includes('dynamodb:UpdateItem'));
    const resources = JSON.stringify(dynamo?.Resource);
    expect(resources).not.toContain('*');
    expect(resources).toContain('/index/gsi1');
    const cognito = statements.find((s) => actionsOf(s).includes('cognito-idp:AdminGetUser'));
    expect(JSON.stringify(cognito?.Resource)).not.toContain('*');
  });
});
