import { Stack, type StackProps } from 'aws-cdk-lib';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { CreativesBucket } from './constructs/creatives-bucket.ts';
import { DataTable } from './constructs/data-table.ts';
import { UserDirectory } from './constructs/user-directory.ts';

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

  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    this.table = new DataTable(this, 'Data').table;
    this.bucket = new CreativesBucket(this, 'Creatives').bucket;
    const users = new UserDirectory(this, 'Users');
    this.userPool = users.userPool;
    this.userPoolClient = users.userPoolClient;
  }
}
