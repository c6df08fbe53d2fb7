import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type App, type CfnResource, Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks, type IApplyRule, NagRuleCompliance } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#lib/app.ts';
import cdkJson from '../../cdk.json' with { type: 'json' };

type Finding = { path: string; id: string };
type Acknowledgement = { path: string; id: string; reason: string };

/** AwsSolutions checks that also record every finding, acknowledged or not. */
class RecordingChecks extends AwsSolutionsChecks {
  readonly findings: Finding[] = [];

  protected override applyRule(params: IApplyRule): void {
    const rule = params.rule.bind(params);
    const ruleId = `${this.packName}-${params.ruleSuffixOverride ?? params.rule.name}`;
    const recording = (node: CfnResource) => {
      const result = rule(node);
      if (result === NagRuleCompliance.NON_COMPLIANT)
        this.findings.push({ path: node.node.path, id: ruleId });
      if (Array.isArray(result)) {
        for (const f of result) this.findings.push({ path: node.node.path, id: `${ruleId}[${f}]` });
      }
      return result;
    };
    Object.defineProperty(recording, 'name', { value: params.rule.name });
    super.applyRule({ ...params, rule: recording });
  }
}

function acknowledgements(root: IConstruct): Acknowledgement[] {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) =>
        Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({
          path: c.node.path,
          id: id.replace(/^[A-Za-z]+::/, ''),
          reason,
        })),
      ),
  );
}

/** Synthesizes with cdk-nag as `cdk synth` does (a finding fails synth) and returns the report. */
function synthWithNag(overrides: Record<string, unknown> = {}) {
  const { app, stateful, stateless } = buildApp({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], ...overrides },
  });
  const assembly = app.synth();
  const report = JSON.parse(readFileSync(join(assembly.directory, 'validation-report.json'), 'utf8')) as {
    pluginReports: { pluginName: string; violations: { ruleName: string; severity: string }[] }[];
  };
  return { app, stacks: [stateful, stateless], report, assembly };
}

function unusedAcknowledgements(app: App): Acknowledgement[] {
  const checks = new RecordingChecks();
  checks.validateScope(app);
  return acknowledgements(app).filter(
    (ack) =>
      !checks.findings.some(
        (f) => f.id === ack.id && (f.path === ack.path || f.path.startsWith(`${ack.path}/`)),
      ),
  );
}

describe('cdk-nag AwsSolutions', () => {
  let defaults: ReturnType<typeof synthWithNag>;
  beforeAll(() => {
    defaults = synthWithNag();
  });

  it('leaves no unacknowledged error or warning', () => {
    const violations = defaults.report.pluginReports.flatMap((r) =>
      r.violations.map((v) => `${r.pluginName}: ${v.ruleName} (${v.severity})`),
    );
    expect(violations).toEqual([]);
    // cdk-nag 3 reports through the validation report above, not annotations; this also
    // catches a pack that falls back to annotations (cdk-nag 2 style).
    for (const stack of defaults.stacks) {
      expect(Annotations.fromStack(stack).findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual(
        [],
      );
      expect(
        Annotations.fromStack(stack).findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*')),
      ).toEqual([]);
    }
  });

  it('gives every acknowledgement a real reason', () => {
    const acks = acknowledgements(defaults.app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.id).toMatch(/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(ack.reason.length, `${ack.path} ${ack.id}`).toBeGreaterThanOrEqual(60);
    }
  });

  it('acknowledges only findings that exist, on the constructs that have them', () => {
    expect(unusedAcknowledgements(defaults.app)).toEqual([]);
  });

  it('writes every acknowledgement and its reason into the templates', () => {
    const templates = defaults.stacks.map((s) => defaults.assembly.getStackByName(s.stackName).template);
    const written = templates.flatMap((t) =>
      Object.values(
        t.Resources as Record<string, { Metadata?: { cdk_nag?: { rules_to_suppress: unknown[] } } }>,
      ).flatMap((r) => r.Metadata?.cdk_nag?.rules_to_suppress ?? []),
    );
    for (const ack of acknowledgements(defaults.app)) {
      expect(written).toContainEqual({ id: ack.id, reason: ack.reason });
    }
  });

  it('stays clean with Bedrock inference profiles and without Bedrock', () => {
    for (const overrides of [
      { imageModelId: 'us.stability.sd3-5-large-v1:0', textModelId: 'eu.amazon.nova-pro-v1:0' },
      { imageProvider: 'template', textProvider: 'heuristic' },
    ]) {
      const { app, report } = synthWithNag(overrides);
      expect(report.pluginReports.flatMap((r) => r.violations)).toEqual([]);
      expect(unusedAcknowledgements(app)).toEqual([]);
    }
  });

  it('fails synth on a finding nobody acknowledged', () => {
    const { app, stateless } = buildApp({ context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] } });
    new Queue(stateless, 'Unguarded', { enforceSSL: false });
    expect(() => app.synth()).toThrow(/AwsSolutions-SQS3/);
  });
});
