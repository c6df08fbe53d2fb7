import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { parseApiKey } from '#core/auth/api-key-format.ts';
import { keys } from '#core/db/keys.ts';
import { type LoadClient, runInProcess } from './load.ts';
import type { BenchStack } from './stack.ts';
import { type LoadFigures, loadFigures, type RunSummary, ratio } from './stats.ts';

export type Counts = {
  runs: number;
  seq: number;
  conc: number;
  concurrency: number;
  seqMs: number;
  concMs: number;
};

export type RouterAction = { name: string; fields: Record<string, unknown>; note: string };

export type ModeFigures = { sequential: LoadFigures; concurrent: LoadFigures };

export type RouterResult = {
  concurrency: number;
  actions: Record<string, ModeFigures & { note: string; handler_ms_p50: number }>;
  /** Each action's floor: its DynamoDB calls alone, served by the same HTTP front. */
  floors: Record<string, ModeFigures & { note: string }>;
  /**
   * Router p50 over its floor's p50 at both modes (the ratio: ≤ 1.5 sequential, ≤ 2 at
   * concurrency 16), and the floor's throughput over the router's at concurrency.
   */
  ratios: Record<
    string,
    { floor: string; p50_sequential: number; p50_concurrent: number; throughput_concurrent: number }
  >;
};

function body(action: string, fields: Record<string, unknown>) {
  return JSON.stringify({ action, ...fields });
}

/** The DynamoDB calls an action must make, in its order, through the router's own client. */
export type Floor = { note: string; op: () => Promise<unknown> };

/**
 * The floors of the four hot paths: the authentication GetItem (the API key item, strongly
 * consistent) followed by the action's own reads and writes, exactly as its code makes them
 * (same keys, consistency, page size and item). `seed` gives the data they read.
 */
export function hotPathFloors(
  stack: BenchStack,
  seed: { clientId: string; campaignId: string; campaignItem: Record<string, unknown> },
): Record<string, Floor> {
  const { ddb, config, newId } = stack.routerDeps;
  const table = config.tableName;
  const keyId = parseApiKey(stack.apiKey)?.keyId;
  if (!keyId) throw new Error('bench API key does not parse');
  const account = stack.accountId;
  const auth = () =>
    ddb.send(new GetCommand({ TableName: table, Key: keys.apiKeyById(keyId), ConsistentRead: true }));
  const get = (key: { pk: string; sk: string }) =>
    ddb.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
  const page = (c: { index?: string; partition: string; skPrefix: string }) => {
    const pkAttr = c.index ? `${c.index}pk` : 'pk';
    const skAttr = c.index ? `${c.index}sk` : 'sk';
    return ddb.send(
      new QueryCommand({
        TableName: table,
        IndexName: c.index,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': pkAttr, '#sk': skAttr },
        ExpressionAttributeValues: { ':pk': c.partition, ':prefix': c.skPrefix },
        ScanIndexForward: false,
        Limit: 51,
        ConsistentRead: c.index ? undefined : true,
      }),
    );
  };
  return {
    list_clients: {
      note: 'GetItem of the API key + Query of 51 clients (base table, strongly consistent)',
      op: async () => {
        await auth();
        await page(keys.clientsOfAccount(account));
      },
    },
    list_campaigns: {
      note: 'GetItem of the API key + GetItem of the client + Query of 51 campaigns of the client (gsi1)',
      op: async () => {
        await auth();
        await get(keys.clientById(account, seed.clientId));
        await page(keys.campaignsOfClient(account, seed.clientId));
      },
    },
    create_campaign: {
      note: 'GetItem of the API key + TransactWrite (client ConditionCheck + Put of a new campaign item of the same size)',
      op: async () => {
        await auth();
        const id = newId();
        const key = keys.campaignById(account, id);
        await ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                ConditionCheck: {
                  TableName: table,
                  Key: keys.clientById(account, seed.clientId),
                  ConditionExpression: 'attribute_exists(pk)',
                },
              },
              {
                Put: {
                  TableName: table,
                  Item: { ...seed.campaignItem, ...key, id },
                  ConditionExpression: 'attribute_not_exists(pk)',
                },
              },
            ],
          }),
        );
      },
    },
    list_creatives: {
      note: 'GetItem of the API key + GetItem of the campaign + Query of 51 creatives on gsi1 (1,000-creative campaign)',
      op: async () => {
        await auth();
        await get(keys.campaignById(account, seed.campaignId));
        await page(keys.creativesOfCampaign(account, seed.campaignId, 'succeeded'));
      },
    },
  };
}

