import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Schedule, ScheduleExpression } from 'aws-cdk-lib/aws-scheduler';
import { LambdaInvoke } from 'aws-cdk-lib/aws-scheduler-targets';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { grantDeletionSweep } from './creatives-access.ts';
import { nagReference } from './nag.ts';
import { NodeFunction } from './node-function.ts';

export interface DispatchReconcilerProps {
  readonly table: ITable;
  readonly queue: IQueue;
  /** The creatives bucket: the reconciler finishes interrupted deletions there too (ADR 0028). */
  readonly bucket: IBucket;
  /** The variables `lambdas/core/config.ts` reads. */
  readonly environment: Readonly<Record<string, string>>;
  /** Jobs younger than this are left to the request still dispatching them (> router timeout). */
  readonly grace: Duration;
}

/**
 * Finishes dispatches a dead or timed-out router left half-done (lambdas/core/generation/
 * reconcile.ts): a Lambda that EventBridge Scheduler invokes every minute, allowed to read and
 * write the table and to send to the generation queue, nothing else.
 */
export class DispatchReconciler extends Construct {
  readonly function: NodeFunction;
  readonly schedule: Schedule;

  constructor(scope: Construct, id: string, props: DispatchReconcilerProps) {
    super(scope, id);
    this.function = new NodeFunction(this, 'Function', {
      entry: 'lambdas/generate/reconcile-handler.ts',
      description:
        'adgen dispatch reconciler: writes and enqueues the missing slots of interrupted dispatches',
      memorySize: 512,
      timeout: Duration.seconds(50),
      environment: { ...props.environment, DISPATCH_GRACE_SECONDS: String(props.grace.toSeconds()) },
    });
    props.table.grantReadWriteData(this.function.role);
    props.queue.grantSendMessages(this.function.role);
    grantDeletionSweep(this.function.role, props.bucket);
    // Our own role for the scheduler (not the stack-wide singleton), so its one finding is
    // acknowledged here, beside the grant that causes it.
    const role = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
    });
    this.schedule = new Schedule(this, 'EveryMinute', {
      description: 'Finish interrupted adgen dispatches',
      schedule: ScheduleExpression.rate(Duration.minutes(1)),
      target: new LambdaInvoke(this.function.fn, { role, retryAttempts: 0 }),
    });
    const fnArn = nagReference(Stack.of(this), this.function.fn, this.function.fn.functionArn);
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${fnArn}:*]`,
      reason:
        'lambda:InvokeFunction on this one function and its versions/aliases (<arn>:*), as grantInvoke writes it; no other function.',
    });
  }
}
