/**
 * `adgen`: the command line of the adgen API (`npx adgen --help`). Every command is one or a few
 * calls of the typed client (`client/index.ts`). Exit codes: 0 ok, 2 usage, 3 auth (401/403),
 * 4 not found, 5 validation, 6 insufficient credits, 7 other API error, 8 network.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  AdgenClient,
  AdgenError,
  cognitoTokenRefresher,
  type Inputs,
  WaitTimeoutError,
} from '../client/index.ts';
import { JOBS_HELP, runJobs } from './jobs.ts';

/** Help of each command (`adgen <command> --help`, `adgen help <command>`). */
const COMMAND_HELP = {
  login: `adgen login [--username U] [--password-stdin] [--stage S [--region R] [--profile P]] [--client-id ID]

Logs in to Cognito (USER_PASSWORD_AUTH) and caches the access and refresh tokens (file mode 0600)
for the key commands; an expired access token is refreshed with the refresh token.
Passwords are never taken as arguments (they would stay in shell history and the process list):
  - typed at a hidden prompt when stdin is a terminal;
  - --password-stdin: the first line of stdin is the password, a second line the new password
    of a first login (e.g. printf '%s\\n' "$PW" | adgen login --username me --password-stdin);
  - ADGEN_PASSWORD and ADGEN_NEW_PASSWORD in the environment (for CI);
  - the local stack's user from its local.json when neither is given.
--stage reads the app client and the API of a deployed stage from its stack outputs.
A first login (after create-admin) must set a new password: prompted for, or from the sources above.`,
  keys: `adgen keys list | keys create <name> [--expires-in-days N] | keys revoke <key id>

API keys of your account (needs adgen login). create shows the key once.`,
  clients: `adgen clients [list] [--limit N] | clients create <name> | clients get <id>
adgen clients rename <id> <name> | clients delete <id>

delete cancels the client's running jobs (their credits come back) and removes its angles, brand
kit, assets, campaigns and creatives.`,
  campaigns: `adgen campaigns list --client ID
adgen campaigns create --client ID [--name N] [--aspect-ratio 1:1,9:16] [--volume N] [--offer T]
                       [--cta T] [--platforms meta_feed,tiktok] [--angles ID,ID] [--landing-url URL]
adgen campaigns get <id> | campaigns delete <id>
adgen campaigns update <id> [the create options but --client]

update is refused while a job of the campaign runs; delete cancels its running jobs (their credits
come back) and removes its creatives.`,
  regenerate: `adgen regenerate <creative id> [--seed N]

A new 1-image job for the creative's angle, ratio and campaign (1 credit); follow it with adgen
jobs wait <job id>.`,
  angles: `adgen angles list --client ID | angles generate --client ID --summary TEXT [--language en]`,
  'brand-kit': `adgen brand-kit get --client ID
adgen brand-kit set --client ID [--primary #RRGGBB] [--secondary ..] [--accent ..] [--background ..]
                    [--text ..] [--heading FONT] [--body FONT] [--logo-url URL|none] [--tone T]
                    [--tagline T] [--banned w1,w2]`,
  prepare: `adgen prepare <campaign id>

Writes copy per platform and angle onto the campaign and prints it with the recommendations.`,
  estimate: `adgen estimate <campaign id>

What generate would order and charge now, writing nothing: images (jobs), credits, available,
whether it is affordable, image-model calls and their cost (when the operator configured a price).`,
  generate: `adgen generate <campaign id> [--wait] [--out DIR] [--timeout SECONDS]

Orders the campaign's creatives (one job; its credits are reserved). The request carries an
Idempotency-Key, so a retry after a lost answer never orders twice. --wait follows the job and
downloads the PNGs to DIR (default creatives/<campaign id>).`,
  credits: `adgen credits

Credits of the account: available, reserved by running jobs, used, granted.`,
  jobs: JOBS_HELP,
  webhooks: `adgen webhooks list | webhooks create <https url> --events job.completed,creative.failed
adgen webhooks delete <id> | webhooks rotate <id> | webhooks deliveries <id> [--limit N]

Signed webhooks (Standard Webhooks). create and rotate show the signing secret once; after a
rotation both secrets sign for 24 h. deliveries lists attempts, status and the last HTTP status.`,
} as const satisfies Record<string, string>;

