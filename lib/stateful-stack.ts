import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { CreativesBucket } from './constructs/creatives-bucket.ts';
import { DataTable } from './constructs/data-table.ts';
import { UserDirectory } from './constructs/user-directory.ts';
import type { AdgenSettings } from './settings.ts';

export interface StatefulStackProps extends StackProps {
  readonly settings: Pick<
    AdgenSettings,
    'cognitoThreatProtection' | 'bucketVersioning' | 'noncurrentVersionDays'
  >;
}

/**
 * Everything that holds data: the table, the creatives bucket (and its access-log bucket) and
 * the user pool. Every resource is retained when the stack is deleted, so the stateless stack
 * can be destroyed and redeployed freely.
 */
export class StatefulStack extends Stack {
  readonly table: ITable;
  readonly bucket: IBucket;
  readonly userPool: IUserPool;
  readonly userPoolClient: IUserPoolClient;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    const { settings, ...stackProps } = props;
    super(scope, id, stackProps);
    this.table = new DataTable(this, 'Data').table;
    this.bucket = new CreativesBucket(this, 'Creatives', {
      versioned: settings.bucketVersioning === 'on',
      noncurrentVersionRetention: Duration.days(settings.noncurrentVersionDays),
    }).bucket;
    const users = new UserDirectory(this, 'Users', { threatProtection: settings.cognitoThreatProtection });
    this.userPool = users.userPool;
    this.userPoolClient = users.userPoolClient;
  }
}
