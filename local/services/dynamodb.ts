/**
 * DynamoDB Local (the official jar, shipped inside the npm package amplify-dynamodb-simulator)
 * as a child process, listening on 127.0.0.1 only. Needs `java` on the PATH (or
 * $JAVA_HOME/bin/java), version 11 or later with the `jdk.compiler` module (Debian's
 * default-jre-headless has it): the jar's own main binds every interface, so it is started
 * through LoopbackDynamoDbLocal.java, run as a source file. Without that module it falls back
 * to the jar's main, says so, and listens on every interface.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import {
  freePort,
  killOnParentExit,
  StartupError,
  spawnGuarded,
  stopChild,
  tailOutput,
  waitForChild,
} from './process.ts';

export type DynamoDbLocal = {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  port: number;
  stop(): Promise<void>;
};

export type DynamoDbLocalOptions = {
  /** 0 or undefined: pick a free port. */
  port?: number;
  /** Directory of the database file (`shared-local-instance.db`); undefined: `-inMemory`. */
  dbPath?: string;
  /** How long to wait for the first answer. Default 120 s: a cold JVM takes about 2 s on a quiet machine, but more than 30 s on two cores under full load. */
  startTimeoutMs?: number;
};

/** Where the jar lives: `<package>/emulator/DynamoDBLocal.jar` with its native libs beside it. */
export function dynamoDbLocalDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('amplify-dynamodb-simulator/package.json')), 'emulator');
}

function javaExecutable(): string {
  return process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'java') : 'java';
}

/** A request timeout short enough that a half-started server is retried quickly. */
function probeClient(endpoint: string): DynamoDBClient {
  return new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 1000 },
  });
}

/** The launcher that binds the loopback address (see its own comment). */
const LOOPBACK_LAUNCHER = fileURLToPath(new URL('./LoopbackDynamoDbLocal.java', import.meta.url));

/** What a Java without a compiler says when asked to run a source file. */
const NO_SOURCE_LAUNCHER = /jdk\.compiler|source-file mode|Could not find or load main class .*\.java/;

let loopbackUnavailable = false;

/**
 * The launcher compiled once with `javac` into a temporary directory named by the source's
 * hash, when a `javac` is there: every later start then skips compiling it (about 2 s of CPU).
 * Undefined without javac (a JRE runs the source file itself).
 */
let compiled: Promise<string | undefined> | undefined;
function compiledLauncher(jar: string): Promise<string | undefined> {
  compiled ??= (async () => {
    const source = await readFile(LOOPBACK_LAUNCHER);
    const dir = join(
      tmpdir(),
      `adgen-dynamodb-launcher-${createHash('sha256').update(source).digest('hex').slice(0, 12)}`,
    );
    if (existsSync(join(dir, 'LoopbackDynamoDbLocal.class'))) return dir;
    const javac = process.env.JAVA_HOME ? join(process.env.JAVA_HOME, 'bin', 'javac') : 'javac';
    // Compiled beside, then renamed: a parallel start never sees half a directory.
    const partial = `${dir}.${process.pid}.${Date.now()}`;
    await mkdir(partial, { recursive: true });
    const ok = await new Promise<boolean>((resolve) => {
      const child = spawn(javac, ['-nowarn', '-cp', jar, '-d', partial, LOOPBACK_LAUNCHER], {
        stdio: 'ignore',
      });
      child.once('error', () => resolve(false));
      child.once('exit', (code) => resolve(code === 0));
    });
    if (!ok) {
      await rm(partial, { recursive: true, force: true });
      return undefined;
    }
    await rename(partial, dir).catch(() => rm(partial, { recursive: true, force: true }));
    return existsSync(join(dir, 'LoopbackDynamoDbLocal.class')) ? dir : undefined;
  })();
  return compiled;
}

export class NoLoopbackLauncherError extends Error {
  override name = 'NoLoopbackLauncherError';
}