type Command = keyof typeof COMMAND_HELP;
const isCommand = (name: string | undefined): name is Command =>
  name !== undefined && Object.hasOwn(COMMAND_HELP, name);

const HELP = `adgen: creative ad generation from the command line

Usage: adgen <command> [arguments] [--json] [--base-url URL] [--api-key KEY]
       adgen <command> --help | adgen help <command> | adgen --version

${Object.values(COMMAND_HELP)
  .map((text) => text.split('\n\n')[0])
  .join('\n')}

Base URL and API key: --base-url/--api-key, else ADGEN_BASE_URL/ADGEN_API_KEY, else the local
stack's $ADGEN_DATA_DIR/local.json (default .adgen/local.json, written by npm start).
--json prints the result as JSON on stdout (for scripts). Every writing command sends a fresh
Idempotency-Key and repeats it on retries.

Exit codes: 0 ok, 2 usage, 3 auth, 4 not found, 5 validation, 6 insufficient credits,
7 other API error, 8 network.`;

export const EXIT = {
  ok: 0,
  usage: 2,
  auth: 3,
  notFound: 4,
  validation: 5,
  credits: 6,
  api: 7,
  network: 8,
} as const;

class UsageError extends Error {}
class AuthError extends Error {}

const options = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
  'password-stdin': { type: 'boolean' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  username: { type: 'string' },
  'cognito-endpoint': { type: 'string' },
  'client-id': { type: 'string' },
  region: { type: 'string' },
  profile: { type: 'string' },
  stage: { type: 'string' },
  'expires-in-days': { type: 'string' },
  client: { type: 'string' },
  name: { type: 'string' },
  'aspect-ratio': { type: 'string' },
  volume: { type: 'string' },
  offer: { type: 'string' },
  cta: { type: 'string' },
  platforms: { type: 'string' },
  angles: { type: 'string' },
  'landing-url': { type: 'string' },
  summary: { type: 'string' },
  language: { type: 'string' },
  primary: { type: 'string' },
  secondary: { type: 'string' },
  accent: { type: 'string' },
  background: { type: 'string' },
  text: { type: 'string' },
  heading: { type: 'string' },
  body: { type: 'string' },
  'logo-url': { type: 'string' },
  tone: { type: 'string' },
  tagline: { type: 'string' },
  banned: { type: 'string' },
  wait: { type: 'boolean' },
  out: { type: 'string' },
  timeout: { type: 'string' },
  limit: { type: 'string' },
  campaign: { type: 'string' },
  status: { type: 'string' },
  events: { type: 'string' },
  seed: { type: 'string' },
} as const;

type Flags = ReturnType<typeof parse>['values'];
function parse(argv: string[]) {
  return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
}

type LocalJson = {
  baseUrl?: string;
  apiKey?: string;
  cognito?: { endpoint?: string; region?: string; clientId?: string; username?: string; password?: string };
};

const dataDir = () => process.env.ADGEN_DATA_DIR ?? '.adgen';

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const localJson = () => readJson<LocalJson>(join(dataDir(), 'local.json'));

function tokenPath(): string {
  if (process.env.ADGEN_DATA_DIR) return join(process.env.ADGEN_DATA_DIR, 'token.json');
  const config = process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config');
  return join(config, 'adgen', 'token.json');
}

/** `baseUrl` is the stage's API when the login looked the stage up (`login --stage`). */
type CachedToken = {
  accessToken: string;
  expiresAt: string;
  username: string;
  /** The refresh token and where to use it: key commands refresh an expired access token. */
  refresh?: { token: string; clientId: string; region: string; endpoint?: string };
  stage?: string;
  baseUrl?: string;
};

async function config(flags: Flags) {
  const local = await localJson();
  const baseUrl = flags['base-url'] ?? process.env.ADGEN_BASE_URL ?? local?.baseUrl;
  const apiKey = flags['api-key'] ?? process.env.ADGEN_API_KEY ?? local?.apiKey;
  if (!baseUrl) {
    throw new UsageError(
      `No base URL: pass --base-url, set ADGEN_BASE_URL, or start the local stack (npm start) so ${join(dataDir(), 'local.json')} exists.`,
    );
  }
  return { baseUrl, apiKey, local };
}

