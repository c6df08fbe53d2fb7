/**
 * cognito-local as a child process of this same Node. A child, not in-process, because
 * cognito-local takes its port and token issuer from `process.env.PORT` when its module loads
 * and keeps its state in `./.cognito` under the working directory: a child gets its own
 * environment and working directory (the state directory).
 *
 * Its settings file `<dataDir>/.cognito/config.json` is (re)written on every start with this
 * run's port, the 127.0.0.1 bind address and the issuer domain; other keys in it are kept.
 * Users, pools and clients live in `<dataDir>/.cognito/db/*.json`.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  freePort,
  killOnParentExit,
  StartupError,
  spawnGuarded,
  stopChild,
  tailOutput,
  waitForChild,
} from './process.ts';

export type CognitoLocal = {
  /** `http://127.0.0.1:<port>`: the SDK endpoint, and the base of the JWKS URLs. */
  endpoint: string;
  /**
   * What tokens' `iss` starts with: the issuer of pool P is `${issuerBase}/${P}` and its keys are
   * at `${issuerBase}/${P}/.well-known/jwks.json`. Equal to `endpoint`.
   */
  issuerBase: string;
  port: number;
  stop(): Promise<void>;
};

export type CognitoLocalOptions = {
  /** 0 or undefined: pick a free port. */
  port?: number;
  /** Directory for the state; undefined: a temporary directory removed by stop(). */
  dataDir?: string;
  /** Default 20 s. */
  startTimeoutMs?: number;
};

function cognitoLocalBin(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('cognito-local/package.json')), 'lib', 'bin', 'start.js');
}

async function writeConfig(stateDir: string, port: number, issuerBase: string): Promise<void> {
  const configDir = join(stateDir, '.cognito');
  await mkdir(configDir, { recursive: true });
  const path = join(configDir, 'config.json');
  let existing: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      existing = parsed as Record<string, unknown>;
  } catch {
    // missing or unreadable: start from nothing
  }
  const section = (key: string) => {
    const value = existing[key];
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  };
  const config = {
    ...existing,
    TokenConfig: { ...section('TokenConfig'), IssuerDomain: issuerBase },
    ServerConfig: { ...section('ServerConfig'), port, hostname: '127.0.0.1', https: false },
  };
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`);
}

async function startOnce(port: number, stateDir: string, timeoutMs: number): Promise<CognitoLocal> {
  const endpoint = `http://127.0.0.1:${port}`;
  await writeConfig(stateDir, port, endpoint);
  const child = spawnGuarded(process.execPath, [cognitoLocalBin()], {
    cwd: stateDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', COGNITO_LOCAL_DEVMODE: '' },
  });
  const disarm = killOnParentExit(child);
  const output = tailOutput(child);
  try {
    await waitForChild({
      service: `cognito-local (port ${port})`,
      child,
      output,
      timeoutMs,
      // An API call, not /health: the port was picked free but another emulator (fauxqs
      // answers /health too) can take it before this child binds, and then only the child's
      // exit (EADDRINUSE, retried below) tells. Only cognito-local answers ListUserPools.
      ready: async () => {
        const res = await fetch(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AWSCognitoIdentityProviderService.ListUserPools',
          },
          body: JSON.stringify({ MaxResults: 1 }),
          signal: AbortSignal.timeout(2000),
        });
        if (!res.ok) {
          await res.body?.cancel();
          return false;
        }
        const body = (await res.json()) as { UserPools?: unknown };
        return Array.isArray(body.UserPools);
      },
    });
  } catch (error) {
    await stopChild(child, 2000);
    disarm();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    issuerBase: endpoint,
    port,
    stop: () => {
      stopping ??= stopChild(child).finally(disarm);
      return stopping;
    },
  };
}

export async function startCognitoLocal(options: CognitoLocalOptions = {}): Promise<CognitoLocal> {
  const timeoutMs = options.startTimeoutMs ?? 20_000;
  const temporary = options.dataDir ? undefined : await mkdtemp(join(tmpdir(), 'adgen-cognito-'));
  const stateDir = options.dataDir ? resolve(options.dataDir) : (temporary as string);
  await mkdir(stateDir, { recursive: true });
  const cleanUp = async () => {
    if (temporary) await rm(temporary, { recursive: true, force: true });
  };
  let lastError: unknown;
  for (let attempt = 0; attempt < (options.port ? 1 : 3); attempt += 1) {
    try {
      const started = await startOnce(options.port || (await freePort()), stateDir, timeoutMs);
      return {
        ...started,
        stop: async () => {
          await started.stop();
          await cleanUp();
        },
      };
    } catch (error) {
      lastError = error;
      if (!(error instanceof StartupError && /EADDRINUSE/.test(error.message))) break;
    }
  }
  await cleanUp();
  throw lastError;
}
