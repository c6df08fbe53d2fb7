/**
 * Writes the parts of docs/deploy.md that state facts the code knows, between
 * `<!-- deploy:NAME:start -->` and `<!-- deploy:NAME:end -->` markers, and the result table of
 * docs/cost.md, so neither can drift: the idle inventory and its cost from the synthesized
 * template (alarms and their metrics, queue consumers, scheduled jobs, dashboards), the cost per
 * 1,000 images from the one cost model (bench/lib/cost.ts on the inputs of the last bench run in
 * bench/results.json), the final job statuses from the job schema, and the resources a teardown
 * leaves behind (DeletionPolicy Retain).
 *
 *   npm run deploy-doc            rewrites them
 *   npm run deploy-doc -- --check exits 1 when a file is not current (test/infra checks it too)
 */
import { readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { Template } from 'aws-cdk-lib/assertions';
import { FINAL_JOB_STATUSES, JOB_STATUSES } from '#core/job-status.ts';
import { buildApp } from '#lib/app.ts';
import { LEGACY_STAGE, stackNames } from '#lib/stages.ts';
import { type CostInput, costPer1000, IDLE_PRICES, PRICES } from '../bench/lib/cost.ts';
import cdkJson from '../cdk.json' with { type: 'json' };
import { parseScript, scriptCommand } from './lib/command.ts';

type Resource = { Type: string; DeletionPolicy?: string; Properties?: Record<string, unknown> };
type Resources = Record<string, Resource>;

export const DEPLOY_DOC = new URL('../docs/deploy.md', import.meta.url);
export const COST_DOC = new URL('../docs/cost.md', import.meta.url);
const RESULTS = new URL('../bench/results.json', import.meta.url);

/** Both stacks of the default stage as `cdk synth` builds them, without bundling. */
export function synthesized(): { stateful: Resources; stateless: Resources } {
  const { stateful, stateless } = buildApp({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [] },
    nagChecks: false,
  });
  const resources = (stack: Parameters<typeof Template.fromStack>[0]) =>
    Template.fromStack(stack).toJSON().Resources as Resources;
  return { stateful: resources(stateful), stateless: resources(stateless) };
}

const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type);
const usd = (n: number, digits = 2) => `$${n.toFixed(digits)}`;
const count = (n: number) => n.toLocaleString('en-US');

/** A metric-math alarm is billed per metric it reads; a plain one reads one. */
function alarmMetrics(alarm: Resource): number {
  const metrics = alarm.Properties?.Metrics as { MetricStat?: unknown }[] | undefined;
  return metrics ? metrics.filter((m) => m.MetricStat).length : 1;
}