async function apiClient(flags: Flags, needs: 'api_key' | 'user_token' = 'api_key') {
  const { baseUrl, apiKey } = await config(flags);
  if (needs === 'api_key') {
    if (!apiKey) throw new UsageError('No API key: pass --api-key or set ADGEN_API_KEY.');
    return new AdgenClient({ baseUrl, apiKey });
  }
  const path = tokenPath();
  const cached = await readJson<CachedToken>(path);
  if (!cached) throw new AuthError('Not logged in: run `adgen login` first.');
  const { refresh } = cached;
  if (!refresh && Date.parse(cached.expiresAt) <= Date.now() + 10_000) {
    throw new AuthError('The cached login has expired: run `adgen login` again.');
  }
  return new AdgenClient({
    baseUrl,
    token: cached.accessToken,
    ...(refresh
      ? {
          refreshToken: async () => {
            try {
              return await cognitoTokenRefresher({ ...refresh, refreshToken: refresh.token })();
            } catch (error) {
              throw new AuthError(
                `The login has expired (${(error as Error).message}): run \`adgen login\` again.`,
              );
            }
          },
          // The refreshed token replaces the cached one, so the next command starts with it.
          onTokenRefreshed: async ({ accessToken, expiresIn }) => {
            const expiresAt = new Date(Date.now() + expiresIn * 1000).toISOString();
            await writeFile(path, `${JSON.stringify({ ...cached, accessToken, expiresAt }, null, 2)}\n`, {
              mode: 0o600,
            });
          },
        }
      : {}),
  });
}

/** Key commands go to the stage the token came from, unless --base-url or ADGEN_BASE_URL says otherwise. */
async function userTokenClient(flags: Flags) {
  const cached = await readJson<CachedToken>(tokenPath());
  if (cached?.baseUrl && !flags['base-url'] && !process.env.ADGEN_BASE_URL) {
    return apiClient({ ...flags, 'base-url': cached.baseUrl }, 'user_token');
  }
  return apiClient(flags, 'user_token');
}

function required(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`Missing ${what}. See adgen --help.`);
  return value;
}

function integer(value: string | undefined, what: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n)) throw new UsageError(`${what} must be an integer, not '${value}'.`);
  return n;
}

const list = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

function strip<T extends Record<string, unknown>>(object: T): T {
  return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined)) as T;
}

type Out = { json: boolean };

/** What a delete answered, in one line. */
function deletedLine(
  kind: 'client' | 'campaign',
  id: string,
  r: { creatives_deleted: number; credits_released: number },
): string {
  return `Deleted ${kind} ${id}: ${r.creatives_deleted} creatives removed, ${r.credits_released} credits returned.`;
}

function print(out: Out, result: unknown, human: () => string) {
  process.stdout.write(out.json ? `${JSON.stringify(result, null, 2)}\n` : `${human()}\n`);
}

/**
 * Where to log in: a deployed stage's app client and API, read from its stack outputs
 * (`--stage`), or the local stack's (`local.json`), or `--client-id`/`--region` by hand.
 */
