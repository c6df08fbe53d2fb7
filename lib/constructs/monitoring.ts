import { Aws, Duration, Stack } from 'aws-cdk-lib';
import type { RestApi } from 'aws-cdk-lib/aws-apigateway';
import {
  Alarm,
  AlarmStatusWidget,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  type IMetric,
  MathExpression,
  Metric,
  SearchExpression,
  Stats,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE, METRICS_SERVICE, type MetricName } from '#core/telemetry.ts';
import type { AlarmThresholds } from '../settings.ts';

export interface MonitoringProps {
  /** When each alarm fires (the `alarm*` settings). */
  readonly thresholds: AlarmThresholds;
  /** Subscribed to the alarm topic by e-mail when given. @default no subscription */
  readonly alarmEmail?: string | undefined;
  readonly router: IFunction;
  readonly worker: IFunction;
  readonly deadLetters: IFunction;
  readonly queue: IQueue;
  readonly deadLetterQueue: IQueue;
  /** The webhook delivery queue's DLQ (ADR 0025). */
  readonly webhookDeadLetterQueue: IQueue;
  readonly api: RestApi;
}

/** Alarm names (after the stack name), which the runbook refers to. */
export const ALARMS = {
  dlqMessages: 'dlq-messages',
  queueAge: 'queue-oldest-message-age',
  router5xxRate: 'router-5xx-rate',
  workerErrors: 'worker-errors',
  modelThrottleRate: 'model-throttle-rate',
  modelNotActive: 'model-not-active',
  webhookDlqMessages: 'webhook-dlq-messages',
} as const;

const FIVE_MINUTES = Duration.minutes(5);
const ONE_MINUTE = Duration.minutes(1);

/** One of the functions' business metrics (EMF, `lambdas/core/telemetry.ts`), summed over every dimension. */
function business(
  name: MetricName,
  statistic: string = Stats.SUM,
  period = FIVE_MINUTES,
  label?: string,
): Metric {
  return new Metric({
    namespace: METRICS_NAMESPACE,
    metricName: name,
    dimensionsMap: { service: METRICS_SERVICE },
    statistic,
    period,
    label: label ?? name,
  });
}

/**
 * Alarms, their SNS topic and the operations dashboard (docs/operations.md explains each):
 *
 * | alarm | fires when |
 * |---|---|
 * | dlq-messages | messages reached the DLQ (arrivals counted by its consumer + messages left visible) |
 * | queue-oldest-message-age | the oldest generation message waits longer than the threshold |
 * | router-5xx-rate | the share of 5xx answers of the API (API Gateway's 5XXError, so timeouts count) |
 * | worker-errors | failed worker runs (Lambda Errors) plus slots whose processing threw |
 * | model-throttle-rate | the share of image model calls refused for rate or quota, 2 of 3 periods |
 * | model-not-active | the worker's cold start found the image model Legacy or past its end of life |
 * | webhook-dlq-messages | webhook delivery messages whose attempt kept throwing reached their DLQ |
 *
 * Every alarm notifies the topic when it fires and when it recovers.
 */
export class Monitoring extends Construct {
  readonly topic: Topic;
  readonly dashboard: Dashboard;
  readonly alarms: Record<keyof typeof ALARMS, Alarm>;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { thresholds: t } = props;
    const stackName = Stack.of(this).stackName;

