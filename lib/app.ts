import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { Construct } from 'constructs';
import { type AdgenSettings, readSettings } from './settings.ts';
import { stackNames } from './stages.ts';
import { StatefulStack } from './stateful-stack.ts';
import { StatelessStack } from './stateless-stack.ts';

export { stackNames };

export interface BuildAppOptions {
  /** CDK context (settings, feature flags); the CLI adds `cdk.json` and `-c` values on top. */
  readonly context?: Record<string, unknown>;
  /** Run cdk-nag's AwsSolutions pack at synth; findings fail synth. @default true */
  readonly nagChecks?: boolean;
}

export interface AdgenApp {
  readonly app: App;
  readonly settings: AdgenSettings;
  readonly stateful: StatefulStack;
  readonly stateless: StatelessStack;
}

/**
 * Adds one stage's stacks to `scope`: the retained stateful stack and the stateless stack that
 * uses it, both tagged with the stage. Names that are derived (the REST API, alarms, dashboard,
 * exports, generated physical names) begin with the stack name, so they carry the stage too.
 */
export function addStage(
  scope: Construct,
  settings: AdgenSettings,
): { stateful: StatefulStack; stateless: StatelessStack } {
  const names = stackNames(settings.stage);
  const stateful = new StatefulStack(scope, names.stateful, {
    description: `adgen stateful resources (table, creatives bucket, user pool) of stage ${settings.stage}; retained on delete`,
    settings,
  });
  const stateless = new StatelessStack(scope, names.stateless, {
    description: `adgen API, generation worker and queues of stage ${settings.stage}`,
    settings,
    table: stateful.table,
    bucket: stateful.bucket,
    userPool: stateful.userPool,
    userPoolClient: stateful.userPoolClient,
  });
  for (const stack of [stateful, stateless]) Tags.of(stack).add('stage', settings.stage);
  return { stateful, stateless };
}

/**
 * Builds the adgen app: settings from context (`-c stage=<name>` picks the stage), then that
 * stage's stacks, with cdk-nag's AwsSolutions checks. `bin/app.ts` and the infra tests both
 * call this, so they synthesize the same thing.
 */
export function buildApp(options: BuildAppOptions = {}): AdgenApp {
  const app = new App({ context: options.context });
  const settings = readSettings(app.node);
  Tags.of(app).add('app', 'adgen');
  const { stateful, stateless } = addStage(app, settings);

  if (options.nagChecks ?? true)
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true }));
  return { app, settings, stateful, stateless };
}
