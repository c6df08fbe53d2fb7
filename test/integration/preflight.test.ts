import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckResult, exitCodeOf, formatResult } from '#ops/preflight/checks.ts';
import { createPreflightClients, destroyClients, type PreflightClients } from '#ops/preflight/probe.ts';
import { type PreflightPlan, planFromApp, runPreflight } from '#ops/preflight/run.ts';
import { type StandIn, type StandInAccount, startStandIn } from './aws-stand-in.ts';

const REGION = 'eu-west-1';
const IMAGE = 'stability.sd3-5-large-v1:0';
// The default text model is reached through its global inference profile (ADR 0036).
const TEXT_PROFILE = 'global.anthropic.claude-haiku-4-5-20251001-v1:0';
const TEXT = 'anthropic.claude-haiku-4-5-20251001-v1:0';

/** An account where everything the default settings need is in place. */
function greenAccount(): StandInAccount {
  return {
    stacks: { CDKToolkit: { status: 'UPDATE_COMPLETE', outputs: { BootstrapVersion: '30' } } },
    models: {
      [IMAGE]: { name: 'SD3.5 Large', provider: 'Stability AI', lifecycle: 'ACTIVE' },
      [TEXT]: { name: 'Claude Haiku 4.5', provider: 'Anthropic', lifecycle: 'ACTIVE' },
    },
    availability: {},
    inferenceProfiles: { [TEXT_PROFILE]: 'ACTIVE' },
    quotas: [
      {
        QuotaName: 'On-demand InvokeModel requests per minute for Nova Pro',
        QuotaCode: 'L-NOVA',
        Value: 200,
      },
      {
        QuotaName: 'On-demand InvokeModel requests per minute for SD3.5 Large',
        QuotaCode: 'L-SD35',
        Value: 60,
      },
      {
        QuotaName: 'On-demand InvokeModel tokens per minute for SD3.5 Large',
        QuotaCode: 'L-SD35T',
        Value: 9000,
      },
    ],
    trails: [
      {
        Name: 'org-trail',
        HomeRegion: 'us-east-1',
        IsMultiRegionTrail: true,
        logging: true,
        managementWrites: true,
      },
    ],
  };
}

let standIn: StandIn;
let clients: PreflightClients;
let plan: PreflightPlan;

beforeAll(async () => {
  standIn = await startStandIn(greenAccount());
  clients = createPreflightClients({ region: REGION, endpoint: standIn.endpoint });
  // The stage as `cdk deploy -c stage=dev -c alarmEmail=...` would build it, with its Cognito
  // offboarding rule, which reads CloudTrail events: so the trail is checked.
  plan = planFromApp({ stage: 'dev', alarmEmail: 'ops@agency.example' });
}, 180_000);
afterAll(async () => {
  destroyClients(clients);
  await standIn?.close();
});

/** Runs the preflight against the stand-in describing `account`, and prints its lines. */
async function preflight(
  label: string,
  account: StandInAccount,
): Promise<{ results: CheckResult[]; lines: string[] }> {
  standIn.account = account;
  const results = await runPreflight(plan, clients, { region: REGION });
  const lines = results.map(formatResult);
  console.log(`--- ${label} (exit ${exitCodeOf(results)})\n${lines.join('\n')}`);
  return { results, lines };
}

const line = (lines: string[], prefix: string) => lines.find((l) => l.startsWith(prefix));

