import { fullDiff, ResourceImpact } from '@aws-cdk/cloudformation-diff';

/**
 * The stateful resources of a stage, by the logical id every release so far has given them,
 * and what a deploy that replaced or dropped one would take with it. A logical id is derived
 * from the construct path: renaming `Data`, `Creatives`, `Users` or a child id changes it, and
 * CloudFormation then creates a new, empty resource and lets go of the old one.
 */
export const PINNED_STATEFUL_RESOURCES = [
  {
    logicalId: 'DataTableFDBAD0F2',
    type: 'AWS::DynamoDB::Table',
    what: 'the DynamoDB table',
    lost: 'every account, credit balance, API key, client, campaign, angle, brand kit, job and creative record',
  },
  {
    logicalId: 'CreativesBucketF3919F96',
    type: 'AWS::S3::Bucket',
    what: 'the creatives bucket',
    lost: 'every generated PNG; the creatives the table lists would point at a bucket the stack no longer uses',
  },
  {
    logicalId: 'CreativesAccessLogs3C888EA5',
    type: 'AWS::S3::Bucket',
    what: 'the access-log bucket',
    lost: 'the server access logs of the creatives bucket (kept a year for audits)',
  },
  {
    logicalId: 'UsersUserPool7E610616',
    type: 'AWS::Cognito::UserPool',
    what: 'the Cognito user pool',
    lost: "every user and password; users would be re-invited with new subs, and an account is keyed by its user's sub, so each would lose its credits, keys, clients and campaigns",
  },
  {
    logicalId: 'UsersUserPoolApiClient4FB785AC',
    type: 'AWS::Cognito::UserPoolClient',
    what: 'the user pool app client',
    lost: 'its client id: every script, CLI login and integration configured with it stops logging in',
  },
] as const;

type Template = { Resources?: Record<string, { Type: string }>; Outputs?: Record<string, unknown> };

const DANGEROUS = new Set<ResourceImpact>([
  ResourceImpact.WILL_REPLACE,
  ResourceImpact.MAY_REPLACE,
  ResourceImpact.WILL_DESTROY,
  ResourceImpact.WILL_ORPHAN,
]);

/**
 * What deploying `current` over a stack created from `previous` would do to the pinned
 * resources, as `cdk diff` computes it (the same diff engine, `@aws-cdk/cloudformation-diff`):
 * one message per resource that would be replaced, may be replaced, or leave the template
 * (deleted, or orphaned when retained), naming what would be lost. Empty when upgrading is safe.
 */
export function replacementRisks(previous: Template, current: Template): string[] {
  const diff = fullDiff(previous, current);
  const risks: string[] = [];
  for (const pinned of PINNED_STATEFUL_RESOURCES) {
    const before = previous.Resources?.[pinned.logicalId];
    if (!before) continue;
    const after = current.Resources?.[pinned.logicalId];
    if (!after) {
      risks.push(
        `${pinned.what} (${pinned.logicalId}) is no longer in the template: CloudFormation would orphan the retained one and start empty. That loses ${pinned.lost}. Restore the construct id (the logical id must stay ${pinned.logicalId}).`,
      );
      continue;
    }
    const change = diff.resources.get(pinned.logicalId);
    if (!change || !DANGEROUS.has(change.changeImpact)) continue;
    const properties = Object.entries(change.propertyUpdates)
      .filter(([, update]) => update.changeImpact !== ResourceImpact.WILL_UPDATE)
      .map(([name]) => name);
    const reason =
      after.Type !== before.Type
        ? `its type changes from ${before.Type} to ${after.Type}`
        : `changing ${properties.join(', ') || 'its definition'} requires a replacement`;
    risks.push(
      `${pinned.what} (${pinned.logicalId}) would be ${change.changeImpact === ResourceImpact.MAY_REPLACE ? 'possibly ' : ''}replaced: ${reason}. That loses ${pinned.lost}.`,
    );
  }
  return risks;
}

/** Export names of a template (`Outputs.*.Export.Name`), which importing stacks depend on. */
export function exportNames(template: Template): string[] {
  return Object.values(template.Outputs ?? {})
    .map((o) => (o as { Export?: { Name?: unknown } }).Export?.Name)
    .filter((n): n is string => typeof n === 'string')
    .sort();
}
