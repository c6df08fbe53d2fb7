/**
 * `adgen login`: Cognito USER_PASSWORD_AUTH, caching the access and refresh tokens (0600) for the
 * key commands. Passwords never come from argv.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Command } from 'commander';
import { type CachedToken, config, type Globals, localJson, optionsOf, tokenPath } from '../lib/config.ts';
import { AuthError, UsageError } from '../lib/errors.ts';
import { type Out, print } from '../lib/output.ts';

type LoginFlags = Globals & {
  username?: string;
  passwordStdin?: boolean;
  stage?: string;
  region?: string;
  profile?: string;
  clientId?: string;
  cognitoEndpoint?: string;
};

export function register(program: Command): void {
  program
    .command('login')
    .summary('log in to Cognito and cache the token for the key commands')
    .description(
      [
        'Logs in to Cognito (USER_PASSWORD_AUTH) and caches the access and refresh tokens (file mode 0600) for the key commands; an expired access token is refreshed with the refresh token.',
        '',
        'Passwords are never taken as arguments (they would stay in shell history and the process list). They come from:',
        '  - a hidden prompt when stdin is a terminal;',
        `  - --password-stdin: the first line of stdin is the password, a second line the new password of a first login (printf '%s\\n' "$PW" | adgen login --username me --password-stdin);`,
        '  - ADGEN_PASSWORD and ADGEN_NEW_PASSWORD in the environment (for CI);',
        "  - the local stack's user from its local.json when neither is given.",
        '',
        '--stage reads the app client and the API of a deployed stage from its stack outputs. A first login (after create-admin) must set a new password: prompted for, or from the sources above.',
      ].join('\n'),
    )
    .option('--username <name>', "the Cognito user (default: the local stack's user)")
    .option('--password-stdin', 'read the password (and a new one) from stdin')
    .option('--stage <stage>', 'a deployed stage: its app client and API from its stack outputs')
    .option('--region <region>', 'AWS region of the stage or user pool')
    .option('--profile <profile>', "AWS profile to read the stage's outputs with")
    .option('--client-id <id>', 'the Cognito app client id')
    .option('--cognito-endpoint <url>', "a Cognito endpoint other than AWS's (the local emulator)")
    .action(async (_options, cmd: Command) => {
      const flags = optionsOf<LoginFlags>(cmd);
      await login(flags, flags.output);
    });
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`Missing ${what}. See adgen login --help.`);
  return value;
}

/**
 * Where to log in: a deployed stage's app client and API, read from its stack outputs
 * (`--stage`), or the local stack's (`local.json`), or `--client-id`/`--region` by hand.
 */
async function loginTarget(flags: LoginFlags) {
  if (flags.stage) {
    const { readStageOutputs, StageLookupError } = await import('../../ops/stack-outputs.ts');
    const stage = await readStageOutputs(flags.stage, { region: flags.region, profile: flags.profile }).catch(
      (error: Error) => {
        if (error instanceof StageLookupError) throw new UsageError(error.message);
        throw error;
      },
    );
    return {
      clientId: flags.clientId ?? stage.userPoolClientId,
      region: stage.region,
      endpoint: flags.cognitoEndpoint,
      stage: stage.stage,
      baseUrl: stage.apiUrl,
      local: undefined,
    };
  }
  const { local } = await config(flags).catch(async () => ({ local: await localJson() }));
  return {
    clientId: required(flags.clientId ?? local?.cognito?.clientId, '--client-id (Cognito app client)'),
    region: flags.region ?? local?.cognito?.region ?? process.env.AWS_REGION ?? 'us-east-1',
    endpoint: flags.cognitoEndpoint ?? local?.cognito?.endpoint,
    stage: undefined,
    baseUrl: undefined,
    local,
  };
}

/** Reads a line typed at the terminal without echoing it. */
async function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const finish = () => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          finish();
          return resolve(value);
        }
        if (ch === '\u0003') {
          finish();
          return reject(new UsageError('Interrupted.'));
        }
        value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readStdinLines(): Promise<string[]> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/);
}

/**
 * Where login's passwords come from, never argv: --password-stdin (line 1 the password, line 2
 * a new one), else ADGEN_PASSWORD / ADGEN_NEW_PASSWORD, else the local stack's user, else a
 * hidden prompt on a terminal.
 */
