/**
 * Offboards a user at once: the account the Cognito user owns is marked inactive (its access
 * tokens are refused on the key actions from the next call) and every API key of the account is
 * revoked (401 from the next call). The same function the Offboarding Lambda runs on Cognito's
 * CloudTrail events (lambdas/core/offboarding.ts); see docs/operations.md for when to use it.
 *
 *   npm run offboard-user -- --user <sub|username|e-mail> --stage prod [--region eu-west-1] [--profile P]
 *   npm run offboard-user -- --user <sub|username|e-mail> --local [--data-dir .adgen]
 *
 * On AWS it reads the stage's stack outputs and needs cloudformation:DescribeStacks,
 * cognito-idp:AdminGetUser on the pool and dynamodb:GetItem/UpdateItem/Query on the table.
 * `--local` uses the endpoints of `<data dir>/local.json`, which `npm start` writes.
 * A user already deleted from Cognito can only be named by its sub. Running it twice is harmless.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { subOfUser } from '#core/auth/cognito-user.ts';
import { createAwsClients } from '#core/aws.ts';
import { loadConfig } from '#core/config.ts';
import { createDeps } from '#core/deps.ts';
import { type OffboardReport, offboardAccountOwner } from '#core/offboarding.ts';
import type { LocalJson } from '#local/stack.ts';
import { type AwsTarget, clientConfig, readStageOutputs, StageLookupError } from '#ops/stack-outputs.ts';
import { parseScript, scriptCommand, USAGE_EXIT } from './lib/command.ts';

/** Where the user and the table are: from local.json (`localTarget`) or a stage (`stageTarget`). */
export type OffboardTarget = {
  region: string;
  userPoolId: string;
  tableName: string;
  /** Emulator endpoints; undefined on AWS. */
  cognitoEndpoint?: string | undefined;
  dynamodbEndpoint?: string | undefined;
  profile?: string | undefined;
};

export class OffboardError extends Error {
  override name = 'OffboardError';
}

export async function localTarget(dataDir: string): Promise<OffboardTarget> {
  const path = join(dataDir, 'local.json');
  let local: Partial<LocalJson>;
  try {
    local = JSON.parse(await readFile(path, 'utf8')) as Partial<LocalJson>;
  } catch {
    throw new OffboardError(`Cannot read ${path}: start the local stack first (npm start).`);
  }
  if (!local.dynamodb || !local.cognito) {
    throw new OffboardError(`${path} names no table or user pool: restart the local stack (npm start).`);
  }
  // The emulators accept any credentials; the SDK wants some to sign with.
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  return {
    region: local.dynamodb.region,
    userPoolId: local.cognito.userPoolId,
    tableName: local.dynamodb.tableName,
    cognitoEndpoint: local.cognito.endpoint,
    dynamodbEndpoint: local.dynamodb.endpoint,
  };
}

export async function stageTarget(stage: string, aws: AwsTarget = {}): Promise<OffboardTarget> {
  const outputs = await readStageOutputs(stage, aws);
  const tableName = outputs.all.TableName;
  if (!tableName) throw new OffboardError(`Stack ${outputs.stackName} has no output TableName.`);
  return { region: outputs.region, userPoolId: outputs.userPoolId, tableName, profile: aws.profile };
}

/**
 * Finds the user's sub (AdminGetUser; a sub is taken as given once the user is deleted) and
 * offboards the account it owns.
 */
export async function offboardUser(
  user: string,
  target: OffboardTarget,
  options: { settleMs?: number } = {},
): Promise<OffboardReport & { user: string }> {
  const cognito = new CognitoIdentityProviderClient({
    ...clientConfig({ region: target.region, profile: target.profile }),
    endpoint: target.cognitoEndpoint,
  });
  const config = loadConfig({
    AWS_REGION: target.region,
    TABLE_NAME: target.tableName,
    // Offboarding touches the table only; the config wants names for the rest.
    BUCKET_NAME: 'unused-by-offboarding',
    QUEUE_URL: 'unused-by-offboarding',
    USER_POOL_ID: target.userPoolId,
    ...(target.dynamodbEndpoint ? { DYNAMODB_ENDPOINT: target.dynamodbEndpoint } : {}),
  });
  const deps = createDeps(config, createAwsClients(config));
  try {
    const sub = await subOfUser(cognito, target.userPoolId, user.trim());
    if (!sub) {
      throw new OffboardError(
        `No user ${user} in user pool ${target.userPoolId}. A user already deleted can only be named by its sub.`,
      );
    }
    return { user, ...(await offboardAccountOwner(deps, sub, options)) };
  } finally {
    cognito.destroy();
    for (const client of [deps.ddb, deps.s3, deps.sqs]) client.destroy();
  }
}

async function main(argv: string[]): Promise<number> {
  const command = scriptCommand(
    'offboard-user',
    'Offboards a user at once: its account is marked inactive and every API key of the account is revoked. Give exactly one of --stage and --local.',
  )
    .requiredOption('--user <sub|username|e-mail>', 'the Cognito user (a deleted one only by its sub)')
    .option('--stage <stage>', 'a deployed stage (its stack outputs name the pool and table)')
    .option('--region <region>', "the stage's region")
    .option('--profile <profile>', 'the AWS profile')
    .option('--local', 'the local stack of --data-dir', false)
    .option('--data-dir <dir>', 'the local data folder (else ADGEN_DATA_DIR, else .adgen)');
  const parsed = parseScript<{
    user: string;
    stage?: string;
    region?: string;
    profile?: string;
    local: boolean;
    dataDir?: string;
  }>(command, argv);
  if (parsed.exit !== undefined) return parsed.exit;
  const values = parsed.options;
  if (values.local === (values.stage !== undefined)) {
    process.stderr.write(`error: give exactly one of --stage and --local\n${command.helpInformation()}`);
    return USAGE_EXIT;
  }
  try {
    if (values.profile) process.env.AWS_PROFILE = values.profile;
    const target = values.local
      ? await localTarget(values.dataDir ?? process.env.ADGEN_DATA_DIR ?? '.adgen')
      : await stageTarget(values.stage as string, { region: values.region, profile: values.profile });
    const report = await offboardUser(values.user, target);
    process.stdout.write(
      `Offboarded ${values.user} (account ${report.accountId}): owner inactive${report.wasInactive ? ' (already was)' : ''}, ${report.revokedKeyIds.length} API key(s) revoked${report.revokedKeyIds.length ? `: ${report.revokedKeyIds.join(', ')}` : ''}.\n`,
    );
    return 0;
  } catch (error) {
    const known = error instanceof OffboardError || error instanceof StageLookupError;
    process.stderr.write(`error: ${known ? (error as Error).message : String(error)}\n`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
