import type { CfnResource } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE } from '#core/telemetry.ts';
import { buildApp } from '#lib/app.ts';
import { ALARMS } from '#lib/constructs/monitoring.ts';
import type { StatelessStack } from '#lib/stateless-stack.ts';
import cdkJson from '../../cdk.json' with { type: 'json' };

/** The stateless stack as `cdk synth` builds it from cdk.json (plus overrides), without bundling. */
function synth(overrides: Record<string, unknown> = {}) {
  const { stateless } = buildApp({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...overrides },
    nagChecks: false,
  });
  return { stack: stateless, template: Template.fromStack(stateless) };
}

const logicalId = (stack: StatelessStack, construct: { node: { defaultChild?: unknown } }) =>
  stack.getLogicalId(construct.node.defaultChild as CfnResource);

type AlarmProps = Record<string, any>;
type MetricQuery = {
  Id: string;
  Expression?: string;
  ReturnData?: boolean;
  MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions: unknown[] }; Stat: string };
};

/** An adgen business metric (EMF) as the alarm's metric query must name it. */
const business = (name: string, stat: string) => ({
  Metric: {
    Namespace: METRICS_NAMESPACE,
    MetricName: name,
    Dimensions: [{ Name: 'service', Value: METRICS_SERVICE }],
  },
  Period: 300,
  Stat: stat,
});

let stack: StatelessStack;
let template: Template;
let alarms: Record<string, AlarmProps>;
let topic: string;

beforeAll(() => {
  ({ stack, template } = synth());
  topic = logicalId(stack, stack.monitoring.topic);
  alarms = Object.fromEntries(
    Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((a) => [
      String(a.Properties.AlarmName).replace(`${stack.stackName}-`, ''),
      a.Properties,
    ]),
  );
});

