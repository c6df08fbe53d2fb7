/**
 * The HTTP load generator, run as its own Node process (forked by `load.ts`) so that the client
 * never shares an event loop with the server it measures, as autocannon's CLI would. It takes
 * one job at a time over IPC and answers the latency of every request.
 *
 * Only 127.0.0.1: the job's URL is refused otherwise.
 */
import { Agent, request } from 'node:http';

export type LoadJob = {
  id: number;
  url: string;
  headers: Record<string, string>;
  body: string;
  concurrency: number;
  /** Requests measured (after the warm-up). */
  count: number;
  /** Stop issuing new requests after this long, whatever the count. */
  maxMs: number;
  /** Requests sent first and not measured. */
  warmup: number;
  /**
   * A second kind of request, sent alternately with the first (its headers added): both kinds
   * then share the same connections, concurrency and machine load, request by request.
   * Its latencies come back apart, in `alternateLatenciesMs`; `count` counts both kinds.
   */
  alternateHeaders?: Record<string, string>;
};

export type LoadAnswer = {
  id: number;
  latenciesMs: number[];
  alternateLatenciesMs?: number[];
  elapsedMs: number;
  statuses: Record<string, number>;
  errors: number;
  error?: string;
};

function once(
  agent: Agent,
  url: URL,
  job: LoadJob,
  alternate = false,
): Promise<{ ms: number; status: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          ...job.headers,
          ...(alternate ? job.alternateHeaders : {}),
          'content-length': Buffer.byteLength(job.body),
        },
        timeout: 30_000,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(job.body);
  });
}

async function run(job: LoadJob): Promise<LoadAnswer> {
  const url = new URL(job.url);
  if (url.hostname !== '127.0.0.1') throw new Error('the load client only talks to 127.0.0.1');
  const agent = new Agent({ keepAlive: true, maxSockets: job.concurrency });
  const statuses: Record<string, number> = {};
  let errors = 0;
  try {
    // Warm-up, at the job's concurrency, unmeasured.
    let warm = 0;
    await Promise.all(
      Array.from({ length: job.concurrency }, async () => {
        while (warm < job.warmup) {
          warm++;
          await once(agent, url, job, job.alternateHeaders !== undefined && warm % 2 === 0).catch(
            () => undefined,
          );
        }
      }),
    );
    const latenciesMs: number[] = [];
    const alternateLatenciesMs: number[] = [];
    let issued = 0;
    const started = performance.now();
    const deadline = started + job.maxMs;
    await Promise.all(
      Array.from({ length: job.concurrency }, async () => {
        while (issued < job.count && performance.now() < deadline) {
          issued++;
          const alternate = job.alternateHeaders !== undefined && issued % 2 === 0;
          try {
            const { ms, status } = await once(agent, url, job, alternate);
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status >= 200 && status < 300) (alternate ? alternateLatenciesMs : latenciesMs).push(ms);
            else errors++;
          } catch {
            errors++;
          }
        }
      }),
    );
    return {
      id: job.id,
      latenciesMs,
      ...(job.alternateHeaders ? { alternateLatenciesMs } : {}),
      elapsedMs: performance.now() - started,
      statuses,
      errors,
    };
  } finally {
    agent.destroy();
  }
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (answer) => process.send?.(answer),
    (error: unknown) =>
      process.send?.({
        id: job.id,
        latenciesMs: [],
        elapsedMs: 0,
        statuses: {},
        errors: 1,
        error: error instanceof Error ? error.message : String(error),
      } satisfies LoadAnswer),
  );
});
process.on('disconnect', () => process.exit(0));
