import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { type AdgenSettings, readSettings } from './settings.ts';
import { StatefulStack } from './stateful-stack.ts';
import { StatelessStack } from './stateless-stack.ts';

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
 * Builds the adgen app: settings from context, then the retained stateful stack and the
 * stateless stack that uses it, with cdk-nag's AwsSolutions checks. `bin/app.ts` and the infra
 * tests both call this, so they synthesize the same thing.
 */
export function buildApp(options: BuildAppOptions = {}): AdgenApp {
  const app = new App({ context: options.context });
  const settings = readSettings(app.node);
  Tags.of(app).add('app', 'adgen');

  const stateful = new StatefulStack(app, 'AdgenStateful', {
    description: 'adgen stateful resources (table, creatives bucket, user pool); retained on delete',
  });
  const stateless = new StatelessStack(app, 'AdgenStateless', {
    description: 'adgen API, generation worker and queues',
    settings,
    table: stateful.table,
    bucket: stateful.bucket,
    userPool: stateful.userPool,
    userPoolClient: stateful.userPoolClient,
  });

  if (options.nagChecks ?? true)
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true }));
  return { app, settings, stateful, stateless };
}
