/**
 * The whole local service (`npm start`: API, workers and every emulator) as a child process in
 * its own process group, for the tests that kill it and start it again on the same data.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalJson } from '#local/stack.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

export type LocalService = { child: ChildProcess; output: () => string; local: LocalJson };

/** Resolves once the service has printed `needle`; rejects if it exits first. */
export function waitForOutput(
  service: Pick<LocalService, 'child' | 'output'>,
  needle: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!service.output().includes(needle)) return;
      service.child.stdout?.off('data', check);
      service.child.off('exit', onExit);
      resolve();
    };
    const onExit = (code: number | null) =>
      reject(new Error(`service exited (${code}) before "${needle}":\n${service.output().slice(-3000)}`));
    service.child.stdout?.on('data', check);
    service.child.once('exit', onExit);
    check();
  });
}

/** SIGKILL to the whole group: the API, the workers and every emulator stop at once. */
export async function killGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-(child.pid as number), 'SIGKILL');
  await exited;
  // The child (tsx or npm) exits first; the node process under it, which holds the data
  // folder's lock, may live a few milliseconds longer. Wait until the whole group is gone.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      process.kill(-(child.pid as number), 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Starts `npm start`'s program on `dataDir` with `env` on top of the test's environment, and
 * registers its kill with `cleanup` so a failing test leaves nothing running.
 */
export async function startLocalService(
  dataDir: string,
  env: Record<string, string>,
  cleanup: (() => Promise<void>)[],
  /** `npm`: through `npm start` itself, as a user runs it (signals then go to the npm process). */
  via: 'tsx' | 'npm' = 'tsx',
): Promise<LocalService> {
  const [command, args] =
    via === 'npm' ? ['npm', ['start']] : [join(ROOT, 'node_modules/.bin/tsx'), ['local/main.ts']];
  const child = spawn(command, args, {
    cwd: ROOT,
    // Its own process group, so one kill reaches the API, the workers and every emulator.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ADGEN_DATA_DIR: dataDir, PORT: '0', ADGEN_LOG_FORMAT: 'json', ...env },
  });
  let out = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (d: Buffer) => {
      out += d.toString();
    });
  }
  const service = { child, output: () => out };
  cleanup.push(() => killGroup(child));
  await waitForOutput(service, 'adgen is running');
  const local = JSON.parse(await readFile(join(dataDir, 'local.json'), 'utf8')) as LocalJson;
  return { ...service, local };
}

/** One action on the local API with the seeded key. */
export async function callLocal(local: LocalJson, body: object) {
  const res = await fetch(local.baseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': local.apiKey },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/**
 * Every item of a partition of the service's table (with a sort-key prefix, or all of it), read
 * straight from DynamoDB Local, strongly consistent, page by page.
 */
export async function queryLocalTable(local: LocalJson, pk: string, prefix = '') {
  const ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: local.dynamodb.endpoint,
      region: local.dynamodb.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  try {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await ddb.send(
        new QueryCommand({
          TableName: local.dynamodb.tableName,
          KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
          ExpressionAttributeValues: prefix ? { ':pk': pk, ':prefix': prefix } : { ':pk': pk },
          ConsistentRead: true,
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  } finally {
    ddb.destroy();
  }
}

/** The seeded account's jobs, read straight from the table (strongly), for the crash tests. */
export function jobsOfLocalAccount(local: LocalJson): Promise<Record<string, unknown>[]> {
  return queryLocalTable(local, `ACCOUNT#${local.accountId}`, 'JOB#');
}

/**
 * The local service for a crash test: `workers` workers, warnings only, and with `pauseAt` the
 * dispatch stops at that checkpoint (ADGEN_PAUSE_AT) and says so, for the test to kill it there.
 */
export function startCrashService(
  dataDir: string,
  options: { workers: number; pauseAt?: string | undefined },
  cleanup: (() => Promise<void>)[],
): Promise<LocalService> {
  return startLocalService(
    dataDir,
    { ADGEN_WORKERS: String(options.workers), LOG_LEVEL: 'WARN', ADGEN_PAUSE_AT: options.pauseAt ?? '' },
    cleanup,
  );
}
