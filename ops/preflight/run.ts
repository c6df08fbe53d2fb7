import { buildApp } from '#lib/app.ts';
import type { AdgenSettings } from '#lib/settings.ts';
import cdkJson from '../../cdk.json' with { type: 'json' };
import {
  type CheckResult,
  checkAlarmEmail,
  checkBootstrap,
  checkCloudTrail,
  checkImageQuota,
  checkModel,
  type ModelFact,
} from './checks.ts';
import { type PreflightClients, probeBootstrap, probeModel, probeQuota, probeTrails } from './probe.ts';

/** What the stage would deploy: its settings, and what its synthesized templates need from the account. */
export type PreflightPlan = {
  settings: AdgenSettings;
  /** The CDK bootstrap version the templates require. */
  minBootstrapVersion: number;
  /** EventBridge rules (logical ids) matching "AWS API Call via CloudTrail" events. */
  cloudTrailRules: string[];
};

type TemplateJson = {
  Resources?: Record<string, { Type: string; Properties?: { EventPattern?: Record<string, unknown> } }>;
};

/**
 * Synthesizes the stage as `cdk deploy -c stage=<stage>` would (cdk.json's context plus
 * `context`), without bundling the Lambdas, and reads what it needs from the account.
 */
export function planFromApp(context: Record<string, unknown> = {}): PreflightPlan {
  const { app, settings, stateful, stateless } = buildApp({
    context: { ...cdkJson.context, ...context, 'aws:cdk:bundling-stacks': [] },
    nagChecks: false,
  });
  const assembly = app.synth();
  const artifacts = [stateful, stateless].map((s) => assembly.getStackByName(s.stackName));
  const cloudTrailRules = artifacts.flatMap((artifact) =>
    Object.entries((artifact.template as TemplateJson).Resources ?? {})
      .filter(([, r]) => {
        if (r.Type !== 'AWS::Events::Rule') return false;
        const detailType = r.Properties?.EventPattern?.['detail-type'];
        return Array.isArray(detailType) && detailType.includes('AWS API Call via CloudTrail');
      })
      .map(([id]) => id),
  );
  return {
    settings,
    minBootstrapVersion: Math.max(...artifacts.map((a) => a.requiresBootstrapStackVersion ?? 0)),
    cloudTrailRules,
  };
}

const OFFLINE_NAMES = { image: 'offline template renderer', text: 'offline heuristic text model' } as const;

/**
 * Runs every check against the account behind `clients`, in the order an operator fixes them:
 * bootstrap, models (exist, Active, access), image model quota vs worker concurrency, CloudTrail
 * for the offboarding rule, alarm e-mail.
 */
export async function runPreflight(
  plan: PreflightPlan,
  clients: PreflightClients,
  target: { region: string; account?: string },
): Promise<CheckResult[]> {
  const { settings } = plan;
  const region = target.region;
  const results: CheckResult[] = [];

  results.push(
    checkBootstrap(await probeBootstrap(clients.cloudformation), {
      minVersion: plan.minBootstrapVersion,
      region,
      ...(target.account ? { account: target.account } : {}),
    }),
  );

  const image: ModelFact =
    settings.imageProvider === 'template'
      ? { role: 'image', configuredId: 'template', provider: 'offline', name: OFFLINE_NAMES.image }
      : await probeModel(clients.bedrock, 'image', settings.imageModelId);
  const text: ModelFact =
    settings.textProvider === 'heuristic'
      ? { role: 'text', configuredId: 'heuristic', provider: 'offline', name: OFFLINE_NAMES.text }
      : await probeModel(clients.bedrock, 'text', settings.textModelId);
  results.push(...checkModel(image, region), ...checkModel(text, region));
  if (settings.imageProvider !== 'template' && settings.imageBackgroundRemoval === 'on') {
    results.push(
      ...checkModel(
        await probeModel(clients.bedrock, 'background-removal', settings.backgroundRemovalModelId),
        region,
      ),
    );
  }

  const quota =
    image.provider === 'bedrock' && image.model.found === true
      ? await probeQuota(clients.serviceQuotas, image)
      : image.provider === 'bedrock'
        ? ({ found: 'skipped' } as const)
        : undefined;
  results.push(checkImageQuota(quota, settings.workerMaxConcurrency, region));

  results.push(
    checkCloudTrail(
      plan.cloudTrailRules,
      plan.cloudTrailRules.length > 0 ? await probeTrails(clients.cloudtrail) : [],
      region,
    ),
  );
  results.push(checkAlarmEmail(settings.alarmEmail, settings.stage));
  return results;
}
