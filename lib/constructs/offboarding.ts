import { Duration } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { OFFBOARDING_EVENT_NAMES } from '#core/offboarding.ts';
import { NodeFunction } from './node-function.ts';

export interface OffboardingProps {
  readonly table: ITable;
  readonly userPool: IUserPool;
  /** The variables `lambdas/core/config.ts` reads. */
  readonly environment: Readonly<Record<string, string>>;
}

/**
 * Keys follow their owner: an EventBridge rule on Cognito's CloudTrail events (management
 * events reach the default bus without a trail) invokes a Lambda that marks the account's owner
 * inactive and revokes all its API keys (lambdas/core/offboarding.ts). The function may read
 * and update items of the table and query its key index, and look a user up in this one pool;
 * nothing else.
 */
export class Offboarding extends Construct {
  readonly function: NodeFunction;
  readonly rule: Rule;

  constructor(scope: Construct, id: string, props: OffboardingProps) {
    super(scope, id);
    this.function = new NodeFunction(this, 'Function', {
      entry: 'lambdas/offboard/handler.ts',
      description: 'adgen offboarding: revokes the API keys of a disabled or deleted Cognito user',
      memorySize: 256,
      timeout: Duration.seconds(60),
      environment: { ...props.environment, USER_POOL_ID: props.userPool.userPoolId },
    });
    // Item reads and updates (a revocation is a transaction of two updates) and the key list
    // (gsi1): named one by one, no index wildcard, no delete, no scan.
    this.function.role.addToPrincipalPolicy(
      new PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:Query'],
        resources: [props.table.tableArn, `${props.table.tableArn}/index/gsi1`],
      }),
    );
    // A username in the event is turned into the user's sub (our account id).
    this.function.role.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [props.userPool.userPoolArn] }),
    );
    this.rule = new Rule(this, 'CognitoUserRemoved', {
      description: 'A Cognito user was disabled or deleted: offboard the account it owns',
      eventPattern: {
        source: ['aws.cognito-idp'],
        detailType: ['AWS API Call via CloudTrail'],
        detail: { eventSource: ['cognito-idp.amazonaws.com'], eventName: [...OFFBOARDING_EVENT_NAMES] },
      },
      targets: [new LambdaFunction(this.function.fn, { retryAttempts: 4, maxEventAge: Duration.hours(2) })],
    });
  }
}
