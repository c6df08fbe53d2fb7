import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { tableDesign } from '#core/db/table-design.ts';
import { buildApp } from '#lib/app.ts';
import cdkJson from '../../cdk.json' with { type: 'json' };

let template: Template;

beforeAll(() => {
  // cdk.json's context (settings and feature flags), without bundling the Lambdas.
  const { stateful } = buildApp({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
    nagChecks: false,
  });
  template = Template.fromStack(stateful);
});

const retained = { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain' };

describe('table', () => {
  it('has the keys and indexes of table-design.ts, projecting everything', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: [
        { AttributeName: tableDesign.partitionKey, KeyType: 'HASH' },
        { AttributeName: tableDesign.sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: tableDesign.globalSecondaryIndexes.map((gsi) => ({
        IndexName: gsi.indexName,
        KeySchema: [
          { AttributeName: gsi.partitionKey, KeyType: 'HASH' },
          { AttributeName: gsi.sortKey, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      TimeToLiveSpecification: { AttributeName: tableDesign.timeToLiveAttribute, Enabled: true },
    });
  });

  it('is on demand, encrypted, recoverable to a point in time, protected and retained', () => {
    template.resourceCountIs('AWS::DynamoDB::Table', 1);
    template.hasResource('AWS::DynamoDB::Table', {
      ...retained,
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        DeletionProtectionEnabled: true,
        SSESpecification: { SSEEnabled: true },
      }),
    });
  });
});

describe('creatives bucket', () => {
  const privateBucket = {
    PublicAccessBlockConfiguration: {
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    },
    BucketEncryption: {
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    },
    OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
  };

  it('is private, SSE-S3 encrypted, logged, and aborts stale multipart uploads', () => {
    template.hasResource('AWS::S3::Bucket', {
      ...retained,
      Properties: Match.objectLike({
        ...privateBucket,
        VersioningConfiguration: { Status: 'Enabled' },
        LoggingConfiguration: {
          DestinationBucketName: { Ref: Match.anyValue() },
          LogFilePrefix: 'creatives/',
        },
        LifecycleConfiguration: {
          Rules: [
            Match.objectLike({
              AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
              Status: 'Enabled',
            }),
            // Versioned by default: an old version is kept 30 days, then deleted.
            Match.objectLike({
              NoncurrentVersionExpiration: { NoncurrentDays: 30 },
              ExpiredObjectDeleteMarker: true,
              Status: 'Enabled',
            }),
            // Shared model visuals and product cut-outs are caches: they expire, creatives do not.
            Match.objectLike({ Prefix: 'visuals/', ExpirationInDays: 14, Status: 'Enabled' }),
            Match.objectLike({ Prefix: 'cutouts/', ExpirationInDays: 30, Status: 'Enabled' }),
            // An export ZIP is fetched right after it is built (ADR 0046).
            Match.objectLike({ Prefix: 'exports/', ExpirationInDays: 30, Status: 'Enabled' }),
          ],
        },
        CorsConfiguration: {
          CorsRules: [Match.objectLike({ AllowedMethods: ['GET', 'HEAD'], AllowedOrigins: ['*'] })],
        },
      }),
    });
  });

  it('keeps its access logs in a second private bucket that expires them', () => {
    template.resourceCountIs('AWS::S3::Bucket', 2);
    template.hasResource('AWS::S3::Bucket', {
      ...retained,
      Properties: Match.objectLike({
        ...privateBucket,
        LoggingConfiguration: Match.absent(),
        VersioningConfiguration: Match.absent(),
        LifecycleConfiguration: {
          Rules: [
            Match.objectLike({
              ExpirationInDays: 365,
              AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
            }),
          ],
        },
      }),
    });
  });

  it('refuses requests without TLS on both buckets', () => {
    const policies = template.findResources('AWS::S3::BucketPolicy', {
      Properties: {
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Principal: { AWS: '*' },
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      },
    });
    expect(Object.keys(policies)).toHaveLength(2);
  });
});

describe('settings of the stateful stack', () => {
  const build = (context: Record<string, unknown>) =>
    Template.fromStack(
      buildApp({
        context: { ...cdkJson.context, ...context, 'aws:cdk:bundling-stacks': [] },
        nagChecks: false,
      }).stateful,
    );

  it('are in cdk.json with their documented defaults: versioning on, threat protection off', () => {
    expect(cdkJson.context).toMatchObject({
      bucketVersioning: 'on',
      noncurrentVersionDays: 30,
      cognitoThreatProtection: 'off',
    });
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'ESSENTIALS',
      UserPoolAddOns: Match.absent(),
    });
  });

  it('bucketVersioning=off leaves the bucket unversioned, without the noncurrent rule', () => {
    const off = build({ bucketVersioning: 'off' });
    const buckets = Object.values(off.findResources('AWS::S3::Bucket'));
    expect(buckets.map((b) => b.Properties.VersioningConfiguration)).toEqual([undefined, undefined]);
    expect(JSON.stringify(buckets)).not.toContain('NoncurrentVersionExpiration');
  });

  it('noncurrentVersionDays sets how long an old version is kept', () => {
    build({ noncurrentVersionDays: 7 }).hasResourceProperties('AWS::S3::Bucket', {
      LifecycleConfiguration: {
        Rules: Match.arrayWith([Match.objectLike({ NoncurrentVersionExpiration: { NoncurrentDays: 7 } })]),
      },
    });
  });

  it.each([
    ['audit', 'AUDIT'],
    ['enforced', 'ENFORCED'],
  ])('cognitoThreatProtection=%s puts the pool on the Plus plan in %s mode', (mode, expected) => {
    build({ cognitoThreatProtection: mode }).hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: expected },
    });
  });
});

describe('user pool', () => {
  it('lets only admins create users, signs in by email and asks for strong passwords', () => {
    template.hasResource('AWS::Cognito::UserPool', {
      ...retained,
      Properties: Match.objectLike({
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
        UsernameAttributes: ['email'],
        Policies: {
          PasswordPolicy: Match.objectLike({
            MinimumLength: 12,
            RequireLowercase: true,
            RequireUppercase: true,
            RequireNumbers: true,
            RequireSymbols: true,
          }),
        },
        AccountRecoverySetting: { RecoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }] },
        MfaConfiguration: 'OPTIONAL',
        EnabledMfas: ['SOFTWARE_TOKEN_MFA'],
        DeletionProtection: 'ACTIVE',
      }),
    });
  });

  it('has one public client for password and SRP logins with one-hour access tokens', () => {
    template.resourceCountIs('AWS::Cognito::UserPoolClient', 1);
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      GenerateSecret: false,
      ExplicitAuthFlows: Match.arrayEquals([
        'ALLOW_USER_PASSWORD_AUTH',
        'ALLOW_USER_SRP_AUTH',
        'ALLOW_REFRESH_TOKEN_AUTH',
      ]),
      AccessTokenValidity: 60,
      TokenValidityUnits: Match.objectLike({ AccessToken: 'minutes' }),
      AllowedOAuthFlows: Match.absent(),
      PreventUserExistenceErrors: 'ENABLED',
    });
  });
});