export function idleTable({ stateless }: { stateless: Resources }): string {
  const p = IDLE_PRICES;
  const alarms = ofType(stateless, 'AWS::CloudWatch::Alarm');
  const metrics = alarms.reduce((n, [, a]) => n + alarmMetrics(a), 0);
  const dashboards = ofType(stateless, 'AWS::CloudWatch::Dashboard').length;
  const consumers = ofType(stateless, 'AWS::Lambda::EventSourceMapping');
  const pollRequests =
    consumers.length * p.sqsPollersPerEventSource * (p.secondsPerMonth / p.sqsLongPollSeconds);
  const schedules = ofType(stateless, 'AWS::Scheduler::Schedule').map(([, s]) => {
    const expression = String(s.Properties?.ScheduleExpression);
    const m = /^rate\((\d+) (minute|minutes|hour|hours)\)$/.exec(expression);
    const minutes = m ? Number(m[1]) * (m[2]?.startsWith('hour') ? 60 : 1) : Number.NaN;
    return {
      expression,
      description: String(s.Properties?.Description ?? ''),
      perMonth: p.secondsPerMonth / 60 / minutes,
    };
  });
  const runs = schedules.reduce((n, s) => n + s.perMonth, 0);
  const rows = [
    `| CloudWatch dashboard (${dashboards}) | ${usd(dashboards * p.cloudwatchDashboardMonth)} (free for an account's first ${p.freeDashboards} dashboards) |`,
    `| CloudWatch alarms: ${alarms.length} alarms reading ${metrics} metrics at ${usd(p.cloudwatchAlarmMetricMonth)} each | ${usd(metrics * p.cloudwatchAlarmMetricMonth)} (a new account's first ${p.freeAlarmMetrics} alarm metrics are free) |`,
    `| SQS: Lambda long-polls ${consumers.length} queues with no traffic (${consumers.length} event sources × ${p.sqsPollersPerEventSource} pollers × one ${p.sqsLongPollSeconds} s receive each) | ≈${count(Math.round(pollRequests / 1e4) * 1e4)} requests, ≈${usd((pollRequests / 1e6) * PRICES.sqsPerMillionRequests)} (SQS's first million requests a month are free) |`,
    `| Scheduled jobs (EventBridge Scheduler): ${schedules.map((s) => `${s.description.toLowerCase()} (\`${s.expression}\`)`).join('; ')} | ${count(Math.round(runs))} Lambda runs a month: ${usd((runs / 1e6) * PRICES.lambdaPerMillionRequests, 3)} in requests plus their milliseconds of compute (within Lambda's free tier for most accounts); the schedules are free under ${count(p.schedulerFreeInvocationsMonth)} invocations a month |`,
    '| DynamoDB (on demand, PITR), S3, log storage | cents: billed per GB stored (a new stage stores kilobytes) |',
    "| Cognito user pool (Essentials) | $0 up to the free tier's monthly active users |",
    '| Lambda, API Gateway, X-Ray, KMS | $0: billed per request; the keys are AWS managed |',
  ];
  const fixed = dashboards * p.cloudwatchDashboardMonth + metrics * p.cloudwatchAlarmMetricMonth;
  const withPolls = fixed + (pollRequests / 1e6) * PRICES.sqsPerMillionRequests;
  return [
    `**An idle stack** (deployed, no requests) costs about **${usd(withPolls)} a month** at list prices, or ${usd(withPolls - dashboards * p.cloudwatchDashboardMonth)} when the dashboard is among the account's first ${p.freeDashboards} (most of the rest falls in free tiers):`,
    '',
    '| item | idle cost a month |',
    '|---|---|',
    ...rows,
  ].join('\n');
}

async function costInput(): Promise<CostInput> {
  const results = JSON.parse(await readFile(RESULTS, 'utf8')) as {
    cost: { input: CostInput };
    date?: string;
  };
  return results.cost.input;
}

async function benchDate(): Promise<string> {
  const results = JSON.parse(await readFile(RESULTS, 'utf8')) as { date?: string };
  return results.date?.slice(0, 10) ?? 'the last run';
}

export async function costParagraph(): Promise<string> {
  const { scenarios } = costPer1000(await costInput());
  const offline = scenarios.find((s) => s.modelCallsPerImage === 0);
  const bedrock = scenarios.filter((s) => s.modelCallsPerImage > 0);
  const shared = bedrock.filter((s) => s.modelCallsPerImage < 1);
  const perImage = bedrock.filter((s) => s.modelCallsPerImage >= 1);
  const range = (list: typeof scenarios, f: (s: (typeof scenarios)[number]) => number, digits: number) => {
    const values = list.map(f);
    return `${usd(Math.min(...values), digits)}–${usd(Math.max(...values), digits).slice(1)}`;
  };
  return [
    `**1,000 images**: the AWS side is **${range(shared, (s) => s.totalUsd, 3)}** with a Bedrock image model that takes`,
    `5–15 s per call and one visual shared per orientation family (${range(perImage, (s) => s.totalUsd, 3)} with one call per`,
    `image; ${offline ? usd(offline.totalUsd, 3) : 'n/a'} with the offline renderer), from the cost model of`,
    `[\`cost.md\`](cost.md) on the inputs of the bench run of ${await benchDate()}; the worker's billed wait on`,
    `the model dominates. The **model fee** is billed by Bedrock on top: at an assumed ${usd(PRICES.modelFeePerCall)} a call`,
    `(Stability is about $0.03–0.14 an image) it is **${range(bedrock, (s) => s.modelFeeUsd, 0)}** per 1,000 images, two to three`,
    'orders of magnitude more: the choice of model decides the bill.',
  ].join('\n');
}

