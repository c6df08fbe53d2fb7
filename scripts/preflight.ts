/**
 * Checks an account and region before `cdk deploy`: one line per check, `ok: ...` or
 * `fix: ...` with what to do; exits 1 when a fix is blocking (the deploy, or every image, would
 * fail), else 0.
 *
 *   npm run preflight -- [--region eu-west-1] [--profile P] [--stage prod] [-c key=value ...]
 *
 * Reads the settings the deploy would use (cdk.json, then `-c` values, as `cdk deploy` does).
 * Needs read-only calls: cloudformation:DescribeStacks, bedrock:GetFoundationModel,
 * GetFoundationModelAvailability, GetInferenceProfile, servicequotas:ListServiceQuotas and,
 * when a rule needs it, cloudtrail:DescribeTrails, GetTrailStatus, GetEventSelectors.
 */
import { pathToFileURL } from 'node:url';
import { LEGACY_STAGE } from '#lib/stages.ts';
import { exitCodeOf, formatResult } from '#ops/preflight/checks.ts';
import { createPreflightClients, destroyClients } from '#ops/preflight/probe.ts';
import { planFromApp, runPreflight } from '#ops/preflight/run.ts';
import { collect, parseScript, scriptCommand } from './lib/command.ts';

export async function main(argv: string[], write = (line: string) => process.stdout.write(`${line}\n`)) {
  const command = scriptCommand(
    'preflight',
    'Checks an account and region before cdk deploy: one line per check, ok or fix with what to do; exits 1 when a fix is blocking, else 0.',
  )
    .option('--region <region>', 'the region to deploy to (else AWS_REGION)')
    .option('--profile <profile>', 'the AWS profile to check with')
    .option('--stage <stage>', 'the stage to deploy', LEGACY_STAGE)
    .option('-c, --context <key=value>', 'a cdk context value, as cdk deploy -c (repeatable)', collect);
  const parsed = parseScript<{ region?: string; profile?: string; stage: string; context?: string[] }>(
    command,
    argv,
  );
  if (parsed.exit !== undefined) return parsed.exit;
  const values = parsed.options;
  const context: Record<string, string> = { stage: values.stage };
  for (const pair of values.context ?? []) {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`-c takes key=value, got '${pair}'`);
    context[pair.slice(0, at)] = pair.slice(at + 1);
  }
  let plan: ReturnType<typeof planFromApp>;
  try {
    plan = planFromApp(context);
  } catch (error) {
    write(`fix: settings: [blocking] ${(error as Error).message}`);
    return 1;
  }
  const region = values.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  if (!region) {
    write('fix: region: [blocking] no region: pass --region or set AWS_REGION');
    return 1;
  }
  const clients = createPreflightClients({ region, ...(values.profile ? { profile: values.profile } : {}) });
  try {
    write(`preflight of stage ${plan.settings.stage} in ${region}`);
    const results = await runPreflight(plan, clients, { region });
    for (const result of results) write(formatResult(result));
    const code = exitCodeOf(results);
    const fixes = results.filter((r) => r.status === 'fix');
    write(
      code === 0
        ? `preflight passed${fixes.length ? ` with ${fixes.length} fix${fixes.length === 1 ? '' : 'es'} advised` : ''}: npx cdk deploy --all -c stage=${plan.settings.stage}`
        : `preflight failed: ${fixes.filter((f) => f.blocking).length} blocking fix(es) before deploying`,
    );
    return code;
  } catch (error) {
    write(
      `fix: aws: [blocking] ${(error as Error).name}: ${(error as Error).message} (credentials? --profile, --region)`,
    );
    return 1;
  } finally {
    destroyClients(clients);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