async function loginTarget(flags: Flags) {
  if (flags.stage) {
    const { readStageOutputs, StageLookupError } = await import('../ops/stack-outputs.ts');
    const stage = await readStageOutputs(flags.stage, { region: flags.region, profile: flags.profile }).catch(
      (error: Error) => {
        if (error instanceof StageLookupError) throw new UsageError(error.message);
        throw error;
      },
    );
    return {
      clientId: flags['client-id'] ?? stage.userPoolClientId,
      region: stage.region,
      endpoint: flags['cognito-endpoint'],
      stage: stage.stage,
      baseUrl: stage.apiUrl,
      local: undefined,
    };
  }
  const { local } = await config(flags).catch(async () => ({ local: await localJson() }));
  return {
    clientId: required(flags['client-id'] ?? local?.cognito?.clientId, '--client-id (Cognito app client)'),
    region: flags.region ?? local?.cognito?.region ?? process.env.AWS_REGION ?? 'us-east-1',
    endpoint: flags['cognito-endpoint'] ?? local?.cognito?.endpoint,
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
async function passwordSource(flags: Flags, localPassword: string | undefined) {
  const lines = flags['password-stdin'] ? await readStdinLines() : undefined;
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

async function login(flags: Flags, out: Out) {
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

function formatDuration(ms: number) {
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(1)}s` : `${Math.floor(s / 60)}m${Math.round(s % 60)}s`;
}

function progressLine(
  job: { jobs: number; succeeded: number; failed: number; status: string },
  elapsedMs: number,
) {
  const done = job.succeeded + job.failed;
  const width = 24;
  const filled = job.jobs > 0 ? Math.round((done / job.jobs) * width) : 0;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${job.jobs} done, ${job.failed} failed, ${formatDuration(elapsedMs)} (${job.status})`;
}

async function generate(flags: Flags, positionals: string[], out: Out) {
  const campaign_id = required(positionals[0], 'the campaign id (adgen generate <campaign id>)');
  const client = await apiClient(flags);
  const started = await client.generateCreatives({ campaign_id });
  if (!flags.wait) {
    print(
      out,
      started,
      () => `Job ${started.job_id}: ${started.jobs} images ordered. Follow it with --wait.`,
    );
    return;
  }
  const tty = process.stderr.isTTY === true && !out.json;
  let last = '';
  const timeoutS = integer(flags.timeout, '--timeout') ?? 600;
  const controller = new AbortController();
  const onSigint = () => controller.abort(new Error('Interrupted.'));
  process.once('SIGINT', onSigint);
  let done: Awaited<ReturnType<typeof client.waitForCreatives>>;
  try {
    done = await client.waitForCreatives(started, {
      timeoutMs: timeoutS * 1000,
      signal: controller.signal,
      intervalMs: 500,
      onProgress: ({ job, elapsedMs }) => {
        const line = progressLine(job, elapsedMs);
        if (tty) process.stderr.write(`\r${line}`);
        else if (!out.json && line.replace(/, [\d.ms]+ \(/, ' (') !== last.replace(/, [\d.ms]+ \(/, ' (')) {
          process.stderr.write(`${line}\n`);
        }
        last = line;
      },
    });
  } finally {
    process.off('SIGINT', onSigint);
    if (tty) process.stderr.write('\n');
  }
  const folder = resolve(flags.out ?? join('creatives', campaign_id));
  await mkdir(folder, { recursive: true });
  const files: {
    id: string;
    aspect_ratio: string;
    width: number | null;
    height: number | null;
    file: string;
  }[] = [];
  let n = 0;
  for (const creative of done.creatives) {
    if (!creative.image_url) continue;
    n++;
    const res = await fetch(creative.image_url).catch((error: Error) => {
      throw new AdgenError('network_error', 0, `Could not download ${creative.id}: ${error.message}`);
    });
    if (!res.ok)
      throw new AdgenError(
        'internal_error',
        res.status,
        `Downloading ${creative.id} answered ${res.status}.`,
      );
    const file = join(
      folder,
      `${String(n).padStart(3, '0')}-${creative.aspect_ratio.replace(':', 'x')}-${creative.id}.png`,
    );
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    files.push({
      id: creative.id,
      aspect_ratio: creative.aspect_ratio,
      width: creative.width,
      height: creative.height,
      file,
    });
  }
  print(out, { job: done.job, folder, creatives: files }, () => {
    const reasons = Object.entries(done.job.failure_reasons)
      .map(([k, v]) => `${k}: ${v}`)
      .join(', ');
    return [
      `Job ${done.job.job_id} ${done.job.status}: ${done.job.succeeded} of ${done.job.jobs} succeeded, ${done.job.failed} failed${reasons ? ` (${reasons})` : ''}.`,
      `${files.length} PNG${files.length === 1 ? '' : 's'} in ${folder}`,
      ...files.map((f) => `  ${f.file} (${f.width}x${f.height})`),
    ].join('\n');
  });
  if (done.job.status === 'failed') process.exitCode = EXIT.api;
}

const rows = (items: string[], empty: string) => (items.length > 0 ? items.join('\n') : empty);

const SECRET_FLAGS = /^--(password|new-password)(=|$)/;

async function version(): Promise<string> {
  const pkg = await readJson<{ version?: string }>(
    fileURLToPath(new URL('../package.json', import.meta.url)),
  );
  return pkg?.version ?? 'unknown';
}

async function run(argv: string[]): Promise<void> {
  const secret = argv.find((a) => SECRET_FLAGS.test(a));
  if (secret) {
    throw new UsageError(
      `${secret.split('=')[0]} is not accepted: a password in the arguments stays in shell history and the process list. Type it at the prompt, or use --password-stdin or ADGEN_PASSWORD/ADGEN_NEW_PASSWORD (adgen login --help).`,
    );
  }
  const { values: flags, positionals } = parse(argv);
  const out: Out = { json: flags.json === true };
  const [command, sub, ...rest] = positionals;
  if (flags.version) {
    const v = await version();
    return print(out, { version: v }, () => `adgen ${v}`);
  }
  if (command === 'help' && isCommand(sub)) {
    process.stdout.write(`${COMMAND_HELP[sub]}\n`);
    return;
  }
  if (flags.help && isCommand(command)) {
    process.stdout.write(`${COMMAND_HELP[command]}\n`);
    return;
  }
  if (flags.help || !command || command === 'help') {
    process.stdout.write(`${HELP}\n`);
    return;
  }
  const limit = integer(flags.limit, '--limit');
  switch (command) {
    case 'login':
      return login(flags, out);
    case 'keys': {
      const client = await userTokenClient(flags);
      if (sub === 'list' || sub === undefined) {
        const r = await client.listApiKeys(strip({ limit }));
        return print(out, r, () =>
          rows(
            r.api_keys.map((k) => `${k.id}  ${k.status.padEnd(7)}  ${k.prefix}…${k.last4}  ${k.name}`),
            'No API keys.',
          ),
        );
      }
      if (sub === 'create') {
        const name = required(rest[0] ?? flags.name, 'the key name (adgen keys create <name>)');
        const r = await client.createApiKey(
          strip({ name, expires_in_days: integer(flags['expires-in-days'], '--expires-in-days') }),
        );
        return print(
          out,
          r,
          () => `Created key ${r.api_key.id} (${r.api_key.name}). It is shown only now:\n${r.api_key.key}`,
        );
      }
      if (sub === 'revoke') {
        const r = await client.revokeApiKey({
          api_key_id: required(rest[0], 'the key id (adgen keys revoke <id>)'),
        });
        return print(out, r, () => `Revoked ${r.api_key.id} at ${r.api_key.revoked_at}.`);
      }
      throw new UsageError(`Unknown keys command '${sub}': list, create or revoke.`);
    }
    case 'clients': {
      const client = await apiClient(flags);
      if (sub === 'create') {
        const r = await client.createClient({
          name: required(rest.join(' ') || flags.name, 'the client name'),
        });
        return print(out, r, () => `Created client ${r.client.id} (${r.client.name}).`);
      }
      if (sub === 'get' || sub === 'rename' || sub === 'delete') {
        const [id, ...name] = rest;
        const client_id = required(id, 'the client id');
        if (sub === 'get') {
          const r = await client.getClient({ client_id });
          return print(out, r, () => `${r.client.id}  ${r.client.name}`);
        }
        if (sub === 'rename') {
          const r = await client.updateClient({
            client_id,
            name: required(name.join(' ') || flags.name, 'the new name'),
          });
          return print(out, r, () => `Renamed client ${r.client.id} to ${r.client.name}.`);
        }
        const r = await client.deleteClient({ client_id });
        return print(out, r, () => deletedLine('client', client_id, r));
      }
      if (sub !== undefined && sub !== 'list')
        throw new UsageError(`Unknown clients command '${sub}': list, create, get, rename or delete.`);
      const r = await client.listClients(strip({ limit }));
      return print(out, r, () =>
        rows(
          r.clients.map((c) => `${c.id}  ${c.name}`),
          'No clients.',
        ),
      );
    }
    case 'campaigns': {
      const client = await apiClient(flags);
      const fields = strip({
        name: flags.name,
        aspect_ratio: flags['aspect-ratio'],
        volume: integer(flags.volume, '--volume'),
        offer_text: flags.offer,
        cta_text: flags.cta,
        platform_target: list(flags.platforms) as Inputs['create_campaign']['platform_target'],
        selected_angle_ids: list(flags.angles),
        landing_url: flags['landing-url'],
      });
      const summary = (c: { id: string; name: string; volume: number; aspect_ratio: string }) =>
        `${c.id} (${c.name}): ${c.volume} × ${c.aspect_ratio}`;
      if (sub === 'create') {
        const client_id = required(flags.client, '--client <client id>');
        const r = await client.createCampaign({ client_id, ...fields });
        return print(out, r, () => `Created campaign ${summary(r.campaign)}.`);
      }
      if (sub === 'get' || sub === 'update' || sub === 'delete') {
        const campaign_id = required(rest[0], 'the campaign id');
        if (sub === 'get') {
          const r = await client.getCampaign({ campaign_id });
          return print(out, r, () => `Campaign ${summary(r.campaign)}, client ${r.campaign.client_id}.`);
        }
        if (sub === 'update') {
          if (Object.keys(fields).length === 0)
            throw new UsageError('Nothing to update: give an option to change.');
          const r = await client.updateCampaign({ campaign_id, ...fields });
          return print(out, r, () => `Updated campaign ${summary(r.campaign)}.`);
        }
        const r = await client.deleteCampaign({ campaign_id });
        return print(out, r, () => deletedLine('campaign', campaign_id, r));
      }
      if (sub !== undefined && sub !== 'list')
        throw new UsageError(`Unknown campaigns command '${sub}': list, create, get, update or delete.`);
      const client_id = required(flags.client, '--client <client id>');
      const r = await client.listCampaigns(strip({ client_id, limit }));
      return print(out, r, () =>
        rows(
          r.campaigns.map((c) => `${c.id}  ${c.name}  ${c.aspect_ratio}  volume ${c.volume}`),
          'No campaigns.',
        ),
      );
    }
    case 'angles': {
      const client = await apiClient(flags);
      const client_id = required(flags.client, '--client <client id>');
      const r =
        sub === 'generate'
          ? await client.generateAngles(
              strip({
                client_id,
                research_summary: required(flags.summary, '--summary <research summary>'),
                language: flags.language,
              }),
            )
          : sub === 'list' || sub === undefined
            ? await client.listAngles(strip({ client_id, limit }))
            : undefined;
      if (!r) throw new UsageError(`Unknown angles command '${sub}': list or generate.`);
      return print(out, r, () =>
        rows(
          r.angles.map((a) => `${a.id}  ${a.awareness_level.padEnd(14)}  ${a.name}: ${a.hook}`),
          'No angles.',
        ),
      );
    }
    case 'brand-kit': {
      const client = await apiClient(flags);
      const client_id = required(flags.client, '--client <client id>');
      let r: Awaited<ReturnType<typeof client.getBrandKit>>;
      if (sub === 'get' || sub === undefined) r = await client.getBrandKit({ client_id });
      else if (sub === 'set') {
        const colors = strip({
          primary: flags.primary,
          secondary: flags.secondary,
          accent: flags.accent,
          background: flags.background,
          text: flags.text,
        });
        const fonts = strip({
          heading: flags.heading,
          body: flags.body,
        }) as Inputs['update_brand_kit']['fonts'];
        const logo = flags['logo-url'];
        r = await client.updateBrandKit(
          strip({
            client_id,
            colors: Object.keys(colors).length > 0 ? colors : undefined,
            fonts: fonts && Object.keys(fonts).length > 0 ? fonts : undefined,
            logo_url: logo === undefined ? undefined : logo === 'none' ? null : logo,
            tone_of_voice: flags.tone,
            tagline: flags.tagline,
            banned_words: list(flags.banned),
          }),
        );
      } else throw new UsageError(`Unknown brand-kit command '${sub}': get or set.`);
      const k = r.brand_kit;
      return print(out, r, () =>
        [
          `colors   ${Object.entries(k.colors)
            .map(([n, v]) => `${n} ${v}`)
            .join(', ')}`,
          `fonts    heading ${k.fonts.heading}, body ${k.fonts.body}`,
          `logo     ${k.logo_url ?? '(none)'}`,
          `tone     ${k.tone_of_voice || '(none)'}`,
          `tagline  ${k.tagline || '(none)'}`,
          `banned   ${k.banned_words.join(', ') || '(none)'}`,
        ].join('\n'),
      );
    }
    case 'prepare': {
      const client = await apiClient(flags);
      const r = await client.prepareCampaign({
        campaign_id: required(sub, 'the campaign id (adgen prepare <campaign id>)'),
      });
      return print(out, r, () =>
        [
          ...r.copy.map((c) => `[${c.platform}] ${c.headline} | ${c.primary_text} | ${c.cta}`),
          `recommended ratios: ${r.recommendations.aspect_ratios.join(', ')}; volume ${r.recommendations.suggested_volume}`,
          ...r.warnings.map((w) => `warning: ${w}`),
        ].join('\n'),
      );
    }
    case 'estimate': {
      const client = await apiClient(flags);
      const r = await client.estimateCreatives({
        campaign_id: required(sub, 'the campaign id (adgen estimate <campaign id>)'),
      });
      const e = r.estimate;
      return print(out, r, () =>
        [
          `${e.jobs} images, ${e.credits} credits (${e.available} available: ${e.affordable ? 'affordable' : 'NOT affordable'})`,
          `${e.model_calls} image-model calls${e.model_cost_usd === null ? '' : `, $${e.model_cost_usd} model cost`}`,
        ].join('\n'),
      );
    }
    case 'generate':
      return generate(
        flags,
        [sub, ...rest].filter((p): p is string => p !== undefined),
        out,
      );
    case 'credits': {
      const client = await apiClient(flags);
      const r = await client.getCredits();
      const c = r.credits;
      return print(
        out,
        r,
        () => `${c.available} available, ${c.reserved} reserved, ${c.used} used (${c.granted} granted).`,
      );
    }
    case 'regenerate': {
      const client = await apiClient(flags);
      const r = await client.regenerateCreative(
        strip({
          creative_id: required(sub, 'the creative id'),
          seed: integer(flags.seed, '--seed'),
        }),
      );
      return print(
        out,
        r,
        () =>
          `Job ${r.job_id}: 1 image, regenerated from ${r.regenerated_from} (adgen jobs wait ${r.job_id}).`,
      );
    }
    case 'jobs': {
      const code = await runJobs(
        await apiClient(flags),
        sub,
        rest,
        {
          campaign: flags.campaign,
          status: flags.status,
          limit,
          timeoutS: integer(flags.timeout, '--timeout'),
          json: out.json,
        },
        {
          print: (result, human) => print(out, result, human),
          progress: (line) => process.stderr.write(`${line}\n`),
          usage: (message) => new UsageError(message),
        },
      );
      if (code !== 0) process.exitCode = code;
      return;
    }
    case 'webhooks':
      return webhooks(await apiClient(flags), flags, sub, rest, out, limit);
    default:
      throw new UsageError(`Unknown command '${command}'. See adgen --help.`);
  }
}

async function webhooks(
  client: Awaited<ReturnType<typeof apiClient>>,
  flags: Flags,
  sub: string | undefined,
  rest: string[],
  out: Out,
  limit: number | undefined,
) {
  const idArg = (what: string) => required(rest[0], `the endpoint id (adgen webhooks ${what} <id>)`);
  if (sub === 'create') {
    const r = await client.createWebhookEndpoint({
      url: required(rest[0], 'the URL (adgen webhooks create <url> --events ...)'),
      events: required(flags.events, '--events job.completed,creative.succeeded,creative.failed')
        .split(',')
        .map((e) => e.trim()) as Inputs['create_webhook_endpoint']['events'],
    });
    const e = r.webhook_endpoint;
    return print(
      out,
      r,
      () =>
        `Created webhook ${e.id} → ${e.url} (${e.events.join(', ')}). Secret, shown only now:\n${e.secret}`,
    );
  }
  if (sub === 'delete') {
    const r = await client.deleteWebhookEndpoint({ webhook_endpoint_id: idArg('delete') });
    return print(out, r, () => `Deleted webhook ${r.webhook_endpoint.id}.`);
  }
  if (sub === 'rotate') {
    const r = await client.rotateWebhookSecret({ webhook_endpoint_id: idArg('rotate') });
    const e = r.webhook_endpoint;
    return print(
      out,
      r,
      () =>
        `New secret of ${e.id}, shown only now (the old one also signs until ${e.previous_secret_expires_at}):\n${e.secret}`,
    );
  }
  if (sub === 'deliveries') {
    const r = await client.listWebhookDeliveries(strip({ webhook_endpoint_id: idArg('deliveries'), limit }));
    return print(out, r, () =>
      rows(
        r.deliveries.map(
          (d) =>
            `${d.id}  ${d.event_type.padEnd(18)}  ${d.status.padEnd(9)}  ${d.attempts} attempts  last ${d.last_status_code ?? '-'}${d.next_attempt_at ? `  next ${d.next_attempt_at}` : ''}`,
        ),
        'No deliveries.',
      ),
    );
  }
  if (sub !== undefined && sub !== 'list')
    throw new UsageError(`Unknown webhooks command '${sub}': list, create, delete, rotate or deliveries.`);
  const r = await client.listWebhookEndpoints(strip({ limit }));
  return print(out, r, () =>
    rows(
      r.webhook_endpoints.map((e) => `${e.id}  ${e.url}  ${e.events.join(',')}`),
      'No webhook endpoints.',
    ),
  );
}

/** The exit code of an error envelope's code. */
export function exitCodeOf(error: AdgenError): number {
  if (error.code === 'network_error') return EXIT.network;
  if (error.status === 401 || error.status === 403) return EXIT.auth;
  if (error.status === 404) return EXIT.notFound;
  if (error.status === 402) return EXIT.credits;
  if (error.status === 400 || error.status === 413) return EXIT.validation;
  return EXIT.api;
}

function describeError(error: AdgenError): string {
  const lines = [`error: ${error.message} (${error.code}${error.status ? `, HTTP ${error.status}` : ''})`];
  const details = error.details as { issues?: { path: string; message: string }[] } | undefined;
  for (const issue of details?.issues ?? []) lines.push(`  ${issue.path || '(body)'}: ${issue.message}`);
  if (error.status === 401)
    lines.push('  Check the API key (--api-key, ADGEN_API_KEY) or run `adgen login` for key commands.');
  if (error.status === 402) lines.push('  Grant more credits or lower the campaign volume.');
  if (error.code === 'network_error') lines.push('  Is the API running (npm start) and the base URL right?');
  return lines.join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const fail = (code: number, error: string, message: string, extra: Record<string, unknown> = {}) => {
    if (json)
      process.stdout.write(`${JSON.stringify({ error: { code: error, message, ...extra } }, null, 2)}\n`);
    process.stderr.write(`${message}\n`);
    return code;
  };
  try {
    await run(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    if (error instanceof AdgenError) {
      return fail(exitCodeOf(error), error.code, describeError(error), {
        status: error.status,
        ...(error.details === undefined ? {} : { details: error.details }),
      });
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      return fail(EXIT.usage, 'usage', `error: ${(error as Error).message}`);
    }
    if (error instanceof AuthError) return fail(EXIT.auth, 'unauthorized', `error: ${error.message}`);
    if (error instanceof WaitTimeoutError) return fail(EXIT.api, 'timeout', `error: ${error.message}`);
    return fail(EXIT.api, 'error', `error: ${(error as Error).message ?? String(error)}`);
  }
}

// `npx tsx cli/adgen.ts …` runs it directly; the `adgen` bin (cli/adgen.mjs) calls main().
if (import.meta.main) {
  process.exitCode = await main(process.argv.slice(2));
}