/**
 * Each action over HTTP (a separate load-client process, keep-alive) at concurrency 1 and
 * `concurrency`, next to its floor: the same request to the same HTTP front, marked so that the
 * front answers it with the action's DynamoDB calls alone (through the router's own client)
 * instead of the router. Sequentially the two alternate request by request; at concurrency
 * each runs alone, back to back. Both pay the same HTTP front, load client and concurrency, so
 * the ratio is the router's own cost. Each pair runs `counts.runs` times, interleaved across
 * actions so drift spreads evenly.
 */
export async function benchRouter(
  stack: BenchStack,
  load: LoadClient,
  input: { actions: RouterAction[]; floors: Record<string, Floor>; counts: Counts },
): Promise<RouterResult> {
  const { counts } = input;
  const headers = { 'content-type': 'application/json', 'x-api-key': stack.apiKey };
  for (const a of input.actions) {
    const res = await stack.call(a.name, a.fields);
    if (res.status !== 200) throw new Error(`${a.name} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const runs = new Map<string, RunSummary[]>();
  const add = (key: string, summary: RunSummary) => runs.set(key, [...(runs.get(key) ?? []), summary]);
  stack.setFloors(Object.fromEntries(Object.entries(input.floors).map(([name, f]) => [name, f.op])));
  for (let r = 0; r < counts.runs; r++) {
    for (const a of input.actions) {
      const floor = input.floors[a.name];
      for (const concurrency of [1, counts.concurrency]) {
        const spec = {
          url: stack.url,
          headers,
          body: body(a.name, a.fields),
          concurrency,
          count: concurrency === 1 ? counts.seq : counts.conc,
          maxMs: concurrency === 1 ? counts.seqMs : counts.concMs,
          warmup: concurrency === 1 ? 10 : concurrency * 2,
        };
        stack.setHandlerLabel(concurrency === 1 ? a.name : undefined);
        try {
          if (floor && concurrency === 1) {
            // Sequential: the action and its floor alternate request by request (same connection,
            // same moment), so the ratio is latency against latency.
            const [router, bare] = await load.runPair({
              ...spec,
              alternateHeaders: { 'x-bench-floor': a.name },
            });
            add(`${a.name}@${concurrency}`, router);
            add(`floor ${a.name}@${concurrency}`, bare);
          } else if (floor) {
            // Concurrent: each fills the 16 slots alone (mixed, both would wait in one queue and
            // the ratio would tend to 1), back to back, in alternating order from run to run.
            const floorSpec = {
              ...spec,
              headers: { ...headers, 'x-bench-floor': a.name },
              count: Math.round(spec.count / 2),
              maxMs: Math.round(spec.maxMs / 2),
            };
            const routerSpec = { ...spec, count: floorSpec.count, maxMs: floorSpec.maxMs };
            if (r % 2 === 0) {
              add(`${a.name}@${concurrency}`, await load.run(routerSpec));
              add(`floor ${a.name}@${concurrency}`, await load.run(floorSpec));
            } else {
              add(`floor ${a.name}@${concurrency}`, await load.run(floorSpec));
              add(`${a.name}@${concurrency}`, await load.run(routerSpec));
            }
          } else {
            add(`${a.name}@${concurrency}`, await load.run(spec));
          }
        } finally {
          stack.setHandlerLabel(undefined);
        }
      }
    }
  }

  const actions: RouterResult['actions'] = {};
  const floors: RouterResult['floors'] = {};
  const ratios: RouterResult['ratios'] = {};
  for (const a of input.actions) {
    const handler = stack.handlerMs.get(a.name) ?? [];
    const sorted = [...handler].sort((x, y) => x - y);
    const act = {
      note: a.note,
      handler_ms_p50: Math.round((sorted[Math.floor(sorted.length / 2)] ?? Number.NaN) * 100) / 100,
      sequential: loadFigures(runs.get(`${a.name}@1`) ?? []),
      concurrent: loadFigures(runs.get(`${a.name}@${counts.concurrency}`) ?? []),
    };
    actions[a.name] = act;
    const floor = input.floors[a.name];
    if (!floor) continue;
    const f = {
      note: floor.note,
      sequential: loadFigures(runs.get(`floor ${a.name}@1`) ?? []),
      concurrent: loadFigures(runs.get(`floor ${a.name}@${counts.concurrency}`) ?? []),
    };
    floors[a.name] = f;
    ratios[a.name] = {
      floor: floor.note,
      p50_sequential: ratio(act.sequential.p50_ms.median, f.sequential.p50_ms.median),
      p50_concurrent: ratio(act.concurrent.p50_ms.median, f.concurrent.p50_ms.median),
      throughput_concurrent: ratio(f.concurrent.throughput_rps.median, act.concurrent.throughput_rps.median),
    };
  }
  return { concurrency: counts.concurrency, actions, floors, ratios };
}

export type ScalingResult = {
  page_limit: number;
  /** list_creatives first page over HTTP, sequential, by creatives in the campaign. */
  by_campaign_size: Record<
    string,
    {
      creatives: number;
      items_on_page: number;
      http_p50_ms: LoadFigures['p50_ms'];
      query_p50_ms: LoadFigures['p50_ms'];
    }
  >;
  /** The 10,000-creative campaign at several page sizes. */
  by_page_size: Record<string, { limit: number; http_p50_ms: LoadFigures['p50_ms'] }>;
  /** p50 at the largest campaign over p50 at the smallest full page (1,000). */
  growth_10000_over_1000: number;
  growth_page_100_over_10: number;
  seed_seconds: Record<string, number>;
};

/** list_creatives' first page at 10, 1,000 and 10,000 creatives, and at three page sizes. */
export async function benchScaling(
  stack: BenchStack,
  load: LoadClient,
  input: {
    campaigns: { creatives: number; campaignId: string; seedSeconds: number }[];
    runs: number;
    requests: number;
    maxMs: number;
  },
): Promise<ScalingResult> {
  const headers = { 'content-type': 'application/json', 'x-api-key': stack.apiKey };
  const { ddb, config } = stack.routerDeps;
  const http = (campaignId: string, limit: number) =>
    load.run({
      url: stack.url,
      headers,
      body: body('list_creatives', { campaign_id: campaignId, limit }),
      concurrency: 1,
      count: input.requests,
      maxMs: input.maxMs,
      warmup: 5,
    });
  const query = (campaignId: string, limit: number) => {
    const c = keys.creativesOfCampaign(stack.accountId, campaignId, 'succeeded');
    return runInProcess(
      () =>
        ddb.send(
          new QueryCommand({
            TableName: config.tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
            ExpressionAttributeValues: { ':pk': c.partition, ':p': c.skPrefix },
            ScanIndexForward: false,
            Limit: limit + 1,
          }),
        ),
      { concurrency: 1, count: input.requests, maxMs: input.maxMs, warmup: 5 },
    );
  };
  const httpRuns = new Map<number, RunSummary[]>();
  const queryRuns = new Map<number, RunSummary[]>();
  const pageRuns = new Map<number, RunSummary[]>();
  const largest = input.campaigns.reduce((a, b) => (b.creatives > a.creatives ? b : a));
  const pageSizes = [10, 50, 100];
  for (let r = 0; r < input.runs; r++) {
    for (const c of input.campaigns) {
      httpRuns.set(c.creatives, [...(httpRuns.get(c.creatives) ?? []), await http(c.campaignId, 50)]);
      queryRuns.set(c.creatives, [...(queryRuns.get(c.creatives) ?? []), await query(c.campaignId, 50)]);
    }
    for (const limit of pageSizes) {
      if (limit === 50) continue;
      pageRuns.set(limit, [...(pageRuns.get(limit) ?? []), await http(largest.campaignId, limit)]);
    }
  }
  pageRuns.set(50, httpRuns.get(largest.creatives) ?? []);
  const byCampaign: ScalingResult['by_campaign_size'] = {};
  const seedSeconds: Record<string, number> = {};
  for (const c of input.campaigns) {
    const first = await stack.call<{ creatives: unknown[] }>('list_creatives', { campaign_id: c.campaignId });
    byCampaign[String(c.creatives)] = {
      creatives: c.creatives,
      items_on_page: first.body.creatives.length,
      http_p50_ms: loadFigures(httpRuns.get(c.creatives) ?? []).p50_ms,
      query_p50_ms: loadFigures(queryRuns.get(c.creatives) ?? []).p50_ms,
    };
    seedSeconds[String(c.creatives)] = Math.round(c.seedSeconds * 10) / 10;
  }
  const byPage: ScalingResult['by_page_size'] = {};
  for (const limit of pageSizes) {
    byPage[String(limit)] = { limit, http_p50_ms: loadFigures(pageRuns.get(limit) ?? []).p50_ms };
  }
  const p = (k: string) => byCampaign[k]?.http_p50_ms.median ?? Number.NaN;
  const q = (k: string) => byPage[k]?.http_p50_ms.median ?? Number.NaN;
  return {
    page_limit: 50,
    by_campaign_size: byCampaign,
    by_page_size: byPage,
    growth_10000_over_1000: ratio(p('10000'), p('1000')),
    growth_page_100_over_10: ratio(q('100'), q('10')),
    seed_seconds: seedSeconds,
  };
}
