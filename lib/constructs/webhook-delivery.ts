import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IGrantable, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { grantObjects } from './creatives-access.ts';
import { queueWithDeadLetters } from './generation-queue.ts';
import { nagReference } from './nag.ts';
import { NodeFunction } from './node-function.ts';

export interface WebhookDeliveryProps {
  readonly table: ITable;
  /** The creatives bucket: creative events carry a presigned link to the image. */
  readonly bucket: IBucket;
  /** The variables `lambdas/core/config.ts` reads (WEBHOOK_QUEUE_URL is added here). */
  readonly environment: Readonly<Record<string, string>>;
}

/** The partition keys of deliveries and of events (lambdas/core/db/keys.ts), as IAM patterns. */
export const DELIVERY_PARTITIONS = 'ACCOUNT#*#WEBHOOK#*';
export const EVENT_PARTITIONS = 'ACCOUNT#*#EVENT#*';

/** A delivery attempt waits at most 10 s on a receiver; a batch of 10 runs them in parallel. */
export const DELIVERY_TIMEOUT = Duration.seconds(60);

/**
 * Signed webhook delivery (ADR 0025): the delivery queue and its DLQ (SQS-managed encryption,
 * TLS only), the Lambda that makes one attempt per message and schedules the next by sending the
 * message again with a delay, and a sweeper that EventBridge Scheduler runs every five minutes
 * to re-send deliveries whose message was lost. Neither function runs in a VPC: receivers are on
 * the internet, and every address is checked public before it is connected to.
 */
export class WebhookDelivery extends Construct {
  readonly queue: Queue;
  readonly deadLetterQueue: Queue;
  readonly deliverer: NodeFunction;
  readonly sweeper: NodeFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: WebhookDeliveryProps) {
    super(scope, id);
    const queues = queueWithDeadLetters(this, {
      visibilityTimeout: Duration.seconds(DELIVERY_TIMEOUT.toSeconds() * 6),
      maxReceiveCount: 5,
    });
    this.queue = queues.queue;
    this.deadLetterQueue = queues.deadLetterQueue;
    const environment = { ...props.environment, WEBHOOK_QUEUE_URL: this.queue.queueUrl };

    this.deliverer = new NodeFunction(this, 'Deliverer', {
      entry: 'lambdas/webhooks/handler.ts',
      description: 'adgen webhook deliverer: one signed POST per queue message, retried with backoff',
      memorySize: 256,
      timeout: DELIVERY_TIMEOUT,
      environment,
    });
    // It sends to customer URLs, so it gets only what an attempt and a fan-out use (ADR 0029):
    // reads of the base table (the delivery, its event, the endpoints, a creative's slot), and
    // writes only to deliveries (`ACCOUNT#<a>#WEBHOOK#<e>` partitions: Put at fan-out, Update
    // for claim and outcome) and events (`ACCOUNT#<a>#EVENT#<id>`: marked fanned out). No
    // delete, no batch, no scan, no index.
    this.deliverer.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:Query'],
        resources: [props.table.tableArn],
      }),
    );
    this.deliverer.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:PutItem', 'dynamodb:UpdateItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [DELIVERY_PARTITIONS] } },
      }),
    );
    this.deliverer.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:UpdateItem'],
        resources: [props.table.tableArn],
        conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [EVENT_PARTITIONS] } },
      }),
    );
    // The next attempt is the same message sent again with a delay.
    this.queue.grantSendMessages(this.deliverer.role);
    // Presigned GETs of creatives for the creative events (signing needs the permission).
    grantObjects(this.deliverer.role, props.bucket, 'creatives', ['s3:GetObject']);
    this.deliverer.fn.addEventSource(
      new SqsEventSource(this.queue, { batchSize: 10, reportBatchItemFailures: true, maxConcurrency: 10 }),
    );

    this.sweeper = new NodeFunction(this, 'Sweeper', {
      entry: 'lambdas/webhooks/sweep-handler.ts',
      description: 'adgen webhook sweeper: re-sends the messages of overdue deliveries',
      memorySize: 256,
      timeout: Duration.seconds(60),
      environment: { ...environment, SWEEP_GRACE_SECONDS: '120' },
    });
    props.table.grantReadData(this.sweeper.role);
    this.queue.grantSendMessages(this.sweeper.role);
    const role = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
    });
    this.schedule = new Schedule(this, 'EveryFiveMinutes', {
      description: 'Re-send overdue adgen webhook deliveries',
      schedule: ScheduleExpression.rate(Duration.minutes(5)),
      target: new LambdaInvoke(this.sweeper.fn, { role, retryAttempts: 0 }),
    });

    const stack = Stack.of(this);
    const fnArn = nagReference(stack, this.sweeper.fn, this.sweeper.fn.functionArn);
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${fnArn}:*]`,
      reason:
        'lambda:InvokeFunction on this one function and its versions/aliases (<arn>:*), as grantInvoke writes it; no other function.',
    });
    const tableArn = nagReference(stack, props.table, props.table.tableArn);
    Validations.of(this.sweeper.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${tableArn}/index/*]`,
      reason:
        'The table grant adds the indexes of this one table (gsi1, gsi2) as <table ARN>/index/*; the sweeper queries gsi2. No other table.',
    });
  }

  /** Lets a function that emits events (settles slots or finalises jobs) enqueue their deliveries. */
  grantEmit(grantee: IGrantable): void {
    this.queue.grantSendMessages(grantee);
  }
}
