import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '#local/stack.ts';
import { type StandIn, startStandIn } from './aws-stand-in.ts';

const ROOT = new URL('../../', import.meta.url);
const TSX = fileURLToPath(new URL('node_modules/tsx/dist/cli.mjs', ROOT));
const CREATE_ADMIN = fileURLToPath(new URL('scripts/create-admin.ts', ROOT));
const ADGEN = fileURLToPath(new URL('cli/adgen.mjs', ROOT));

const ADMIN = 'first.admin@agency.example';
const TEMPORARY = 'Tmp-Passw0rd!2026';
const CHOSEN = 'Chosen-Passw0rd!2026';

let stack: LocalStack;
let standIn: StandIn;
let cognito: CognitoIdentityProviderClient;
let dataDir: string;
let cliDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'adgen-first-run-'));
  // The CLI's own folder has no local.json: everything it knows comes from the stack outputs.
  cliDir = await mkdtemp(join(tmpdir(), 'adgen-first-run-cli-'));
  stack = await startLocalStack({ dataDir, port: 0, logLevel: 'SILENT', workers: 1 });
  const { cognito: pool } = stack.localJson;
  const outputs = { ApiUrl: stack.baseUrl, UserPoolId: pool.userPoolId, UserPoolClientId: pool.clientId };
  // What `cdk deploy` leaves in CloudFormation for stage prod (legacy names) and stage dev.
  standIn = await startStandIn({
    stacks: {
      AdgenStateless: { status: 'UPDATE_COMPLETE', outputs },
      'dev-AdgenStateless': { status: 'CREATE_COMPLETE', outputs },
    },
    models: {},
    availability: {},
    inferenceProfiles: {},
    quotas: [],
    trails: [],
  });
  cognito = new CognitoIdentityProviderClient({ region: pool.region, endpoint: pool.endpoint });
  const { ADGEN_BASE_URL: _u, ADGEN_API_KEY: _k, ...inherited } = process.env;
  // The SDK's own per-service endpoint variables: the same code as on AWS, local endpoints.
  env = {
    ...(inherited as Record<string, string>),
    ADGEN_DATA_DIR: cliDir,
    AWS_REGION: pool.region,
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_CLOUDFORMATION: standIn.endpoint,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: pool.endpoint,
  };
});
afterAll(async () => {
  cognito?.destroy();
  await standIn?.close();
  await stack?.stop();
  for (const dir of [dataDir, cliDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

type Run = { code: number; stdout: string; stderr: string; json: any };
function run(args: string[], extraEnv: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const options = { env: { ...env, ...extraEnv }, timeout: 120_000 };
    execFile(process.execPath, args, options, (error, stdout, stderr) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr, json });
    });
  });
}
const createAdmin = (...args: string[]) => run([TSX, CREATE_ADMIN, ...args]);
const adgen = (...args: string[]) => run([ADGEN, ...args]);
/** Passwords go through the environment (the CLI refuses them in argv). */
const adgenWith = (passwords: Record<string, string>, ...args: string[]) => run([ADGEN, ...args], passwords);

describe('first run: create-admin, login --stage, a key, a first creative', () => {
  it('create-admin makes the first user in the pool named by the stage outputs', async () => {
    const created = await createAdmin('--email', ADMIN, '--stage', 'dev');
    console.log(created.stdout);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toContain(
      `Created ${ADMIN} in user pool ${stack.localJson.cognito.userPoolId} (stage dev, FORCE_CHANGE_PASSWORD).`,
    );
    expect(standIn.requests).toContain('cloudformation DescribeStacks dev-AdgenStateless');
    const user = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.localJson.cognito.userPoolId, Username: ADMIN }),
    );
    expect(user.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(user.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: ADMIN },
        { Name: 'email_verified', Value: 'true' },
      ]),
    );
  });

  it('refuses a second create of the same address and says how to resend', async () => {
    const again = await createAdmin('--email', ADMIN, '--stage', 'dev');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`${ADMIN} already exists`);
    expect(again.stderr).toContain('--resend');
  });

  it('looks up stage prod under the names of the releases before stages', async () => {
    const created = await createAdmin('--email', 'second.admin@agency.example');
    expect(created.code, created.stderr).toBe(0);
    expect(standIn.requests).toContain('cloudformation DescribeStacks AdgenStateless');
  });

  it('says which stack is missing when a stage was never deployed', async () => {
    const missing = await createAdmin('--email', 'x@agency.example', '--stage', 'qa');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No stack qa-AdgenStateless in us-east-1: deploy stage qa first');
    const login = await adgenWith({ ADGEN_PASSWORD: 'x' }, 'login', '--stage', 'qa', '--username', ADMIN);
    expect(login.code).toBe(2);
    expect(login.stderr).toContain('No stack qa-AdgenStateless');
  });

  it('login --stage asks for a new password on the first login, then caches the token and the API', async () => {
    // Cognito mails the temporary password; the test sets one it knows instead of reading mail.
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: stack.localJson.cognito.userPoolId,
        Username: ADMIN,
        Password: TEMPORARY,
        Permanent: false,
      }),
    );
    const first = await adgenWith(
      { ADGEN_PASSWORD: TEMPORARY },
      'login',
      '--stage',
      'dev',
      '--username',
      ADMIN,
    );
    expect(first.code).toBe(3);
    expect(first.stderr).toContain('First login: Cognito asks you to replace the temporary password');
    expect(first.stderr).toContain('ADGEN_NEW_PASSWORD');

    const login = await adgenWith(
      { ADGEN_PASSWORD: TEMPORARY, ADGEN_NEW_PASSWORD: CHOSEN },
      'login',
      '--stage',
      'dev',
      '--username',
      ADMIN,
      '--json',
    );
    expect(login.code, login.stderr).toBe(0);
    expect(login.json).toMatchObject({ username: ADMIN, stage: 'dev', base_url: stack.baseUrl });
    const user = await cognito.send(
      new AdminGetUserCommand({ UserPoolId: stack.localJson.cognito.userPoolId, Username: ADMIN }),
    );
    expect(user.UserStatus).toBe('CONFIRMED');

    const again = await adgenWith({ ADGEN_PASSWORD: CHOSEN }, 'login', '--stage', 'dev', '--username', ADMIN);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`Logged in to stage dev as ${ADMIN}`);
  });

  it('creates a key on the stage and orders a first creative with it', async () => {
    const key = await adgen('keys', 'create', 'first key', '--json');
    expect(key.code, key.stderr).toBe(0);
    const apiKey = key.json.api_key.key as string;
    expect(apiKey).toMatch(/^adg_local_/);

    const withKey = ['--base-url', stack.baseUrl, '--api-key', apiKey, '--json'];
    const client = await adgen('clients', 'create', 'Acme', ...withKey);
    expect(client.code, client.stderr).toBe(0);
    const campaign = await adgen(
      'campaigns',
      'create',
      '--client',
      client.json.client.id,
      '--aspect-ratio',
      '1:1',
      '--volume',
      '1',
      '--offer',
      '30% off',
      '--cta',
      'Shop now',
      ...withKey,
    );
    expect(campaign.code, campaign.stderr).toBe(0);
    const out = join(cliDir, 'first-creative');
    const generated = await adgen(
      'generate',
      campaign.json.campaign.id,
      '--wait',
      '--out',
      out,
      '--base-url',
      stack.baseUrl,
      '--api-key',
      apiKey,
    );
    expect(generated.code, generated.stderr).toBe(0);
    expect((await readdir(out)).filter((f) => f.endsWith('.png'))).toHaveLength(1);
  });
});
