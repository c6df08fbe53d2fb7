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
  /** How long an export ZIP is kept (exports/). @default 30 days */
  readonly exportRetention?: Duration;
  /** Versioning of the creatives bucket (setting `bucketVersioning`). @default true */
  readonly versioned?: boolean;
  /** How long a noncurrent version is kept (setting `noncurrentVersionDays`). @default Duration.days(30) */
  readonly noncurrentVersionRetention?: Duration;
}

/**
 * The private bucket of generated creatives (and fetched product images), plus the bucket that
 * receives its server access logs. Both: all public access blocked, TLS only, SSE-S3, owner-
 * enforced object ownership (no ACLs), incomplete multipart uploads aborted after a day,
 * retained.
 *
 * The creatives bucket is versioned by default (setting `bucketVersioning`): an uploaded asset
 * or a delivered creative deleted or overwritten by mistake (or by a leaked presigned PUT) can
 * be restored for `noncurrentVersionDays`, after which a lifecycle rule deletes the old version;
 * delete markers left with no version are removed too. A deletion (delete_client, offboarding)
 * therefore frees the storage only once that window has passed. The access-log bucket is not
 * versioned: its objects are written once by S3.
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
      removalPolicy: RemovalPolicy.RETAIN,
    } as const;
    const versioned = props.versioned ?? true;

    // Server access log delivery supports SSE-S3 only, and writes through a bucket policy
    // (feature flag @aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy), not an ACL. It is not
    // logged itself (that would need a third bucket); cdk-nag's S1 exempts log destinations.
    this.accessLogsBucket = new Bucket(this, 'AccessLogs', {
      ...common,
      versioned: false,
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
      versioned,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'creatives/',
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ...(versioned
          ? [
              {
                id: 'expire-noncurrent-versions',
                noncurrentVersionExpiration: props.noncurrentVersionRetention ?? Duration.days(30),
                expiredObjectDeleteMarker: true,
              },
            ]
          : []),
        // A shared model visual only serves the slots of its job, redeliveries included (the
        // queue keeps a message at most 14 days); a product cut-out is made again on a miss.
        {
          id: 'expire-shared-visuals',
          prefix: 'visuals/',
          expiration: props.visualRetention ?? Duration.days(14),
        },
        { id: 'expire-cutouts', prefix: 'cutouts/', expiration: props.cutoutRetention ?? Duration.days(30) },
        // An export ZIP is fetched once, right after it is built; a new export is one call away.
        { id: 'expire-exports', prefix: 'exports/', expiration: props.exportRetention ?? Duration.days(30) },
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