async function passwordSource(flags: LoginFlags, localPassword: string | undefined) {
  const lines = flags.passwordStdin ? await readStdinLines() : undefined;
  const tty = process.stdin.isTTY === true;
  return {
    password: async () => {
      const given = lines ? lines[0] : (process.env.ADGEN_PASSWORD ?? localPassword);
      if (given) return given;
      if (tty && !lines) return promptHidden('Password: ');
      throw new UsageError(
        'No password: type it at the prompt (on a terminal), or pass it on stdin with --password-stdin, or set ADGEN_PASSWORD.',
      );
    },
    newPassword: async () => {
      const given = lines ? lines[1] : process.env.ADGEN_NEW_PASSWORD;
      if (given) return given;
      if (tty && !lines) {
        const first = await promptHidden(
          'New password (12+ characters, upper and lower case, a digit, a symbol): ',
        );
        const again = await promptHidden('New password again: ');
        if (first !== again) throw new AuthError('The two new passwords differ; run login again.');
        return first;
      }
      return undefined;
    },
  };
}

async function login(flags: LoginFlags, out: Out) {
  const target = await loginTarget(flags);
  const username = required(flags.username ?? target.local?.cognito?.username, '--username');
  const passwords = await passwordSource(flags, target.local?.cognito?.password);
  const password = await passwords.password();
  const { CognitoIdentityProviderClient, InitiateAuthCommand, RespondToAuthChallengeCommand } = await import(
    '@aws-sdk/client-cognito-identity-provider'
  );
  // Cognito's InitiateAuth is unauthenticated; the local emulator still wants signable credentials.
  const cognito = new CognitoIdentityProviderClient({
    region: target.region,
    ...(target.endpoint
      ? { endpoint: target.endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {}),
  });
  const failed = (error: Error) => {
    throw new AuthError(`Login failed: ${error.message}`);
  };
  try {
    let auth = await cognito
      .send(
        new InitiateAuthCommand({
          ClientId: target.clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: username, PASSWORD: password },
        }),
      )
      .catch(failed);
    // A user made by create-admin (AdminCreateUser) must replace the mailed temporary password.
    if (auth.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
      const newPassword = await passwords.newPassword();
      if (!newPassword) {
        throw new AuthError(
          'First login: Cognito asks you to replace the temporary password. Run login again on a terminal (it prompts), or give the new password as the second line of --password-stdin or in ADGEN_NEW_PASSWORD (12+ characters, upper and lower case, a digit and a symbol).',
        );
      }
      auth = await cognito
        .send(
          new RespondToAuthChallengeCommand({
            ClientId: target.clientId,
            ChallengeName: 'NEW_PASSWORD_REQUIRED',
            Session: auth.Session,
            ChallengeResponses: { USERNAME: username, NEW_PASSWORD: newPassword },
          }),
        )
        .catch(failed);
    }
    const result = auth.AuthenticationResult;
    if (!result?.AccessToken)
      throw new AuthError(`Login needs a challenge this CLI does not answer (${auth.ChallengeName}).`);
    const expiresAt = new Date(Date.now() + (result.ExpiresIn ?? 3600) * 1000).toISOString();
    const path = tokenPath();
    await mkdir(dirname(path), { recursive: true });
    const cached: CachedToken = {
      accessToken: result.AccessToken,
      expiresAt,
      username,
      ...(result.RefreshToken
        ? {
            refresh: {
              token: result.RefreshToken,
              clientId: target.clientId,
              region: target.region,
              ...(target.endpoint ? { endpoint: target.endpoint } : {}),
            },
          }
        : {}),
      ...(target.stage ? { stage: target.stage, baseUrl: target.baseUrl } : {}),
    };
    await writeFile(path, `${JSON.stringify(cached, null, 2)}\n`, { mode: 0o600 });
    await chmod(path, 0o600);
    print(
      out,
      {
        username,
        expires_at: expiresAt,
        token_file: path,
        ...(target.stage ? { stage: target.stage, base_url: target.baseUrl } : {}),
      },
      () =>
        target.stage
          ? `Logged in to stage ${target.stage} as ${username} until ${expiresAt}.\nAPI: ${target.baseUrl} (key commands use it; for the others: export ADGEN_BASE_URL=${target.baseUrl})`
          : `Logged in as ${username} until ${expiresAt}.`,
    );
  } finally {
    cognito.destroy();
  }
}
