import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { createAwsClients } from '#core/aws.ts';
import { loadConfig } from '#core/config.ts';
import { cancellationReasons } from '#core/db/errors.ts';
import { keys } from '#core/db/keys.ts';
import { createDeps } from '#core/deps.ts';
import { ensureAccount } from '#core/entities/account.ts';
import { newJobItem } from '#core/entities/job.ts';
import { ledger } from '#core/entities/ledger.ts';
import { ensureTable } from '#local/provision.ts';
import { startDynamoDbLocal } from '#local/services/dynamodb.ts';
import { percentile } from './stats.ts';

export const LEDGER_PARALLELISM = [1, 4, 16, 64] as const;

export type LedgerLevel = {
  generators: number;
  seconds: number;
  attempts: number;
  committed: number;
  /** Cancelled with reason TransactionConflict on the account item. */
  conflicts: number;
  conflict_rate: number;
  /** Cancelled for another reason, or another error (throttling, timeouts). */
  other_errors: number;
  reservations_per_s: number;
  p50_ms: number;
  p99_ms: number;
};

export type LedgerResult = {
  emulator: string;
  transaction: string;
  levels: LedgerLevel[];
  /** The account's credits after all levels equal granted − committed reservations. */
  ledger_consistent: boolean;
  caveat: string;
  failures: string[];
};

/** `generators` loops reserving one credit each, back to back for `seconds`: one level's figures. */
async function contentionLevel(
  deps: ReturnType<typeof createDeps>,
  table: string,
  accountId: string,
  generators: number,
  seconds: number,
): Promise<LedgerLevel> {
  let attempts = 0;
  let committed = 0;
  let conflicts = 0;
  let other = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  const generator = async () => {
    while (performance.now() < until) {
      const now = new Date().toISOString();
      const jobId = deps.newId();
      const t = performance.now();
      attempts++;
      try {
        await deps.ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              ledger.reserve(table, accountId, 1),
              {
                Put: {
                  TableName: table,
                  Item: newJobItem(accountId, {
                    job_id: jobId,
                    campaign_id: 'bench-campaign',
                    client_id: 'bench-client',
                    jobs: 1,
                    angle_ids: [],
                    aspect_ratios: ['1:1'],
                    created_at: now,
                    updated_at: now,
                  }),
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          }),
        );
        committed++;
        latencies.push(performance.now() - t);
      } catch (error) {
        if (cancellationReasons(error).includes('TransactionConflict')) conflicts++;
        else other++;
      }
    }
  };
  await Promise.all(Array.from({ length: generators }, generator));
  const elapsed = (performance.now() - started) / 1000;
  return {
    generators,
    seconds: Math.round(elapsed * 10) / 10,
    attempts,
    committed,
    conflicts,
    conflict_rate: attempts ? Math.round((conflicts / attempts) * 10_000) / 10_000 : 0,
    other_errors: other,
    reservations_per_s: Math.round(committed / elapsed),
    p50_ms: Math.round(percentile(latencies, 50) * 100) / 100,
    p99_ms: Math.round(percentile(latencies, 99) * 100) / 100,
  };
}

/** What the figures mean: DynamoDB Local queues where the service would cancel. */
function ledgerCaveat(levels: readonly LedgerLevel[]): string {
  return (
    (levels.every((l) => l.conflicts === 0)
      ? 'DynamoDB Local queued concurrent transactions on the item instead of cancelling them (no ' +
        `TransactionConflict at any level; p50 latency went from ${levels[0]?.p50_ms} ms with ` +
        `${levels[0]?.generators} generator to ${levels.at(-1)?.p50_ms} ms with ${levels.at(-1)?.generators}, ` +
        `while throughput peaked at ${Math.max(...levels.map((l) => l.reservations_per_s))}/s). `
      : '') +
    "DynamoDB Local's conflict behaviour is not DynamoDB's: these figures are the emulator on this machine, " +
    'not the per-item limit of the service (docs/scale.md).'
  );
}

/**
 * One account's ledger item under contention, against DynamoDB Local (in memory, its own JVM):
 * `generators` loops each run dispatch's reservation transaction (ledger.reserve of one credit
 * plus the job's conditional Put, lambdas/core/generation/dispatch.ts) through the router's own
 * SDK client for `seconds`, back to back. One credit per batch is the worst case for the item:
 * every reservation is its own transaction.
 */
export async function benchLedger(options: { seconds: number }): Promise<LedgerResult> {
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  const db = await startDynamoDbLocal({});
  const admin = new DynamoDBClient({ region: 'us-east-1', endpoint: db.endpoint });
  const config = loadConfig({
    AWS_REGION: 'us-east-1',
    TABLE_NAME: 'adgen-bench-ledger',
    BUCKET_NAME: 'unused',
    QUEUE_URL: 'http://127.0.0.1:1/unused',
    ADGEN_ENV: 'bench',
    IMAGE_PROVIDER: 'template',
    TEXT_PROVIDER: 'heuristic',
    LOG_LEVEL: 'SILENT',
    DYNAMODB_ENDPOINT: db.endpoint,
  });
  const clients = createAwsClients(config);
  const deps = createDeps(config, clients);
  const granted = 10_000_000;
  const accountId = randomUUID();
  try {
    await ensureTable(admin, config.tableName);
    await ensureAccount(deps, accountId, granted);
    const table = config.tableName;
    const levels: LedgerLevel[] = [];
    let committedTotal = 0;
    for (const generators of LEDGER_PARALLELISM) {
      const level = await contentionLevel(deps, table, accountId, generators, options.seconds);
      levels.push(level);
      committedTotal += level.committed;
    }
    const account = await deps.ddb.send(
      new GetCommand({ TableName: table, Key: keys.account(accountId), ConsistentRead: true }),
    );
    const item = account.Item ?? {};
    const consistent =
      item.credits_reserved === committedTotal && item.credits_available === granted - committedTotal;
    const failures: string[] = [];
    if (!consistent) {
      failures.push(
        `ledger after the contention run: reserved ${String(item.credits_reserved)}, expected ${committedTotal}`,
      );
    }
    return {
      emulator: 'DynamoDB Local (amplify-dynamodb-simulator jar, -inMemory -sharedDb)',
      transaction: 'TransactWriteItems: ledger.reserve(1) on the account item + conditional Put of the job',
      levels,
      ledger_consistent: consistent,
      caveat: ledgerCaveat(levels),
      failures,
    };
  } finally {
    for (const c of [clients.ddb, clients.s3, clients.sqs, admin]) c.destroy();
    await db.stop();
  }
}
