import type { CfnResource } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#lib/app.ts';
import type { StatefulStack } from '#lib/stateful-stack.ts';
import cdkJson from '../../cdk.json' with { type: 'json' };
import previousRelease from './fixtures/AdgenStateful.0.1.0.template.json' with { type: 'json' };
import { exportNames, PINNED_STATEFUL_RESOURCES, replacementRisks } from './replacement-guard.ts';

type TemplateJson = { Resources: Record<string, any>; Outputs?: Record<string, unknown> };

/** The stateful stack of a stage, as `cdk synth -c stage=<stage>` builds it (without bundling). */
function synthStateful(stage?: string): { stack: StatefulStack; template: TemplateJson } {
  const { stateful } = buildApp({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...(stage ? { stage } : {}) },
    nagChecks: false,
  });
  return { stack: stateful, template: Template.fromStack(stateful).toJSON() as TemplateJson };
}

const clone = (t: TemplateJson): TemplateJson => structuredClone(t);

let prod: ReturnType<typeof synthStateful>;
beforeAll(() => {
  prod = synthStateful();
});

describe('replacement guard: the logical ids of the stateful resources are pinned', () => {
  it.each(['prod', 'dev'])('stage %s keeps every pinned logical id and type', (stage) => {
    const { stack, template } = stage === 'prod' ? prod : synthStateful(stage);
    const constructs: Record<string, CfnResource> = {
      DataTableFDBAD0F2: stack.table.node.defaultChild as CfnResource,
      CreativesBucketF3919F96: stack.bucket.node.defaultChild as CfnResource,
      UsersUserPool7E610616: stack.userPool.node.defaultChild as CfnResource,
      UsersUserPoolApiClient4FB785AC: stack.userPoolClient.node.defaultChild as CfnResource,
    };
    for (const [pinnedId, resource] of Object.entries(constructs)) {
      const pinned = PINNED_STATEFUL_RESOURCES.find((p) => p.logicalId === pinnedId);
      expect(
        stack.getLogicalId(resource),
        `${pinned?.what} would get a new logical id, so CloudFormation would replace it and lose ${pinned?.lost}`,
      ).toBe(pinnedId);
    }
    for (const pinned of PINNED_STATEFUL_RESOURCES) {
      expect(
        template.Resources[pinned.logicalId]?.Type,
        `${pinned.what} is missing under ${pinned.logicalId}: a deploy would lose ${pinned.lost}`,
      ).toBe(pinned.type);
    }
  });

  it('pins every stateful resource there is: no table, bucket, pool, client or KMS key goes unguarded', () => {
    const guarded = new Set<string>(PINNED_STATEFUL_RESOURCES.map((p) => p.logicalId));
    const statefulTypes = [
      'AWS::DynamoDB::Table',
      'AWS::S3::Bucket',
      'AWS::Cognito::UserPool',
      'AWS::Cognito::UserPoolClient',
      'AWS::KMS::Key',
    ];
    const unguarded = Object.entries(prod.template.Resources)
      .filter(([id, r]) => statefulTypes.includes(r.Type) && !guarded.has(id))
      .map(([id, r]) => `${id} (${r.Type})`);
    expect(unguarded, 'pin these in test/infra/replacement-guard.ts with what they would lose').toEqual([]);
  });

  it('retains every pinned resource that holds data, so even a mistake orphans it instead of deleting it', () => {
    // The app client holds no data (only its id matters), so CDK does not retain it.
    for (const pinned of PINNED_STATEFUL_RESOURCES.filter((p) => p.type !== 'AWS::Cognito::UserPoolClient')) {
      expect(prod.template.Resources[pinned.logicalId]).toMatchObject({
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
      });
    }
  });

  it('says what would be lost when a construct id is renamed', () => {
    const renamed = clone(prod.template);
    renamed.Resources.DataTableRenamed = renamed.Resources.DataTableFDBAD0F2;
    delete renamed.Resources.DataTableFDBAD0F2;
    const risks = replacementRisks(prod.template, renamed);
    expect(risks).toHaveLength(1);
    expect(risks[0]).toContain('the DynamoDB table (DataTableFDBAD0F2) is no longer in the template');
    expect(risks[0]).toContain('every account, credit balance, API key');
    console.log(`renamed table -> ${risks[0]}`);
  });

  it('says what would be lost when a property change forces a replacement', () => {
    const changed = clone(prod.template);
    changed.Resources.DataTableFDBAD0F2.Properties.KeySchema[0].AttributeName = 'id';
    changed.Resources.CreativesBucketF3919F96.Properties.BucketName = 'adgen-creatives-renamed';
    const risks = replacementRisks(prod.template, changed);
    expect(risks).toEqual([
      expect.stringMatching(
        /^the DynamoDB table \(DataTableFDBAD0F2\) would be replaced: changing .*KeySchema/,
      ),
      expect.stringMatching(
        /^the creatives bucket \(CreativesBucketF3919F96\) would be replaced: .*BucketName/,
      ),
    ]);
    expect(risks[1]).toContain('every generated PNG');
    for (const risk of risks) console.log(`forced replacement -> ${risk}`);
  });

  it('lets in-place updates through (a new tag, a longer log expiry)', () => {
    const updated = clone(prod.template);
    updated.Resources.DataTableFDBAD0F2.Properties.Tags = [{ Key: 'team', Value: 'ads' }];
    updated.Resources.CreativesAccessLogs3C888EA5.Properties.LifecycleConfiguration.Rules[0].ExpirationInDays = 730;
    expect(replacementRisks(prod.template, updated)).toEqual([]);
  });
});

describe('upgrade from the previous release (fixture: its synthesized AdgenStateful template)', () => {
  it('replaces no stateful resource when the current prod stage is deployed over it', () => {
    const risks = replacementRisks(previousRelease as TemplateJson, prod.template);
    expect(risks, risks.join('\n')).toEqual([]);
  });

  it('keeps the stack name and every export the deployed AdgenStateless imports', () => {
    expect(prod.stack.stackName).toBe('AdgenStateful');
    // An export still imported cannot be removed or renamed: the stateful deploy would fail.
    expect(exportNames(prod.template)).toEqual(
      expect.arrayContaining(exportNames(previousRelease as TemplateJson)),
    );
  });

  it('still describes the previous release (the fixture is what 0.1.0 synthesized)', () => {
    const types = Object.values((previousRelease as TemplateJson).Resources).map((r) => r.Type);
    expect(types).toEqual(
      expect.arrayContaining([
        'AWS::DynamoDB::Table',
        'AWS::S3::Bucket',
        'AWS::Cognito::UserPool',
        'AWS::Cognito::UserPoolClient',
      ]),
    );
  });
});
