import { Stack, Validations } from 'aws-cdk-lib';
import { Grant, type IGrantable, type IRole } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { nagReference } from './nag.ts';

/**
 * Where generated creatives live in the bucket (`lambdas/core/entities/slot.ts` builds
 * `creatives/<account>/<campaign>/<job>/<index>.png`). The grants below name this prefix only.
 */
export const CREATIVES_PREFIX = 'creatives/';

/** Which object action a role needs on the creatives. */
export type CreativesAccess = 'presign-get' | 'put';

const ACTIONS: Record<CreativesAccess, string> = {
  // Presigning is local signing: the URL works only if the signer may s3:GetObject the key.
  'presign-get': 's3:GetObject',
  // One PutObject per PNG (a single request, never multipart), so no Abort* or List*.
  put: 's3:PutObject',
};

/**
 * Grants `role` exactly one S3 action on the creatives prefix of `bucket`, instead of the
 * `grantRead`/`grantPut` bundles (which add `GetObject*`, `List*`, `GetBucket*`, `Abort*` on
 * the whole bucket). The prefix ends in `/*` because keys are created at run time, so the
 * cdk-nag wildcard finding is acknowledged here, by name, on this role only.
 */
export function grantCreatives(role: IRole & IGrantable, bucket: IBucket, access: CreativesAccess): void {
  const action = ACTIONS[access];
  Grant.addToPrincipal({
    grantee: role,
    actions: [action],
    resourceArns: [bucket.arnForObjects(`${CREATIVES_PREFIX}*`)],
  });
  const bucketArn = nagReference(Stack.of(role), bucket, bucket.bucketArn);
  Validations.of(role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${bucketArn}/${CREATIVES_PREFIX}*]`,
    reason: `${action} on the creatives prefix of this one bucket: object keys are per account, campaign, job and slot, created at run time, so no narrower resource exists.`,
  });
}
