import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

export interface CreativesBucketProps {
  /** How long server access logs are kept. @default Duration.days(365) */
  readonly accessLogRetention?: Duration;
  /** How long shared model visuals (`visuals/`) are kept. @default Duration.days(14) */
  readonly visualRetention?: Duration;
  /** How long product cut-outs (`cutouts/`) are kept. @default Duration.days(30) */
  readonly cutoutRetention?: Duration;
}

/**
 * The private bucket of generated creatives (and fetched product images), plus the bucket that
 * receives its server access logs. Both: all public access blocked, TLS only, SSE-S3, owner-
 * enforced object ownership (no ACLs), incomplete multipart uploads aborted after a day,
 * retained.
 *
 * Versioning stays off: every object is derived (a slot's image has a deterministic key and can
 * be generated again), a retried slot overwrites its own key, and the ledger of what exists
 * lives in the table, which has point-in-time recovery. Versions would only keep paid-for
 * duplicates.
 */
export class CreativesBucket extends Construct {
  readonly bucket: Bucket;
  readonly accessLogsBucket: Bucket;

  constructor(scope: Construct, id: string, props: CreativesBucketProps = {}) {
    super(scope, id);
    const common = {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: false,
      removalPolicy: RemovalPolicy.RETAIN,
    } as const;

    // Server access log delivery supports SSE-S3 only, and writes through a bucket policy
    // (feature flag @aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy), not an ACL. It is not
    // logged itself (that would need a third bucket); cdk-nag's S1 exempts log destinations.
    this.accessLogsBucket = new Bucket(this, 'AccessLogs', {
      ...common,
      lifecycleRules: [
        {
          id: 'expire-access-logs',
          expiration: props.accessLogRetention ?? Duration.days(365),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });
    this.bucket = new Bucket(this, 'Bucket', {
      ...common,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'creatives/',
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // A shared model visual only serves the slots of its job, redeliveries included (the
        // queue keeps a message at most 14 days); a product cut-out is made again on a miss.
        {
          id: 'expire-shared-visuals',
          prefix: 'visuals/',
          expiration: props.visualRetention ?? Duration.days(14),
        },
        { id: 'expire-cutouts', prefix: 'cutouts/', expiration: props.cutoutRetention ?? Duration.days(30) },
      ],
      // A browser gallery loads the presigned GET URLs from any origin; the signature, not CORS,
      // is what grants access.
      cors: [
        {
          allowedMethods: [HttpMethods.GET, HttpMethods.HEAD],
          allowedOrigins: ['*'],
          exposedHeaders: ['Content-Length', 'Content-Type', 'ETag'],
          maxAge: 3600,
        },
      ],
    });
  }
}