describe('alarms', () => {
  it('has exactly the seven alarms, each notifying the topic when it fires and when it recovers', () => {
    expect(Object.keys(alarms).sort()).toEqual(Object.values(ALARMS).sort());
    for (const alarm of Object.values(alarms)) {
      expect(alarm.AlarmActions).toEqual([{ Ref: topic }]);
      expect(alarm.OKActions).toEqual([{ Ref: topic }]);
      expect(alarm.AlarmDescription).toContain('docs/operations.md');
    }
  });

  it('fires when any message reached the DLQ: arrivals counted by its consumer plus messages left visible', () => {
    const alarm = alarms[ALARMS.dlqMessages] as AlarmProps;
    expect(alarm).toMatchObject({
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
    });
    const queries = alarm.Metrics as MetricQuery[];
    expect(queries.find((q) => q.ReturnData)?.Expression).toBe('FILL(arrivals, 0) + FILL(visible, 0)');
    expect(queries.find((q) => q.Id === 'arrivals')?.MetricStat).toEqual(business(METRIC.dlqArrivals, 'Sum'));
    expect(queries.find((q) => q.Id === 'visible')?.MetricStat).toMatchObject({
      Metric: {
        Namespace: 'AWS/SQS',
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Dimensions: [
          {
            Name: 'QueueName',
            Value: { 'Fn::GetAtt': [logicalId(stack, stack.queue.deadLetterQueue), 'QueueName'] },
          },
        ],
      },
      Stat: 'Maximum',
    });
  });

  it('fires when the oldest generation message waits longer than the threshold', () => {
    expect(alarms[ALARMS.queueAge]).toMatchObject({
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateAgeOfOldestMessage',
      Dimensions: [
        { Name: 'QueueName', Value: { 'Fn::GetAtt': [logicalId(stack, stack.queue.queue), 'QueueName'] } },
      ],
      Statistic: 'Maximum',
      Threshold: 900,
      ComparisonOperator: 'GreaterThanThreshold',
    });
  });

  it("fires on the API's 5xx rate (percent of answers), selected by the stack's own API name", () => {
    const alarm = alarms[ALARMS.router5xxRate] as AlarmProps;
    expect(alarm).toMatchObject({ Threshold: 5, ComparisonOperator: 'GreaterThanThreshold' });
    const queries = alarm.Metrics as MetricQuery[];
    expect(queries.find((q) => q.ReturnData)?.Expression).toBe('100 * errors');
    expect(queries.find((q) => q.Id === 'errors')?.MetricStat).toMatchObject({
      Metric: {
        Namespace: 'AWS/ApiGateway',
        MetricName: '5XXError',
        Dimensions: [{ Name: 'ApiName', Value: `${stack.stackName}-api` }],
      },
      Stat: 'Average',
    });
    template.hasResourceProperties('AWS::ApiGateway::RestApi', { Name: `${stack.stackName}-api` });
  });

  it('fires on worker errors: failed runs (Lambda Errors) plus slots whose processing threw', () => {
    const alarm = alarms[ALARMS.workerErrors] as AlarmProps;
    expect(alarm).toMatchObject({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' });
    const queries = alarm.Metrics as MetricQuery[];
    expect(queries.find((q) => q.ReturnData)?.Expression).toBe('FILL(runs, 0) + FILL(slots, 0)');
    expect(queries.find((q) => q.Id === 'runs')?.MetricStat).toMatchObject({
      Metric: {
        Namespace: 'AWS/Lambda',
        MetricName: 'Errors',
        Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalId(stack, stack.worker.fn) } }],
      },
      Stat: 'Sum',
    });
    expect(queries.find((q) => q.Id === 'slots')?.MetricStat).toEqual(business(METRIC.slotErrors, 'Sum'));
  });

  it('fires on a sustained model throttling rate (2 of 3 periods)', () => {
    const alarm = alarms[ALARMS.modelThrottleRate] as AlarmProps;
    expect(alarm).toMatchObject({
      Threshold: 20,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
    });
    const queries = alarm.Metrics as MetricQuery[];
    expect(queries.find((q) => q.ReturnData)?.Expression).toBe('100 * FILL(throttles, 0) / calls');
    expect(queries.find((q) => q.Id === 'throttles')?.MetricStat).toEqual(
      business(METRIC.modelThrottles, 'Sum'),
    );
    expect(queries.find((q) => q.Id === 'calls')?.MetricStat).toEqual(business(METRIC.modelCalls, 'Sum'));
  });

  it('fires when a worker cold start found the model Legacy or past its end of life, and keeps that state', () => {
    const alarm = alarms[ALARMS.modelNotActive] as AlarmProps;
    expect(alarm).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'ignore',
    });
    const queries = alarm.Metrics as MetricQuery[];
    expect(queries).toHaveLength(1);
    expect(queries[0]?.MetricStat).toEqual(business(METRIC.modelNotActive, 'Maximum'));
  });

  it('takes every threshold from context', () => {
    const { stack: s, template: t } = synth({
      alarmDlqMessages: '3',
      alarmQueueAgeSeconds: '600',
      alarmRouter5xxPercent: '2.5',
      alarmWorkerErrors: '4',
      alarmModelThrottlePercent: '50',
    });
    const byName = Object.fromEntries(
      Object.values(t.findResources('AWS::CloudWatch::Alarm')).map((a) => [
        String(a.Properties.AlarmName).replace(`${s.stackName}-`, ''),
        a.Properties.Threshold,
      ]),
    );
    expect(byName).toEqual({
      [ALARMS.dlqMessages]: 3,
      [ALARMS.queueAge]: 600,
      [ALARMS.router5xxRate]: 2.5,
      [ALARMS.workerErrors]: 4,
      [ALARMS.modelThrottleRate]: 50,
      [ALARMS.modelNotActive]: 1,
      [ALARMS.webhookDlqMessages]: 0,
    });
  });
});

describe('alarm topic', () => {
  it('refuses publishing without TLS and lets only CloudWatch alarms of this account publish', () => {
    template.resourceCountIs('AWS::SNS::Topic', 1);
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topic }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 'sns:Publish',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 'sns:Publish',
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Condition: {
              StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
              ArnLike: { 'aws:SourceArn': Match.anyValue() },
            },
          }),
        ]),
      },
    });
    template.hasOutput('AlarmTopicArn', { Value: { Ref: topic } });
  });

  it('has no subscription unless alarmEmail is given', () => {
    template.resourceCountIs('AWS::SNS::Subscription', 0);
    const { template: t } = synth({ alarmEmail: 'ops@example.com' });
    t.resourceCountIs('AWS::SNS::Subscription', 1);
    t.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
      TopicArn: { Ref: Match.anyValue() },
    });
  });

  it('fails synth on an alarmEmail that is not an address', () => {
    expect(() => synth({ alarmEmail: 'ops at example' })).toThrow(/alarmEmail/);
  });
});

