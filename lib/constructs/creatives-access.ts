import { Stack, Validations } from 'aws-cdk-lib';
import { Grant, type IGrantable, type IRole, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { nagReference } from './nag.ts';

/**
 * Where generated creatives live in the bucket (`lambdas/core/entities/slot.ts` builds
 * `creatives/<account>/<campaign>/<job>/<index>.png`). The grants below name this prefix only.
 */
export const CREATIVES_PREFIX = 'creatives/';

/** The prefixes the functions use, each with what is kept there. */
export const OBJECT_PREFIXES = {
  creatives: { prefix: CREATIVES_PREFIX, what: 'generated creatives, per account, campaign, job and slot' },
  assets: { prefix: 'assets/', what: 'uploaded logo and product assets, per account, client and asset' },
  visuals: {
    prefix: 'visuals/',
    what: 'model visuals shared across ratios, per account, campaign, job and angle',
  },
  cutouts: { prefix: 'cutouts/', what: 'product cut-outs, per account and content hash' },
  exports: {
    prefix: 'exports/',
    what: 'campaign exports for the ad managers, per account and campaign (ADR 0042)',
  },
} as const;
export type ObjectPrefix = keyof typeof OBJECT_PREFIXES;

/**
 * Grants `role` exactly these S3 object actions on one prefix of `bucket`, instead of the
 * `grantRead`/`grantPut` bundles (which add `GetObject*`, `List*`, `GetBucket*`, `Abort*` on
 * the whole bucket). Presigning is local signing: a presigned URL works only if the signer may
 * do the action itself. Every object is written with one PutObject (never multipart), so no
 * Abort* or List*. The prefix ends in `/*` because keys are created at run time, so the cdk-nag
 * wildcard finding is acknowledged here, by name, on this role only.
 */
export function grantObjects(
  role: IRole & IGrantable,
  bucket: IBucket,
  where: ObjectPrefix,
  actions: readonly ('s3:GetObject' | 's3:PutObject' | 's3:DeleteObject')[],
): void {
  const { prefix, what } = OBJECT_PREFIXES[where];
  Grant.addToPrincipal({
    grantee: role,
    actions: [...actions],
    resourceArns: [bucket.arnForObjects(`${prefix}*`)],
  });
  const bucketArn = nagReference(Stack.of(role), bucket, bucket.bucketArn);
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${bucketArn}/${prefix}*]`,
    reason: `${actions.join(' and ')} on the ${prefix} prefix of this one bucket (${what}): keys are created at run time, so no narrower resource exists.`,
  });
}

/**
 * Lets `role` list keys under these prefixes of `bucket`, and only there: `s3:ListBucket` is a
 * bucket-level action, so the `s3:prefix` condition is what holds it to the prefixes. A deletion
 * lists a campaign's or client's objects to delete them (lambdas/core/s3/delete-prefix.ts).
 */
export function grantListUnder(
  role: IRole & IGrantable,
  bucket: IBucket,
  where: readonly ObjectPrefix[],
): void {
  role.addToPrincipalPolicy(
    new PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [bucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': where.map((w) => `${OBJECT_PREFIXES[w].prefix}*`) } },
    }),
  );
}

/**
 * What deleting a campaign or a client (ADR 0028) needs of the bucket: list, then DeleteObject,
 * under the prefixes where a campaign's creatives and shared visuals and a client's assets live.
 */
export function grantDeletionSweep(role: IRole & IGrantable, bucket: IBucket): void {
  const where = ['creatives', 'visuals', 'assets'] as const;
  grantListUnder(role, bucket, where);
  for (const prefix of where) grantObjects(role, bucket, prefix, ['s3:DeleteObject']);
}