async function startOnce(port: number, options: DynamoDbLocalOptions): Promise<DynamoDbLocal> {
  try {
    return await startWith(port, options, loopbackUnavailable ? 'jar' : 'loopback');
  } catch (error) {
    if (!(error instanceof NoLoopbackLauncherError)) throw error;
    loopbackUnavailable = true;
    console.warn(
      'DynamoDB Local: this Java cannot run source files (no jdk.compiler module), so it listens on every interface, not only 127.0.0.1. Install a full JDK (or Debian default-jre-headless) to bind loopback only.',
    );
    return startWith(port, options, 'jar');
  }
}

async function startWith(
  port: number,
  options: DynamoDbLocalOptions,
  launcher: 'loopback' | 'jar',
): Promise<DynamoDbLocal> {
  const dir = dynamoDbLocalDir();
  const jar = join(dir, 'DynamoDBLocal.jar');
  const classes = launcher === 'loopback' ? await compiledLauncher(jar) : undefined;
  const storage = options.dbPath
    ? ['-dbPath', resolve(options.dbPath), '-sharedDb']
    : ['-inMemory', '-sharedDb'];
  if (options.dbPath) await mkdir(options.dbPath, { recursive: true });
  const child = spawnGuarded(
    javaExecutable(),
    [
      // A short-lived development server: favour start-up time over peak throughput.
      '-XX:+UseSerialGC',
      '-XX:TieredStopAtLevel=1',
      // One IPv4 socket on 127.0.0.1 (not an IPv6 socket on ::ffff:127.0.0.1).
      '-Djava.net.preferIPv4Stack=true',
      `-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`,
      ...(launcher === 'jar'
        ? ['-jar', jar]
        : classes
          ? ['-cp', `${jar}${delimiter}${classes}`, 'LoopbackDynamoDbLocal']
          : ['-cp', jar, LOOPBACK_LAUNCHER]),
      '-port',
      String(port),
      ...storage,
      '-disableTelemetry',
    ],
    {
      // Its log4j setup may write beside the working directory; keep that out of the repo.
      cwd: options.dbPath ? resolve(options.dbPath) : tmpdir(),
    },
  );
  const disarm = killOnParentExit(child);
  const output = tailOutput(child);
  const endpoint = `http://127.0.0.1:${port}`;
  const probe = probeClient(endpoint);
  try {
    await waitForChild({
      service: `DynamoDB Local (port ${port})`,
      child,
      output,
      timeoutMs: options.startTimeoutMs ?? 120_000,
      // When Jetty cannot bind, the main thread dies but the JVM lives on: never exits.
      fatalOutput: /Failed to bind|BindException|Exception in thread "main"/,
      ready: async () => {
        await probe.send(new ListTablesCommand({ Limit: 1 }), { abortSignal: AbortSignal.timeout(2000) });
        return true;
      },
    });
  } catch (error) {
    await stopChild(child, 2000);
    disarm();
    if (launcher === 'loopback' && NO_SOURCE_LAUNCHER.test(output.toString())) {
      throw new NoLoopbackLauncherError(output.toString());
    }
    throw error;
  } finally {
    probe.destroy();
  }
  let stopping: Promise<void> | undefined;
  return {
    endpoint,
    port,
    stop: () => {
      stopping ??= stopChild(child).finally(disarm);
      return stopping;
    },
  };
}

/**
 * Starts DynamoDB Local with `-sharedDb`, so every region and access key sees the same tables,
 * and resolves once it answers ListTables. If the port was picked here and another process
 * took it in the meantime, it tries again with a new one.
 */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions = {}): Promise<DynamoDbLocal> {
  if (options.port) return startOnce(options.port, options);
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await startOnce(await freePort(), options);
    } catch (error) {
      lastError = error;
      const portTaken =
        error instanceof StartupError && /BindException|Address already in use/.test(error.message);
      if (!portTaken) throw error;
    }
  }
  throw lastError;
}
