/**
 * Where the CLI points and with what credentials: --base-url/--api-key, else ADGEN_BASE_URL /
 * ADGEN_API_KEY, else the local stack's $ADGEN_DATA_DIR/local.json; key commands use the token
 * cached by `adgen login`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { AdgenClient, cognitoTokenRefresher } from '../../client/index.ts';
import { AuthError, UsageError } from './errors.ts';
import type { Out } from './output.ts';

/** The options every command takes (declared once on the program). */
export type Globals = { json?: boolean; baseUrl?: string; apiKey?: string };

/** A command's own options merged with the global ones, and how it prints. */
export function optionsOf<T extends object>(cmd: Command): T & Globals & { output: Out } {
  const options = cmd.optsWithGlobals<T & Globals>();
  return { ...options, output: { json: options.json === true } };
}

export type LocalJson = {
  baseUrl?: string;
  apiKey?: string;
  cognito?: { endpoint?: string; region?: string; clientId?: string; username?: string; password?: string };
};

export const dataDir = () => process.env.ADGEN_DATA_DIR ?? '.adgen';

export async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

export const localJson = () => readJson<LocalJson>(join(dataDir(), 'local.json'));

export function tokenPath(): string {
  if (process.env.ADGEN_DATA_DIR) return join(process.env.ADGEN_DATA_DIR, 'token.json');
  const config = process.env.XDG_CONFIG_HOME ?? join(homedir(), '.config');
  return join(config, 'adgen', 'token.json');
}

/** `baseUrl` is the stage's API when the login looked the stage up (`login --stage`). */
export type CachedToken = {
  accessToken: string;
  expiresAt: string;
  username: string;
  /** The refresh token and where to use it: key commands refresh an expired access token. */
  refresh?: { token: string; clientId: string; region: string; endpoint?: string };
  stage?: string;
  baseUrl?: string;
};

export async function config(flags: Globals) {
  const local = await localJson();
  const baseUrl = flags.baseUrl ?? process.env.ADGEN_BASE_URL ?? local?.baseUrl;
  const apiKey = flags.apiKey ?? process.env.ADGEN_API_KEY ?? local?.apiKey;
  if (!baseUrl) {
    throw new UsageError(
      `No base URL: pass --base-url, set ADGEN_BASE_URL, or start the local stack (npm start) so ${join(dataDir(), 'local.json')} exists.`,
    );
  }
  return { baseUrl, apiKey, local };
}

/** A client authenticated by the API key. */
export async function apiClient(flags: Globals): Promise<AdgenClient> {
  const { baseUrl, apiKey } = await config(flags);
  if (!apiKey) throw new UsageError('No API key: pass --api-key or set ADGEN_API_KEY.');
  return new AdgenClient({ baseUrl, apiKey });
}

/**
 * A client authenticated by the cached login (key commands). It goes to the stage the token came
 * from, unless --base-url or ADGEN_BASE_URL says otherwise.
 */
export async function userTokenClient(flags: Globals): Promise<AdgenClient> {
  const path = tokenPath();
  const cached = await readJson<CachedToken>(path);
  const { baseUrl } = await config(
    cached?.baseUrl && !flags.baseUrl && !process.env.ADGEN_BASE_URL
      ? { ...flags, baseUrl: cached.baseUrl }
      : flags,
  );
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
