import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchStack } from './stack.ts';
import { type Figure, figure } from './stats.ts';

export type FirstRequestResult = {
  processes: number;
  /** Importing the bundle inside the fresh process (Node's own boot excluded). */
  import_ms: Figure;
  /** The first request after import (cold: clients, credentials, connections, lazy modules). */
  list_clients_cold_ms: Figure;
  /** The same request right after (warm). */
  list_clients_warm_ms: Figure;
  /** list_creatives as the second action of the container: its first page loads the presigner. */
  list_creatives_first_ms: Figure;
  list_creatives_warm_ms: Figure;
  /** Cold over warm list_clients: what the first request pays for being first. */
  cold_over_warm_ms: number;
  statuses_ok: boolean;
};

type ChildOut = {
  import_ms: number;
  timings: { action: string; status: number; ms: number }[];
};

/**
 * Fresh Node processes, one after another, each importing the router bundle built by the bundle
 * phase and sending it (in-process, as Lambda's runtime does) list_clients twice, then
 * list_creatives twice, against the local stack.
 */
export async function benchFirstRequest(
  s: BenchStack,
  bundleFile: string,
  options: { processes: number; campaignId: string },
): Promise<FirstRequestResult> {
  const child = fileURLToPath(new URL('./first-request-child.mjs', import.meta.url));
  const requests = [
    { action: 'list_clients' },
    { action: 'list_clients' },
    { action: 'list_creatives', campaign_id: options.campaignId },
    { action: 'list_creatives', campaign_id: options.campaignId },
  ];
  const c = s.config;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    AWS_REGION: c.region,
    AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID ?? 'local',
    AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY ?? 'local',
    AWS_EC2_METADATA_DISABLED: 'true',
    TABLE_NAME: c.tableName,
    BUCKET_NAME: c.bucketName,
    QUEUE_URL: c.queueUrl,
    ADGEN_ENV: c.keyEnv,
    IMAGE_PROVIDER: c.imageProvider,
    TEXT_PROVIDER: c.textProvider,
    LOG_LEVEL: 'SILENT',
    DYNAMODB_ENDPOINT: c.endpoints.dynamodb,
    SQS_ENDPOINT: c.endpoints.sqs,
    S3_ENDPOINT: c.endpoints.s3,
    BENCH_BUNDLE: bundleFile,
    BENCH_API_KEY: s.apiKey,
    BENCH_REQUESTS: JSON.stringify(requests),
  };
  const outs: ChildOut[] = [];
  for (let i = 0; i < options.processes; i++) outs.push(await runChild(child, env));
  const at = (index: number) => outs.map((o) => o.timings[index]?.ms ?? Number.NaN);
  const coldClients = figure('ms', at(0), 1);
  const warmClients = figure('ms', at(1), 1);
  return {
    processes: options.processes,
    import_ms: figure(
      'ms',
      outs.map((o) => o.import_ms),
      1,
    ),
    list_clients_cold_ms: coldClients,
    list_clients_warm_ms: warmClients,
    list_creatives_first_ms: figure('ms', at(2), 1),
    list_creatives_warm_ms: figure('ms', at(3), 1),
    cold_over_warm_ms: Math.round((coldClients.median - warmClients.median) * 10) / 10,
    statuses_ok: outs.every(
      (o) => o.timings.length === requests.length && o.timings.every((t) => t.status === 200),
    ),
  };
}

function runChild(script: string, env: NodeJS.ProcessEnv): Promise<ChildOut> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    proc.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const timer = setTimeout(() => proc.kill('SIGKILL'), 60_000);
    proc.on('error', reject);
    proc.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`first-request child exited ${code}: ${stderr.slice(0, 500)}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop() ?? '') as ChildOut);
      } catch {
        reject(
          new Error(`first-request child printed no result: ${stdout.slice(0, 300)} ${stderr.slice(0, 300)}`),
        );
      }
    });
  });
}