export async function costTable(): Promise<string> {
  const { scenarios } = costPer1000(await costInput());
  return [
    `From \`costPer1000\` on the inputs of the bench run of ${await benchDate()} (\`npm run deploy-doc\` rewrites this table):`,
    '',
    `| scenario | worker s per image | AWS cost per 1,000 images | model calls per image | model fee per 1,000 images (assumed ${usd(PRICES.modelFeePerCall)} per call) |`,
    '|---|---|---|---|---|',
    ...scenarios.map(
      (s) =>
        `| ${s.name} | ${s.workerSecondsPerImage.toFixed(2)} | **${usd(s.totalUsd, 3)}** | ${s.modelCallsPerImage} | ${usd(s.modelFeeUsd, 0)} |`,
    ),
  ].join('\n');
}

export function statusesSentence(): string {
  const final = FINAL_JOB_STATUSES.map((s) => `\`${s}\``);
  const open = JOB_STATUSES.filter((s) => !(FINAL_JOB_STATUSES as readonly string[]).includes(s)).map(
    (s) => `\`${s}\``,
  );
  return `until \`status\` is final: ${final.slice(0, -1).join(', ')} or ${final.at(-1)} (${open.join(' and ')} mean it is still going)`;
}

/** How to delete each kind of resource a teardown leaves behind. */
const DELETE: Record<string, { what: string; command: string }> = {
  'AWS::DynamoDB::Table': {
    what: 'the table (deletion protection on)',
    command:
      'aws dynamodb update-table --table-name "$ID" --no-deletion-protection-enabled && aws dynamodb delete-table --table-name "$ID"',
  },
  'AWS::S3::Bucket': { what: 'a bucket with its objects', command: 'aws s3 rb "s3://$ID" --force' },
  'AWS::Cognito::UserPool': {
    what: 'the user pool (deletion protection on) and its users',
    command:
      'aws cognito-idp update-user-pool --user-pool-id "$ID" --deletion-protection INACTIVE && aws cognito-idp delete-user-pool --user-pool-id "$ID"',
  },
  'AWS::Logs::LogGroup': { what: 'a log group', command: 'aws logs delete-log-group --log-group-name "$ID"' },
  'AWS::IAM::Role': {
    what: "API Gateway's CloudWatch role (account-wide: keep it if another API logs with it)",
    command: 'echo "keep or delete the role $ID in the IAM console"',
  },
  'AWS::ApiGateway::Account': {
    what: "API Gateway's account setting (account-wide, no cost)",
    command: 'true',
  },
};