describe('dashboard', () => {
  /** The dashboard body with CloudFormation references replaced by a placeholder, parsed. */
  function dashboardBody(): { widgets: { type: string; properties: Record<string, any> }[] } {
    const dashboards = Object.values(template.findResources('AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    const parts = dashboards[0]?.Properties.DashboardBody['Fn::Join'][1] as unknown[];
    return JSON.parse(parts.map((p) => (typeof p === 'string' ? p : 'REF')).join(''));
  }

  it('shows request rate, latency percentiles, images per minute, failures by reason, queue depth and credits', () => {
    const widgets = dashboardBody().widgets.filter((w) => w.type === 'metric');
    const byTitle = Object.fromEntries(
      widgets.map((w) => [w.properties.title, JSON.stringify(w.properties)]),
    );
    expect(byTitle['Requests per minute']).toContain(`"${METRIC.requests}"`);
    expect(byTitle['Request latency (ms)']).toMatch(/"stat":"p50".*"stat":"p90".*"stat":"p99"/);
    expect(byTitle['Images per minute']).toContain(`"${METRIC.imagesSucceeded}"`);
    expect(byTitle['Images per minute']).toContain(`"${METRIC.imagesFailed}"`);
    expect(byTitle['Failed images by reason']).toContain(
      `SEARCH('{${METRICS_NAMESPACE},reason,service} MetricName=\\"${METRIC.imagesFailed}\\"'`,
    );
    expect(byTitle['Generation queue']).toContain('ApproximateNumberOfMessagesVisible');
    expect(byTitle['Generation queue']).toContain('ApproximateAgeOfOldestMessage');
    expect(byTitle.Credits).toContain(`"${METRIC.creditsUsed}"`);
    expect(byTitle['Image model']).toContain(`"${METRIC.modelLatency}"`);
  });

  it('lists every alarm in an alarm status widget and is named after the stack and region', () => {
    const status = dashboardBody().widgets.find((w) => w.type === 'alarm');
    expect(status?.properties.alarms).toHaveLength(Object.keys(ALARMS).length);
    template.hasResourceProperties('AWS::CloudWatch::Dashboard', {
      DashboardName: { 'Fn::Join': ['', [`${stack.stackName}-`, { Ref: 'AWS::Region' }]] },
    });
    template.hasOutput('DashboardName', { Value: { Ref: Match.anyValue() } });
  });
});

describe('logs and traces', () => {
  it('gives every log group of the stack a retention', () => {
    const groups = Object.values(template.findResources('AWS::Logs::LogGroup'));
    // One per function (router, worker, dead letters, dispatch reconciler, offboarding, webhook
    // deliverer and sweeper) and the stage's.
    expect(groups.length).toBe(9);
    for (const group of groups) expect(group.Properties.RetentionInDays).toBeGreaterThan(0);
  });

  it("creates the stage's execution log group (with a retention) before the stage, so API Gateway never creates it", () => {
    const executionLogs = logicalId(stack, stack.api.executionLogGroup);
    template.hasResourceProperties('AWS::Logs::LogGroup', {
      LogGroupName: {
        'Fn::Join': ['', ['API-Gateway-Execution-Logs_', { Ref: logicalId(stack, stack.api.api) }, '/v1']],
      },
      RetentionInDays: 30,
    });
    const stage = Object.values(template.findResources('AWS::ApiGateway::Stage'))[0];
    expect(stage?.DependsOn).toContain(executionLogs);
  });

  it('traces every function with X-Ray and writes its logs to its own group with a retention', () => {
    const functions = template.findResources('AWS::Lambda::Function');
    expect(Object.keys(functions).sort()).toEqual(
      [
        stack.router,
        stack.worker,
        stack.deadLetters,
        stack.reconciler.function,
        stack.offboarding.function,
        stack.webhooks.deliverer,
        stack.webhooks.sweeper,
      ]
        .map((f) => logicalId(stack, f.fn))
        .sort(),
    );
    const groups = template.findResources('AWS::Logs::LogGroup');
    for (const fn of Object.values(functions)) {
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      const group = groups[fn.Properties.LoggingConfig.LogGroup.Ref];
      expect(group?.Properties.RetentionInDays).toBe(30);
    }
    template.hasResourceProperties('AWS::ApiGateway::Stage', { TracingEnabled: true });
  });

  it('sets every function’s log level from context', () => {
    const levels = (t: Template) =>
      Object.values(t.findResources('AWS::Lambda::Function')).map(
        (fn) => fn.Properties.Environment.Variables.LOG_LEVEL,
      );
    expect(levels(template)).toEqual(Array(7).fill('INFO'));
    expect(levels(synth({ logLevel: 'debug' }).template)).toEqual(Array(7).fill('DEBUG'));
    expect(() => synth({ logLevel: 'verbose' })).toThrow(/logLevel/);
  });
});
