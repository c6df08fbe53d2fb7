/**
 * Creates the first user of a deployed stage (or any later one): Cognito AdminCreateUser in the
 * stage's user pool, found from the stack outputs, and Cognito mails the temporary password.
 *
 *   npm run create-admin -- --email ops@agency.example [--stage prod] [--region eu-west-1] [--profile P]
 *   npm run create-admin -- --email ops@agency.example --resend     # mail a new temporary password
 *
 * Then: `npx adgen login --stage <stage> --username <email>` (it prompts for the temporary password and yours).
 * Needs cloudformation:DescribeStacks on the stack and cognito-idp:AdminCreateUser on the pool.
 */
import { pathToFileURL } from 'node:url';
import {
  AdminCreateUserCommand,
  CognitoIdentityProviderClient,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import * as z from 'zod';
import { LEGACY_STAGE } from '#lib/stages.ts';
import { type AwsTarget, clientConfig, readStageOutputs, StageLookupError } from '#ops/stack-outputs.ts';
import { parseScript, scriptCommand } from './lib/command.ts';

export type CreatedAdmin = { stage: string; userPoolId: string; username: string; status: string };

export class CreateAdminError extends Error {
  override name = 'CreateAdminError';
}

/** AdminCreateUser in the stage's pool: email verified (Cognito mails the invitation to it). */
export async function createAdmin(
  input: { email: string; stage: string; resend?: boolean },
  target: AwsTarget = {},
): Promise<CreatedAdmin> {
  const email = z.email().safeParse(input.email.trim());
  if (!email.success) throw new CreateAdminError(`--email must be an e-mail address, got '${input.email}'.`);
  const outputs = await readStageOutputs(input.stage, target);
  const cognito = new CognitoIdentityProviderClient({ ...clientConfig(target), region: outputs.region });
  try {
    const created = await cognito
      .send(
        new AdminCreateUserCommand({
          UserPoolId: outputs.userPoolId,
          Username: email.data,
          UserAttributes: [
            { Name: 'email', Value: email.data },
            { Name: 'email_verified', Value: 'true' },
          ],
          DesiredDeliveryMediums: ['EMAIL'],
          ...(input.resend ? { MessageAction: 'RESEND' as const } : {}),
        }),
      )
      .catch((error: Error) => {
        if (error instanceof UsernameExistsException || error.name === 'UsernameExistsException') {
          throw new CreateAdminError(
            `${email.data} already exists in ${outputs.userPoolId}. To mail a new temporary password, add --resend.`,
          );
        }
        throw error;
      });
    return {
      stage: outputs.stage,
      userPoolId: outputs.userPoolId,
      // The pool signs in by e-mail: Cognito names the user by a generated id, the login is the address.
      username: email.data,
      status: created.User?.UserStatus ?? 'FORCE_CHANGE_PASSWORD',
    };
  } finally {
    cognito.destroy();
  }
}

async function main(argv: string[]): Promise<number> {
  const command = scriptCommand(
    'create-admin',
    "Creates the first user of a deployed stage's user pool; Cognito mails a temporary password.",
  )
    .requiredOption('--email <address>', "the admin's e-mail address (the login)")
    .option('--stage <stage>', 'the deployed stage', LEGACY_STAGE)
    .option('--region <region>', "the stage's region")
    .option('--profile <profile>', 'the AWS profile')
    .option('--resend', 'mail the temporary password again to an existing user', false);
  const parsed = parseScript<{
    email: string;
    stage: string;
    region?: string;
    profile?: string;
    resend: boolean;
  }>(command, argv);
  if (parsed.exit !== undefined) return parsed.exit;
  const values = parsed.options;
  try {
    const admin = await createAdmin(
      { email: values.email, stage: values.stage, resend: values.resend },
      { region: values.region, profile: values.profile },
    );
    process.stdout.write(
      [
        `Created ${admin.username} in user pool ${admin.userPoolId} (stage ${admin.stage}, ${admin.status}).`,
        'Cognito has mailed a temporary password (valid 3 days). Log in and choose your own:',
        `  npx adgen login --stage ${admin.stage} --username ${admin.username}   (prompts for the temporary password, then yours)`,
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    const known = error instanceof CreateAdminError || error instanceof StageLookupError;
    process.stderr.write(
      `error: ${known ? (error as Error).message : String((error as Error).message ?? error)}\n`,
    );
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
