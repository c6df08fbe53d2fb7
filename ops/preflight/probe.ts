/**
 * The preflight's probes: each asks one AWS API what the account has and returns it as a fact
 * for `checks.ts`. Clients are passed in, so the tests point real SDK clients at local stand-ins.
 */
import {
  BedrockClient,
  GetFoundationModelAvailabilityCommand,
  GetFoundationModelCommand,
  GetInferenceProfileCommand,
} from '@aws-sdk/client-bedrock';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  CloudTrailClient,
  DescribeTrailsCommand,
  GetEventSelectorsCommand,
  GetTrailStatusCommand,
} from '@aws-sdk/client-cloudtrail';
import { ListServiceQuotasCommand, ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import { parseModelId } from '#lib/settings.ts';
import type { BootstrapFact, ModelFact, ModelRole, QuotaFact, TrailFact } from './checks.ts';

export type PreflightClients = {
  cloudformation: CloudFormationClient;
  bedrock: BedrockClient;
  serviceQuotas: ServiceQuotasClient;
  cloudtrail: CloudTrailClient;
};

/** One set of clients for a region (and profile); `endpoint` only for the tests' stand-ins. */
export function createPreflightClients(config: {
  region: string;
  profile?: string;
  endpoint?: string;
}): PreflightClients {
  const common = {
    region: config.region,
    ...(config.profile ? { profile: config.profile } : {}),
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    maxAttempts: 2,
  };
  return {
    cloudformation: new CloudFormationClient(common),
    bedrock: new BedrockClient(common),
    serviceQuotas: new ServiceQuotasClient(common),
    cloudtrail: new CloudTrailClient(common),
  };
}

export function destroyClients(clients: PreflightClients): void {
  for (const client of Object.values(clients)) client.destroy();
}

const errorName = (error: unknown) => (error as { name?: string }).name ?? '';
const message = (error: unknown) => `${errorName(error)}: ${(error as Error).message ?? String(error)}`;
const notFound = (error: unknown) =>
  ['ResourceNotFoundException', 'ValidationException'].includes(errorName(error)) ||
  /does not exist|not found/i.test((error as Error).message ?? '');

/** The CDK bootstrap stack and its `BootstrapVersion` output. */
export async function probeBootstrap(
  cfn: CloudFormationClient,
  stackName = 'CDKToolkit',
): Promise<BootstrapFact> {
  try {
    const stack = (await cfn.send(new DescribeStacksCommand({ StackName: stackName }))).Stacks?.[0];
    if (!stack) return { found: false };
    const version = stack.Outputs?.find((o) => o.OutputKey === 'BootstrapVersion')?.OutputValue;
    return {
      found: true,
      stackName,
      stackStatus: stack.StackStatus ?? 'UNKNOWN',
      version: version === undefined ? undefined : Number(version),
    };
  } catch (error) {
    if (/does not exist/i.test((error as Error).message ?? '')) return { found: false };
    throw error;
  }
}

/** GetInferenceProfile (for a `us.`-style id), GetFoundationModel and GetFoundationModelAvailability. */
export async function probeModel(
  bedrock: BedrockClient,
  role: ModelRole,
  configuredId: string,
): Promise<Extract<ModelFact, { provider: 'bedrock' }>> {
  const ref = parseModelId(configuredId);
  const modelId = ref.modelId;
  const profileId = ref.kind === 'inference-profile' ? ref.profileId : undefined;
  let profile: { found: false } | { found: true; status: string } | undefined;
  if (profileId) {
    try {
      const p = await bedrock.send(new GetInferenceProfileCommand({ inferenceProfileIdentifier: profileId }));
      profile = { found: true, status: p.status ?? 'UNKNOWN' };
    } catch (error) {
      if (!notFound(error)) throw error;
      profile = { found: false };
    }
  }
  let model: Extract<ModelFact, { provider: 'bedrock' }>['model'];
  try {
    const details = (await bedrock.send(new GetFoundationModelCommand({ modelIdentifier: modelId })))
      .modelDetails;
    model = {
      found: true,
      name: details?.modelName ?? modelId,
      providerName: details?.providerName ?? '',
      lifecycle: details?.modelLifecycle?.status ?? 'UNKNOWN',
      endOfLife: details?.modelLifecycle?.endOfLifeTime
        ? new Date(details.modelLifecycle.endOfLifeTime).toISOString()
        : undefined,
    };
  } catch (error) {
    model = notFound(error) ? { found: false } : { found: 'error', error: message(error) };
  }
  let availability: Extract<ModelFact, { provider: 'bedrock' }>['availability'];
  if (model.found === true) {
    try {
      const a = await bedrock.send(new GetFoundationModelAvailabilityCommand({ modelId }));
      availability = {
        region: a.regionAvailability ?? 'UNKNOWN',
        authorization: a.authorizationStatus ?? 'UNKNOWN',
        entitlement: a.entitlementAvailability ?? 'UNKNOWN',
        agreement: a.agreementAvailability?.status ?? 'UNKNOWN',
        agreementError: a.agreementAvailability?.errorMessage,
      };
    } catch (error) {
      availability = { error: message(error) };
    }
  }
  return { role, configuredId, provider: 'bedrock', modelId, profileId, profile, model, availability };
}

const normalize = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The model's requests-per-minute quota: "On-demand InvokeModel requests per minute for <model>",
 * or "Cross-region ..." when the id is an inference profile.
 */
export async function probeQuota(
  quotas: ServiceQuotasClient,
  fact: Extract<ModelFact, { provider: 'bedrock' }>,
): Promise<QuotaFact> {
  const modelName = fact.model.found === true ? fact.model.name : fact.modelId;
  const kind = fact.profileId ? 'Cross-region' : 'On-demand';
  const prefix = `${kind} InvokeModel requests per minute for `;
  const looked = `${prefix}${modelName}`;
  try {
    let token: string | undefined;
    do {
      const page = await quotas.send(
        new ListServiceQuotasCommand({ ServiceCode: 'bedrock', NextToken: token }),
      );
      for (const q of page.Quotas ?? []) {
        const name = q.QuotaName ?? '';
        if (!name.toLowerCase().startsWith(prefix.toLowerCase())) continue;
        const subject = normalize(name.slice(prefix.length));
        if (subject === normalize(modelName) || subject.endsWith(normalize(modelName))) {
          return { found: true, quotaName: name, quotaCode: q.QuotaCode ?? '', value: q.Value ?? 0 };
        }
      }
      token = page.NextToken;
    } while (token);
    return { found: false, looked };
  } catch (error) {
    return { found: 'error', error: message(error) };
  }
}

/** Trails that cover the region (shadow trails of multi-region trails included), with status and selectors. */
export async function probeTrails(cloudtrail: CloudTrailClient): Promise<TrailFact[] | { error: string }> {
  try {
    const trails =
      (await cloudtrail.send(new DescribeTrailsCommand({ includeShadowTrails: true }))).trailList ?? [];
    return await Promise.all(
      trails.map(async (t) => {
        const id = t.TrailARN ?? t.Name ?? '';
        const status = await cloudtrail.send(new GetTrailStatusCommand({ Name: id }));
        const selectors = await cloudtrail.send(new GetEventSelectorsCommand({ TrailName: id }));
        const basic = (selectors.EventSelectors ?? []).some(
          (s) => s.IncludeManagementEvents !== false && s.ReadWriteType !== 'ReadOnly',
        );
        const advanced = (selectors.AdvancedEventSelectors ?? []).some((s) => {
          const fields = s.FieldSelectors ?? [];
          const management = fields.some(
            (f) => f.Field === 'eventCategory' && f.Equals?.includes('Management'),
          );
          const readOnly = fields.some((f) => f.Field === 'readOnly' && f.Equals?.includes('true'));
          return management && !readOnly;
        });
        return {
          name: t.Name ?? id,
          homeRegion: t.HomeRegion ?? '',
          multiRegion: t.IsMultiRegionTrail === true,
          logging: status.IsLogging === true,
          managementWrites: basic || advanced,
        };
      }),
    );
  } catch (error) {
    return { error: message(error) };
  }
}
