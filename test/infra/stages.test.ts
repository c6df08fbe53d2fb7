import { App, type Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { addStage, buildApp, stackNames } from '#lib/app.ts';
import { readSettings } from '#lib/settings.ts';
import cdkJson from '../../cdk.json' with { type: 'json' };

/** Context as cdk.json gives it, plus overrides, without bundling the Lambdas. */
const contextWith = (overrides: Record<string, unknown> = {}) => ({
  ...cdkJson.context,
  'aws:cdk:bundling-stacks': [],
  ...overrides,
});
const settingsOf = (overrides: Record<string, unknown>) =>
  readSettings({ tryGetContext: (key: string): unknown => contextWith(overrides)[key as never] });

/** Name properties CloudFormation uses as physical names: two stages must never share one. */
const NAME_PROPERTIES: Record<string, string> = {
  'AWS::ApiGateway::RestApi': 'Name',
  'AWS::CloudWatch::Alarm': 'AlarmName',
  'AWS::CloudWatch::Dashboard': 'DashboardName',
  'AWS::Logs::LogGroup': 'LogGroupName',
  'AWS::DynamoDB::Table': 'TableName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::SNS::Topic': 'TopicName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::Cognito::UserPool': 'UserPoolName',
  'AWS::Events::Rule': 'Name',
  'AWS::Scheduler::Schedule': 'Name',
};

/** Every fixed name a stack claims in the account and region: its own, its exports, its resources'. */
function claimedNames(stack: Stack): string[] {
  const template = Template.fromStack(stack).toJSON() as {
    Resources: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
    Outputs?: Record<string, { Export?: { Name?: unknown } }>;
  };
  const names = [stack.stackName];
  for (const output of Object.values(template.Outputs ?? {})) {
    if (output.Export?.Name !== undefined) names.push(JSON.stringify(stack.resolve(output.Export.Name)));
  }
  for (const resource of Object.values(template.Resources)) {
    const property = NAME_PROPERTIES[resource.Type];
    const value = property ? resource.Properties?.[property] : undefined;
    if (value !== undefined) names.push(JSON.stringify(value));
  }
  return names;
}

describe('two stages side by side', () => {
  let app: App;
  let prod: ReturnType<typeof addStage>;
  let dev: ReturnType<typeof addStage>;
  beforeAll(() => {
    app = new App({ context: contextWith() });
    prod = addStage(app, settingsOf({ stage: 'prod' }));
    dev = addStage(app, settingsOf({ stage: 'dev' }));
  });

  it('synthesize in one app, as four stacks', () => {
    const assembly = app.synth();
    expect(assembly.stacks.map((s) => s.stackName).sort()).toEqual([
      'AdgenStateful',
      'AdgenStateless',
      'dev-AdgenStateful',
      'dev-AdgenStateless',
    ]);
  });

  it('claim no name in common (stacks, exports, API, alarms, dashboard, log groups)', () => {
    const prodNames = [...claimedNames(prod.stateful), ...claimedNames(prod.stateless)];
    const devNames = [...claimedNames(dev.stateful), ...claimedNames(dev.stateless)];
    expect(devNames.length).toBeGreaterThan(10);
    // A name built from a resource of its own stack (the execution log group of an API id)
    // renders alike in both templates but resolves to different ids: only fixed names can clash.
    const fixed = (name: string) => !name.includes('"Ref"');
    expect(devNames.filter((name) => fixed(name) && prodNames.includes(name))).toEqual([]);
  });

  it('prefix every name of a non-prod stage with the stage', () => {
    const devNames = [...claimedNames(dev.stateful), ...claimedNames(dev.stateless)];
    // Names built from a token (the execution log group of an API id) are unique by that id.
    const fixed = devNames.filter((name) => !name.includes('"Ref"') && !name.includes('Fn::'));
    expect(fixed.length).toBeGreaterThan(10);
    for (const name of fixed) expect(name).toMatch(/^"?dev-Adgen/);
    const api = Template.fromStack(dev.stateless);
    api.hasResourceProperties('AWS::ApiGateway::RestApi', { Name: 'dev-AdgenStateless-api' });
    api.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmName: 'dev-AdgenStateless-dlq-messages' });
  });

  it('keep the names of the releases before stages for prod', () => {
    expect(stackNames('prod')).toEqual({ stateful: 'AdgenStateful', stateless: 'AdgenStateless' });
    expect(prod.stateless.stackName).toBe('AdgenStateless');
    const t = Template.fromStack(prod.stateless);
    t.hasResourceProperties('AWS::ApiGateway::RestApi', { Name: 'AdgenStateless-api' });
    t.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmName: 'AdgenStateless-dlq-messages' });
  });

  it('tag the data and the compute of each stage with the stage', () => {
    for (const [stage, stacks] of [
      ['prod', prod],
      ['dev', dev],
    ] as const) {
      const stateful = Template.fromStack(stacks.stateful);
      const stateless = Template.fromStack(stacks.stateless);
      const tag = Match.arrayWith([{ Key: 'stage', Value: stage }]);
      stateful.hasResourceProperties('AWS::DynamoDB::Table', { Tags: tag });
      stateful.hasResourceProperties('AWS::S3::Bucket', { Tags: tag });
      stateful.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolTags: Match.objectLike({ stage }) });
      stateless.hasResourceProperties('AWS::Lambda::Function', { Tags: tag });
      stateless.hasResourceProperties('AWS::SQS::Queue', { Tags: tag });
      stateless.hasResourceProperties('AWS::ApiGateway::RestApi', { Tags: tag });
    }
  });

  it('issue keys tagged with the stage, prod keeping live', () => {
    const envOf = (stack: Stack) =>
      Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function')).map(
        (fn) => fn.Properties.Environment.Variables.ADGEN_ENV,
      );
    expect(new Set(envOf(prod.stateless))).toEqual(new Set(['live']));
    expect(new Set(envOf(dev.stateless))).toEqual(new Set(['dev']));
  });
});

describe('-c stage=<name>', () => {
  it('picks the stage from context, and an explicit keyEnv wins over the stage', () => {
    const { stateful, stateless, settings } = buildApp({
      context: contextWith({ stage: 'qa2', keyEnv: 'acme' }),
      nagChecks: false,
    });
    expect([stateful.stackName, stateless.stackName]).toEqual(['qa2-AdgenStateful', 'qa2-AdgenStateless']);
    expect(settings).toMatchObject({ stage: 'qa2', keyEnv: 'acme' });
  });

  it('refuses a stage that cannot begin a stack name', () => {
    expect(() => buildApp({ context: contextWith({ stage: 'Prod-1' }), nagChecks: false })).toThrow(/stage:/);
  });
});