export function teardownSection({
  stateful,
  stateless,
}: {
  stateful: Resources;
  stateless: Resources;
}): string {
  const retained = (resources: Resources) =>
    Object.values(resources).filter(
      (r) => r.DeletionPolicy === 'Retain' || r.DeletionPolicy === 'RetainExceptOnCreate',
    );
  const kinds = (resources: Resources) => {
    const byType = new Map<string, number>();
    for (const r of retained(resources)) byType.set(r.Type, (byType.get(r.Type) ?? 0) + 1);
    return [...byType].map(([type, n]) => `${n} × ${DELETE[type]?.what ?? type} (\`${type}\`)`).join(', ');
  };
  const missing = [...retained(stateful), ...retained(stateless)].filter((r) => !DELETE[r.Type]);
  if (missing.length > 0)
    throw new Error(`no delete command for retained ${missing.map((r) => r.Type).join(', ')}`);
  const prod = stackNames(LEGACY_STAGE);
  const dev = stackNames('dev');
  const cases = Object.entries(DELETE)
    .map(([type, d]) => `    ${type}) ${d.command} ;;`)
    .join('\n');
  return [
    `Every stage is removed the same way; only the stack names differ: \`${LEGACY_STAGE}\` → \`${prod.stateless}\` and \`${prod.stateful}\`, any other stage, e.g. \`dev\` → \`${dev.stateless}\` and \`${dev.stateful}\`.`,
    '',
    `Deleting the stacks keeps what holds data or is shared (DeletionPolicy Retain, read from the templates):`,
    `the stateful stack keeps ${kinds(stateful)}; the stateless stack keeps ${kinds(stateless)}.`,
    'So list them first, while the stacks still exist:',
    '',
    '```bash',
    `STAGE=dev                                   # or ${LEGACY_STAGE}`,
    `if [ "$STAGE" = ${LEGACY_STAGE} ]; then PREFIX=; else PREFIX="$STAGE-"; fi`,
    `STATELESS="\${PREFIX}${prod.stateless}" STATEFUL="\${PREFIX}${prod.stateful}"`,
    'for STACK in "$STATELESS" "$STATEFUL"; do',
    '  aws cloudformation describe-stack-resources --stack-name "$STACK" \\',
    '    --query "StackResources[].[ResourceType,PhysicalResourceId]" --output text',
    'done > "retained-$STAGE.txt"',
    'npx cdk destroy "$STATELESS" -c stage="$STAGE"   # functions, API, queues, alarms, schedules',
    'npx cdk destroy "$STATEFUL" -c stage="$STAGE"    # the stack only: its table, buckets and user pool stay',
    '```',
    '',
    'Then, once you are sure (this deletes customer data, which is why no command of this repository does it):',
    '',
    '```bash',
    'while read -r TYPE ID; do',
    '  case "$TYPE" in',
    cases,
    '  esac',
    'done < "retained-$STAGE.txt"',
    '```',
  ].join('\n');
}

/** Replaces the text between a block's markers. */
export function replaceBlock(doc: string, name: string, body: string): string {
  const start = `<!-- deploy:${name}:start -->`;
  const end = `<!-- deploy:${name}:end -->`;
  const a = doc.indexOf(start);
  const b = doc.indexOf(end);
  if (a < 0 || b < a) throw new Error(`markers of ${name} not found`);
  return `${doc.slice(0, a + start.length)}\n${body}\n${doc.slice(b)}`;
}

/** docs/deploy.md and docs/cost.md as they should read now. */
export async function renderDocs(): Promise<{ deploy: string; cost: string }> {
  const stacks = synthesized();
  let deploy = await readFile(DEPLOY_DOC, 'utf8');
  deploy = replaceBlock(deploy, 'idle', idleTable(stacks));
  deploy = replaceBlock(deploy, 'cost', await costParagraph());
  deploy = replaceBlock(deploy, 'statuses', statusesSentence());
  deploy = replaceBlock(deploy, 'teardown', teardownSection(stacks));
  const cost = replaceBlock(await readFile(COST_DOC, 'utf8'), 'result', await costTable());
  return { deploy, cost };
}

async function main(argv: string[]): Promise<number> {
  const command = scriptCommand(
    'deploy-doc',
    'Rewrites the generated parts of docs/deploy.md and docs/cost.md from the template, the cost model and the job schema.',
  ).option('--check', 'exit 1 when a file is not current, writing nothing', false);
  const parsed = parseScript<{ check: boolean }>(command, argv);
  if (parsed.exit !== undefined) return parsed.exit;
  const docs = await renderDocs();
  let stale = 0;
  for (const [url, text] of [
    [DEPLOY_DOC, docs.deploy],
    [COST_DOC, docs.cost],
  ] as const) {
    if ((await readFile(url, 'utf8')) === text) continue;
    if (parsed.options.check) {
      process.stderr.write(`${url.pathname} is not current: run npm run deploy-doc\n`);
      stale++;
    } else await writeFile(url, text);
  }
  return stale > 0 ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
