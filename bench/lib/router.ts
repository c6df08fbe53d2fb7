import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
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
  floors: Record<string, ModeFigures & { note: string }>;
  /** Router median p50 over the floor's, and the floor's throughput over the router's, at both modes. */
  ratios: Record<
    string,
    { floor: string; p50_sequential: number; p50_concurrent: number; throughput_concurrent: number }
  >;
};

function body(action: string, fields: Record<string, unknown>) {
  return JSON.stringify({ action, ...fields });
}

/**
 * Router over HTTP (a separate load-client process, keep-alive) at concurrency 1 and
 * `concurrency`, each run `counts.runs` times, interleaved across actions so drift spreads
 * evenly; and the floor: bare GetItem/Query through the router's own DynamoDB client.
 */
export async function benchRouter(
  stack: BenchStack,
  load: LoadClient,
  input: { actions: RouterAction[]; listCreativesCampaign: string; counts: Counts },
): Promise<RouterResult> {
  const { counts } = input;
  const headers = { 'content-type': 'application/json', 'x-api-key': stack.apiKey };
  for (const a of input.actions) {
    const res = await stack.call(a.name, a.fields);
    if (res.status !== 200) throw new Error(`${a.name} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  const seq = new Map<string, RunSummary[]>();
  const conc = new Map<string, RunSummary[]>();
  for (let r = 0; r < counts.runs; r++) {
    for (const a of input.actions) {
      const common = { url: stack.url, headers, body: body(a.name, a.fields) };
      stack.setHandlerLabel(a.name);
      const s = await load.run({
        ...common,
        concurrency: 1,
        count: counts.seq,
        maxMs: counts.seqMs,
        warmup: 10,
      });
      stack.setHandlerLabel(undefined);
      const c = await load.run({
        ...common,
        concurrency: counts.concurrency,
        count: counts.conc,
        maxMs: counts.concMs,
        warmup: counts.concurrency * 2,
      });
      seq.set(a.name, [...(seq.get(a.name) ?? []), s]);
      conc.set(a.name, [...(conc.get(a.name) ?? []), c]);
    }
  }

  // The floor: the same DynamoDB client the router's handler uses, no HTTP, no router.
  const { ddb, config } = stack.routerDeps;
  const keyId = parseApiKey(stack.apiKey)?.keyId;
  if (!keyId) throw new Error('bench API key does not parse');
  const creatives = keys.creativesOfCampaign(stack.accountId, input.listCreativesCampaign, 'succeeded');
  const clients = keys.clientsOfAccount(stack.accountId);
  const floorOps: Record<string, { op: () => Promise<unknown>; note: string }> = {
    GetItem: {
      note: 'GetItem of the API key item, strongly consistent (the read every request makes to authenticate)',
      op: () =>
        ddb.send(
          new GetCommand({ TableName: config.tableName, Key: keys.apiKeyById(keyId), ConsistentRead: true }),
        ),
    },
    'Query clients': {
      note: 'Query of 51 clients on the base table, strongly consistent (list_clients\u2019 query)',
      op: () =>
        ddb.send(
          new QueryCommand({
            TableName: config.tableName,
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
            ExpressionAttributeValues: { ':pk': clients.partition, ':p': clients.skPrefix },
            ScanIndexForward: false,
            Limit: 51,
            ConsistentRead: true,
          }),
        ),
    },
    'Query creatives': {
      note: 'Query of 51 creatives on gsi1 of the 1,000-creative campaign (list_creatives\u2019 query)',
      op: () =>
        ddb.send(
          new QueryCommand({
            TableName: config.tableName,
            IndexName: 'gsi1',
            KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
            ExpressionAttributeValues: { ':pk': creatives.partition, ':p': creatives.skPrefix },
            ScanIndexForward: false,
            Limit: 51,
          }),
        ),
    },
  };
  const floorSeq = new Map<string, RunSummary[]>();
  const floorConc = new Map<string, RunSummary[]>();
  for (let r = 0; r < counts.runs; r++) {
    for (const [name, { op }] of Object.entries(floorOps)) {
      const s = await runInProcess(op, {
        concurrency: 1,
        count: counts.seq,
        maxMs: counts.seqMs,
        warmup: 10,
      });
      const c = await runInProcess(op, {
        concurrency: counts.concurrency,
        count: counts.conc,
        maxMs: counts.concMs,
        warmup: counts.concurrency * 2,
      });
      floorSeq.set(name, [...(floorSeq.get(name) ?? []), s]);
      floorConc.set(name, [...(floorConc.get(name) ?? []), c]);
    }
  }

  const actions: RouterResult['actions'] = {};
  for (const a of input.actions) {
    const handler = stack.handlerMs.get(a.name) ?? [];
    const sorted = [...handler].sort((x, y) => x - y);
    actions[a.name] = {
      note: a.note,
      handler_ms_p50: Math.round((sorted[Math.floor(sorted.length / 2)] ?? Number.NaN) * 100) / 100,
      sequential: loadFigures(seq.get(a.name) ?? []),
      concurrent: loadFigures(conc.get(a.name) ?? []),
    };
  }
  const floors: RouterResult['floors'] = {};
  for (const [name, { note }] of Object.entries(floorOps)) {
    floors[name] = {
      note,
      sequential: loadFigures(floorSeq.get(name) ?? []),
      concurrent: loadFigures(floorConc.get(name) ?? []),
    };
  }
  const floorOf: Record<string, string> = {
    list_clients: 'Query clients',
    list_creatives: 'Query creatives',
    create_campaign: 'GetItem',
  };
  const ratios: RouterResult['ratios'] = {};
  for (const a of input.actions) {
    const pairs = [
      [a.name, 'GetItem'] as const,
      ...(floorOf[a.name] && floorOf[a.name] !== 'GetItem'
        ? [[a.name, floorOf[a.name] as string] as const]
        : []),
    ];
    for (const [action, floorName] of pairs) {
      const act = actions[action];
      const floor = floors[floorName];
      if (!act || !floor) continue;
      ratios[`${action} / ${floorName}`] = {
        floor: floorName,
        p50_sequential: ratio(act.sequential.p50_ms.median, floor.sequential.p50_ms.median),
        p50_concurrent: ratio(act.concurrent.p50_ms.median, floor.concurrent.p50_ms.median),
        throughput_concurrent: ratio(
          floor.concurrent.throughput_rps.median,
          act.concurrent.throughput_rps.median,
        ),
      };
    }
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
