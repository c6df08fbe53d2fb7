/**
 * Small helpers shared by the emulator launchers: free ports, child processes that cannot
 * outlive us, bounded waiting with the child's own output in the error.
 */
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** Ports this process has handed out: the OS may offer a just-closed port again at once. */
const handedOut = new Set<number>();

function pickPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not pick a free port.'))));
    });
  });
}

/**
 * A port that was free a moment ago on `host` and that no other caller in this process got
 * (the emulators start in parallel). Another process can still take it before its user binds:
 * each launcher's readiness check asks for its own service, so such a loss shows as a retry.
 */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const port = await pickPort(host);
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('Could not pick a port not handed out before.');
}

/** Keeps the last `max` characters a child wrote, so failures can show them. */
export class OutputTail {
  #text = '';
  constructor(private readonly max = 8192) {}
  push(chunk: Buffer | string): void {
    this.#text = (this.#text + chunk.toString()).slice(-this.max);
  }
  toString(): string {
    return this.#text.trim();
  }
}

/**
 * Runs in a small Node process between us and the emulator. Its stdin is a pipe from us that
 * is never written: when it ends, we are gone (however we died, even SIGKILL), and the
 * emulator is stopped too. SIGTERM/SIGINT are passed on, with SIGKILL after a grace period;
 * the guard exits with the emulator's exit code. Kept as a string so it needs no file and no
 * TypeScript loader.
 */
const GUARD_SOURCE = `
const { spawn } = require('node:child_process');
const [command, ...args] = process.argv.slice(1);
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
let killTimer;
const stop = () => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  killTimer ??= setTimeout(() => child.kill('SIGKILL'), 3000);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.on('error', stop);
process.stdin.resume();
child.on('error', (error) => {
  console.error(String(error && error.message));
  process.exit(127);
});
child.on('exit', (code, signal) => {
  clearTimeout(killTimer);
  process.exit(code ?? (signal ? 1 : 0));
});
`;

/**
 * Spawns `command` under a guard process (see GUARD_SOURCE) with stdout and stderr piped to us,
 * so the emulator cannot outlive this process even when it is killed without warning.
 * Signals sent to the returned child reach the emulator.
 */
export function spawnGuarded(
  command: string,
  args: readonly string[],
  options: Pick<SpawnOptions, 'cwd' | 'env'> = {},
): ChildProcess {
  return spawn(process.execPath, ['-e', GUARD_SOURCE, command, ...args], {
    ...options,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Collects a child's stdout and stderr (both must be piped, or they fill up and block it). */
export function tailOutput(child: ChildProcess, max = 8192): OutputTail {
  const tail = new OutputTail(max);
  child.stdout?.on('data', (chunk: Buffer) => tail.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => tail.push(chunk));
  return tail;
}

export type ChildExit = { code: number | null; signal: NodeJS.Signals | null };

/** Resolves when the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<ChildExit> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

/**
 * Stops the child when this process exits through Node's `exit` event (normal end,
 * `process.exit`, an uncaught error). Deaths without that event (signals, SIGKILL) are covered
 * by the guard of `spawnGuarded`. Returns the function that disarms it.
 */
export function killOnParentExit(child: ChildProcess): () => void {
  const kill = () => {
    // SIGTERM, not SIGKILL: the guard passes it on and escalates by itself.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  process.once('exit', kill);
  return () => {
    process.off('exit', kill);
  };
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child is gone. */
export async function stopChild(child: ChildProcess, graceMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = exited(child);
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  const first = await Promise.race([gone, late]);
  clearTimeout(timer);
  if (first === 'late') {
    child.kill('SIGKILL');
    await gone;
  }
}

export class StartupError extends Error {
  override name = 'StartupError';
}

/**
 * Polls `ready()` until it answers true, the child exits, or `timeoutMs` passes. Failures name
 * the service and quote the child's last output.
 */
export async function waitForChild(options: {
  service: string;
  child: ChildProcess;
  output: OutputTail;
  ready: () => Promise<boolean>;
  timeoutMs: number;
  intervalMs?: number;
  /** Output that means the start has failed even though the child lives on. */
  fatalOutput?: RegExp;
}): Promise<void> {
  const { service, child, output, ready, timeoutMs } = options;
  const interval = options.intervalMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  let exit: ChildExit | undefined;
  void exited(child).then((e) => {
    exit = e;
  });
  const spawnFailure = new Promise<Error>((resolve) => child.once('error', resolve));
  let spawnError: Error | undefined;
  void spawnFailure.then((e) => {
    spawnError = e;
  });
  let lastError: unknown;
  for (;;) {
    if (spawnError) {
      throw new StartupError(`${service} could not be started: ${spawnError.message}`);
    }
    if (exit) {
      throw new StartupError(
        `${service} exited before it answered (code ${exit.code}, signal ${exit.signal}). Its output:\n${output}`,
      );
    }
    if (options.fatalOutput?.test(output.toString())) {
      throw new StartupError(`${service} failed to start. Its output:\n${output}`);
    }
    try {
      if (await ready()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const why = lastError instanceof Error ? ` Last probe: ${lastError.message}.` : '';
      throw new StartupError(
        `${service} did not answer within ${timeoutMs} ms.${why} Its output:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