describe('preflight against stand-ins of the Bedrock control plane, Service Quotas, CloudFormation and CloudTrail', () => {
  it('all green: one ok line per check, exit 0', async () => {
    const { results, lines } = await preflight('all green', greenAccount());
    expect(plan.cloudTrailRules.some((rule) => rule.startsWith('Offboarding'))).toBe(true);
    expect(lines).toEqual([
      'ok: bootstrap: CDKToolkit version 30 in eu-west-1 (needs 6+)',
      `ok: image model: ${IMAGE} (Stability AI SD3.5 Large): Active, offered in eu-west-1, access granted`,
      `ok: text model: ${TEXT_PROFILE} (Anthropic Claude Haiku 4.5): Active, offered in eu-west-1, access granted`,
      'ok: image model quota: "On-demand InvokeModel requests per minute for SD3.5 Large" is 60 per minute; workerMaxConcurrency 4 makes at most 48 (up to 5 workers would fit)',
      `ok: cloudtrail: trail org-trail logs write management events in eu-west-1, which ${plan.cloudTrailRules.join(', ')} reads`,
      'ok: alarm email: alarms mail ops@agency.example (confirm the subscription SNS sends after the deploy)',
    ]);
    expect(exitCodeOf(results)).toBe(0);
    // The real SDK clients made the real calls.
    expect(standIn.requests).toEqual(
      expect.arrayContaining([
        'cloudformation DescribeStacks CDKToolkit',
        `bedrock GetFoundationModel ${IMAGE}`,
        `bedrock GetFoundationModelAvailability ${IMAGE}`,
        'servicequotas ListServiceQuotas bedrock',
        'cloudtrail DescribeTrails',
        'cloudtrail GetEventSelectors',
      ]),
    );
  });

  it('a missing model: blocking fix naming where to get it, exit 1', async () => {
    const account = greenAccount();
    delete account.models[IMAGE];
    const { results, lines } = await preflight('missing model', account);
    expect(line(lines, 'fix: image model:')).toBe(
      `fix: image model: [blocking] ${IMAGE} is not offered in eu-west-1. Deploy to a region that has it (aws bedrock list-foundation-models --region <region>), use a cross-region inference profile (-c imageModelId=us.${IMAGE}), or pick another model with -c imageModelId=<id>`,
    );
    expect(exitCodeOf(results)).toBe(1);
  });

  it('a Legacy model: a fix to move off it, not blocking', async () => {
    const account = greenAccount();
    account.models[IMAGE] = {
      name: 'SD3.5 Large',
      provider: 'Stability AI',
      lifecycle: 'LEGACY',
      endOfLife: '2027-03-31T00:00:00Z',
    };
    const { results, lines } = await preflight('Legacy model', account);
    expect(line(lines, 'fix: image model:')).toMatch(
      /^fix: image model: stability\.sd3-5-large-v1:0 \(Stability AI SD3\.5 Large\) is Legacy: it still works but has end of life on 2027-03-31, .*-c imageModelId=<id>$/,
    );
    expect(exitCodeOf(results)).toBe(0);
  });

  it('no access (no Marketplace subscription): blocking fix with the agreement commands', async () => {
    const account = greenAccount();
    account.availability[IMAGE] = { entitlement: 'NOT_AVAILABLE', agreement: 'NOT_AVAILABLE' };
    const { results, lines } = await preflight('no access', account);
    const fix = line(lines, 'fix: image model:');
    expect(fix).toMatch(
      /^fix: image model: \[blocking\] stability\.sd3-5-large-v1:0 \(Stability AI SD3\.5 Large\): no model access or Marketplace subscription; its offer agreement is NOT_AVAILABLE\./,
    );
    expect(fix).toContain(
      `aws bedrock create-foundation-model-agreement --model-id ${IMAGE} --offer-token <token> --region eu-west-1`,
    );
    expect(exitCodeOf(results)).toBe(1);
  });

  it('a low quota: a fix with the suggested workerMaxConcurrency and the increase request', async () => {
    const account = greenAccount();
    account.quotas = account.quotas.map((q) => (q.QuotaCode === 'L-SD35' ? { ...q, Value: 30 } : q));
    const { results, lines } = await preflight('low quota', account);
    expect(line(lines, 'fix: image model quota:')).toBe(
      'fix: image model quota: "On-demand InvokeModel requests per minute for SD3.5 Large" is 30 per minute; workerMaxConcurrency 4 can make up to 48. Deploy with -c workerMaxConcurrency=2 (suggested), or request an increase: aws service-quotas request-service-quota-increase --service-code bedrock --quota-code L-SD35 --desired-value 48 --region eu-west-1',
    );
    expect(exitCodeOf(results)).toBe(0);
  });

  it('no trail for the offboarding rule, and no bootstrap: both blocking', async () => {
    const account = greenAccount();
    account.trails = [];
    account.stacks = {};
    const { results, lines } = await preflight('no trail, not bootstrapped', account);
    expect(line(lines, 'fix: bootstrap:')).toContain(
      '[blocking] this account is not CDK-bootstrapped in eu-west-1',
    );
    expect(line(lines, 'fix: cloudtrail:')).toContain('no trail covers it');
    expect(exitCodeOf(results)).toBe(1);
  });
});

describe('npm run preflight', () => {
  it('prints one line per check and exits by the blocking fixes, with the SDK endpoints pointed at the stand-in', async () => {
    const account = greenAccount();
    delete account.models[IMAGE];
    standIn.account = account;
    const script = fileURLToPath(new URL('../../scripts/preflight.ts', import.meta.url));
    const tsx = fileURLToPath(new URL('../../node_modules/tsx/dist/cli.mjs', import.meta.url));
    const run = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(
        process.execPath,
        [tsx, script, '--region', REGION, '--stage', 'dev'],
        {
          env: {
            ...process.env,
            AWS_ENDPOINT_URL: standIn.endpoint,
            AWS_ACCESS_KEY_ID: 'local',
            AWS_SECRET_ACCESS_KEY: 'local',
          },
          timeout: 170_000,
        },
        (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout }),
      );
    });
    console.log(run.stdout);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toBe('preflight of stage dev in eu-west-1');
    expect(lines.filter((l) => /^(ok|fix): /.test(l)).map((l) => l.split(':').slice(0, 2).join(':'))).toEqual(
      [
        'ok: bootstrap',
        'fix: image model',
        'ok: text model',
        'fix: image model quota',
        expect.stringMatching(/^(ok|fix): cloudtrail$/),
        'fix: alarm email',
      ],
    );
    expect(lines.at(-1)).toMatch(/^preflight failed: 1 blocking fix/);
    expect(run.code).toBe(1);
  }, 180_000);
});