    this.topic = new Topic(this, 'AlarmTopic', { displayName: 'adgen alarms', enforceSSL: true });
    // The topic policy replaces SNS's default one: let CloudWatch alarms of this account publish.
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: {
            'aws:SourceArn': `arn:${Aws.PARTITION}:cloudwatch:${Aws.REGION}:${Aws.ACCOUNT_ID}:alarm:*`,
          },
        },
      }),
    );
    // Not encrypted at rest, deliberately: CloudWatch alarms can publish to an encrypted topic
    // only if its KMS key policy grants cloudwatch.amazonaws.com, which the AWS managed key
    // (alias/aws/sns) cannot, so every notification would be dropped. Notifications carry alarm
    // names, states and metric values only; publishing requires TLS (cdk-nag SNS3).
    if (props.alarmEmail) this.topic.addSubscription(new EmailSubscription(props.alarmEmail));

    const alarm = (
      key: keyof typeof ALARMS,
      description: string,
      metric: IMetric,
      options: {
        threshold: number;
        comparison?: ComparisonOperator;
        evaluationPeriods?: number;
        datapointsToAlarm?: number;
        missing?: TreatMissingData;
      },
    ) => {
      const created = new Alarm(this, `${key[0]?.toUpperCase()}${key.slice(1)}Alarm`, {
        alarmName: `${stackName}-${ALARMS[key]}`,
        alarmDescription: `${description} Runbook: docs/operations.md, "Alarms".`,
        metric,
        threshold: options.threshold,
        comparisonOperator: options.comparison ?? ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: options.evaluationPeriods ?? 1,
        datapointsToAlarm: options.datapointsToAlarm ?? options.evaluationPeriods ?? 1,
        treatMissingData: options.missing ?? TreatMissingData.NOT_BREACHING,
      });
      created.addAlarmAction(new SnsAction(this.topic));
      created.addOkAction(new SnsAction(this.topic));
      return created;
    };

    // The DLQ consumer drains the DLQ within seconds, so its arrivals count every message that
    // got there; messages still visible mean the consumer itself is failing.
    const dlqArrivals = business(METRIC.dlqArrivals);
    const dlqVisible = props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
      statistic: Stats.MAXIMUM,
      period: FIVE_MINUTES,
    });
    const serverErrorRate = new MathExpression({
      expression: '100 * errors',
      usingMetrics: {
        errors: props.api.metricServerError({ statistic: Stats.AVERAGE, period: FIVE_MINUTES }),
      },
      label: '5xx answers (%)',
      period: FIVE_MINUTES,
    });
    const slotErrors = business(METRIC.slotErrors);
    const workerRunErrors = props.worker.metricErrors({ statistic: Stats.SUM, period: FIVE_MINUTES });
    const throttles = business(METRIC.modelThrottles);
    const modelCalls = business(METRIC.modelCalls);

    this.alarms = {
      dlqMessages: alarm(
        'dlqMessages',
        'Messages reached the dead-letter queue: slots were failed and their credits released.',
        new MathExpression({
          expression: 'FILL(arrivals, 0) + FILL(visible, 0)',
          usingMetrics: { arrivals: dlqArrivals, visible: dlqVisible },
          label: 'DLQ messages',
          period: FIVE_MINUTES,
        }),
        { threshold: t.alarmDlqMessages },
      ),
      queueAge: alarm(
        'queueAge',
        'The oldest generation message has waited too long: workers are stuck, throttled or at their concurrency.',
        props.queue.metricApproximateAgeOfOldestMessage({ statistic: Stats.MAXIMUM, period: FIVE_MINUTES }),
        { threshold: t.alarmQueueAgeSeconds },
      ),
      router5xxRate: alarm(
        'router5xxRate',
        'Too many 5xx answers from the API (router errors, timeouts, integration failures).',
        serverErrorRate,
        { threshold: t.alarmRouter5xxPercent },
      ),
      workerErrors: alarm(
        'workerErrors',
        'The generation worker failed runs (crash, timeout) or slots threw unexpectedly.',
        new MathExpression({
          expression: 'FILL(runs, 0) + FILL(slots, 0)',
          usingMetrics: { runs: workerRunErrors, slots: slotErrors },
          label: 'worker errors',
          period: FIVE_MINUTES,
        }),
        { threshold: t.alarmWorkerErrors },
      ),
      modelThrottleRate: alarm(
        'modelThrottleRate',
        'The image model throttles a large share of calls: raise the Bedrock quota or lower workerMaxConcurrency.',
        new MathExpression({
          expression: '100 * FILL(throttles, 0) / calls',
          usingMetrics: { throttles, calls: modelCalls },
          label: 'throttled model calls (%)',
          period: FIVE_MINUTES,
        }),
        { threshold: t.alarmModelThrottlePercent, evaluationPeriods: 3, datapointsToAlarm: 2 },
      ),
      // Published once per worker cold start (1 Legacy/EOL, 0 Active); the alarm keeps its state
      // between cold starts and clears when a worker starts with an Active model.
      modelNotActive: alarm(
        'modelNotActive',
        'The image model is Legacy or past its end of life: switch imageModelId to an Active model.',
        business(METRIC.modelNotActive, Stats.MAXIMUM),
        {
          threshold: 1,
          comparison: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          missing: TreatMissingData.IGNORE,
        },
      ),
      // Not a receiver answering errors (that is a retried attempt): the deliverer itself threw
      // five times on one message (DynamoDB, SQS, a bug). The sweeper still re-sends the delivery.
      webhookDlqMessages: alarm(
        'webhookDlqMessages',
        'Webhook delivery messages reached their dead-letter queue: the deliverer keeps failing.',
        props.webhookDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
          statistic: Stats.MAXIMUM,
          period: FIVE_MINUTES,
        }),
        { threshold: 0 },
      ),
    };

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${stackName}-${Aws.REGION}`,
      defaultInterval: Duration.hours(3),
    });
    const perMinute = (name: MetricName, label?: string) => business(name, Stats.SUM, ONE_MINUTE, label);
    const latency = (stat: string) => business(METRIC.latency, stat, ONE_MINUTE, `router ${stat}`);
    const modelLatency = (stat: string) => business(METRIC.modelLatency, stat, FIVE_MINUTES, `model ${stat}`);
    this.dashboard.addWidgets(
      new TextWidget({
        markdown:
          "## adgen\nRequests and latency are the router's own measures (per action in the `adgen` namespace, dimensions `action`, `status`); images, credits and model metrics come from the worker. How to read it and what to do per alarm: `docs/operations.md`.",
        width: 24,
        height: 2,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Requests per minute',
        left: [perMinute(METRIC.requests, 'requests'), perMinute(METRIC.serverErrors, '5xx')],
        width: 8,
      }),
      new GraphWidget({
        title: 'Request latency (ms)',
        left: [latency(Stats.p(50)), latency(Stats.p(90)), latency(Stats.p(99))],
        width: 8,
      }),
      new AlarmStatusWidget({ title: 'Alarms', alarms: Object.values(this.alarms), width: 8, height: 6 }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Images per minute',
        left: [
          perMinute(METRIC.imagesSucceeded, 'succeeded'),
          perMinute(METRIC.imagesFailed, 'failed'),
          perMinute(METRIC.imagesRetried, 'retried'),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'Failed images by reason',
        left: [
          new SearchExpression({
            expression: `SEARCH('{${METRICS_NAMESPACE},reason,service} MetricName="${METRIC.imagesFailed}"', 'Sum', 300)`,
            label: '',
            period: FIVE_MINUTES,
          }),
        ],
        width: 8,
      }),
      new GraphWidget({
        title: 'Image model',
        left: [modelLatency(Stats.p(50)), modelLatency(Stats.p(99))],
        right: [throttles, modelCalls],
        leftYAxis: { label: 'ms', showUnits: false },
        rightYAxis: { label: 'calls', showUnits: false },
        width: 8,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Generation queue',
        left: [
          props.queue.metricApproximateNumberOfMessagesVisible({ period: ONE_MINUTE, label: 'waiting' }),
          props.queue.metricApproximateNumberOfMessagesNotVisible({ period: ONE_MINUTE, label: 'in flight' }),
          props.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
            period: ONE_MINUTE,
            label: 'in DLQ',
          }),
        ],
        right: [props.queue.metricApproximateAgeOfOldestMessage({ period: ONE_MINUTE, label: 'oldest (s)' })],
        width: 12,
      }),
      new GraphWidget({
        title: 'Credits',
        left: [
          business(METRIC.creditsUsed, Stats.SUM, FIVE_MINUTES, 'consumed'),
          business(METRIC.creditsReserved, Stats.SUM, FIVE_MINUTES, 'reserved'),
          business(METRIC.creditsReleased, Stats.SUM, FIVE_MINUTES, 'released'),
        ],
        width: 12,
      }),
    );
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Lambda errors and throttles',
        left: [
          props.router.metricErrors({ period: FIVE_MINUTES, label: 'router errors' }),
          props.worker.metricErrors({ period: FIVE_MINUTES, label: 'worker errors' }),
          props.deadLetters.metricErrors({ period: FIVE_MINUTES, label: 'DLQ consumer errors' }),
        ],
        right: [
          props.router.metricThrottles({ period: FIVE_MINUTES, label: 'router throttles' }),
          props.worker.metricThrottles({ period: FIVE_MINUTES, label: 'worker throttles' }),
        ],
        width: 24,
      }),
    );
  }
}
