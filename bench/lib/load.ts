import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadAnswer, LoadJob } from './load-client.ts';
import { type RunSummary, summarizeRun } from './stats.ts';

export type LoadSpec = Omit<LoadJob, 'id'>;

/** A forked load-client process; `run` sends it one job and waits for the latencies. */
export type LoadClient = {
  run(spec: LoadSpec): Promise<RunSummary>;
  /**
   * Two kinds of request alternated in one run (the second with `alternateHeaders`): a summary
   * of each. Throughput of each is its own requests over the shared wall time.
   */
  runPair(spec: LoadSpec & { alternateHeaders: Record<string, string> }): Promise<[RunSummary, RunSummary]>;
  close(): Promise<void>;
};

export async function startLoadClient(): Promise<LoadClient> {
  const script = fileURLToPath(new URL('./load-client.ts', import.meta.url));
  const child: ChildProcess = fork(script, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (a: LoadAnswer) => void; reject: (e: Error) => void }>();
  child.on('message', (answer: LoadAnswer) => {
    waiting.get(answer.id)?.resolve(answer);
    waiting.delete(answer.id);
  });
  child.on('exit', (code) => {
    for (const w of waiting.values()) w.reject(new Error(`load client exited (${code})`));
    waiting.clear();
  });
  const send = async (spec: LoadSpec): Promise<LoadAnswer> => {
    const id = nextId++;
    const answer = await new Promise<LoadAnswer>((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      // Bounded: the job's own deadline plus its warm-up and a margin.
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('load client did not answer in time'));
      }, spec.maxMs + 60_000);
      timer.unref();
      child.send({ ...spec, id } satisfies LoadJob);
    });
    if (answer.error) throw new Error(`load client: ${answer.error}`);
    return answer;
  };
  return {
    runPair: async (spec) => {
      const answer = await send(spec);
      return [
        summarizeRun(answer.latenciesMs, answer.elapsedMs, answer.errors),
        summarizeRun(answer.alternateLatenciesMs ?? [], answer.elapsedMs, 0),
      ];
    },
    run: async (spec) => {
      const id = nextId++;
      const answer = await new Promise<LoadAnswer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        // Bounded: the job's own deadline plus its warm-up and a margin.
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error('load client did not answer in time'));
        }, spec.maxMs + 60_000);
        timer.unref();
        child.send({ ...spec, id } satisfies LoadJob);
      });
      if (answer.error) throw new Error(`load client: ${answer.error}`);
      return summarizeRun(answer.latenciesMs, answer.elapsedMs, answer.errors);
    },
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * The same loop in this process, for the floor: `op` is called `count` times (bounded by
 * `maxMs`) by `concurrency` callers, after `warmup` unmeasured calls.
 */
export async function runInProcess(
  op: () => Promise<unknown>,
  options: { concurrency: number; count: number; maxMs: number; warmup: number },
): Promise<RunSummary> {
  let warm = 0;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (warm < options.warmup) {
        warm++;
        await op();
      }
    }),
  );
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.maxMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (issued < options.count && performance.now() < deadline) {
        issued++;
        const t = performance.now();
        try {
          await op();
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  return summarizeRun(latencies, performance.now() - started, errors);
}
