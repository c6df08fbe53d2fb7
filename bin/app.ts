import { buildApp } from '#lib/app.ts';

// Settings come from CDK context: cdk.json holds the defaults, `-c key=value` overrides them.
buildApp();
