/** The sections that need the local stack: its data, first requests, the router, list scaling. */
import { join } from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '#core/db/keys.ts';
import type { BundleResult } from '../lib/bundle.ts';
import { benchFirstRequest, type FirstRequestResult } from '../lib/first-request.ts';
import { type LoadClient, startLoadClient } from '../lib/load.ts';
import {
  benchRouter,
  benchScaling,
  hotPathFloors,
  type RouterResult,
  type ScalingResult,
} from '../lib/router.ts';
import { seedCampaignWithCreatives, seedClients } from '../lib/seed.ts';
import { type BenchStack, startBenchStack } from '../lib/stack.ts';
import { type BenchContext, checkTime, log, n } from './context.ts';

/** The started stack and what was seeded in it. */
export type Seeded = {
  s: BenchStack;
  load: LoadClient;
  seedClient: string;
  campaigns: { creatives: number; campaignId: string; seedSeconds: number }[];
  campaign1000: string;
};

/** 3. The stack on the temp dir and its data: 60 clients, campaigns of 10, 1,000 and 10,000 creatives. */
export async function seedStack(ctx: BenchContext): Promise<Seeded> {
  checkTime('stack');
  log('starting the local stack on a temp dir');
  ctx.stack = await startBenchStack(join(ctx.tmp, 'data'), { credits: 100_000 });
  const s = ctx.stack;
  const load = await startLoadClient();
  ctx.load = load;
  const deps = s.routerDeps;
  const sizes = ctx.want('stack') ? [10, 1000, 10_000] : [1000];
  log(`seeding 60 clients and campaigns of ${sizes.join(', ')} creatives`);
  const clientIds = await seedClients(deps, s.accountId, 60);
  const seedClient = clientIds[0] as string;
  const campaigns: Seeded['campaigns'] = [];
  for (const count of sizes) {
    const seeded = await seedCampaignWithCreatives(deps, s.accountId, seedClient, count);
    campaigns.push({ creatives: count, campaignId: seeded.campaignId, seedSeconds: seeded.seconds });
    log(`  ${count} creatives in ${seeded.seconds.toFixed(1)} s`);
  }
  const campaign1000 = campaigns.find((c) => c.creatives === 1000)?.campaignId as string;
  return { s, load, seedClient, campaigns, campaign1000 };
}

/** 3b. First requests of a fresh process importing the bundle (the earlier run's when not run). */
export async function firstRequestStep(
  ctx: BenchContext,
  seeded: Seeded,
  bundle: BundleResult | undefined,
): Promise<FirstRequestResult | undefined> {
  if (!ctx.want('first_request') || !bundle?.outfile) return ctx.previous.first_request;
  checkTime('first request');
  log('first request after import: fresh processes, list_clients cold/warm, list_creatives first/warm');
  const firstRequest = await benchFirstRequest(seeded.s, bundle.outfile, {
    processes: n(8, 3),
    campaignId: seeded.campaign1000,
  });
  ctx.failuresOf(
    'first_request',
    firstRequest.statuses_ok ? [] : ['first requests after import did not all answer 200'],
  );
  log(
    `  import ${firstRequest.import_ms.median} ms, list_clients cold ${firstRequest.list_clients_cold_ms.median} ms / warm ${firstRequest.list_clients_warm_ms.median} ms`,
  );
  return firstRequest;
}

/** 4. Four hot paths next to their DynamoDB floors, sequential and at concurrency 16. */
export async function routerStep(seeded: Seeded): Promise<RouterResult> {
  const { s, load, seedClient, campaign1000 } = seeded;
  checkTime('router');
  log('router: four hot paths next to their DynamoDB floors; sequential and at concurrency 16');
  // Each run alternates an action's requests with its floor's: the counts cover both kinds.
  const counts = {
    runs: 5,
    seq: n(200, 40),
    conc: n(800, 128),
    concurrency: 16,
    seqMs: 5000,
    concMs: 6000,
  };
  const seedCampaignItem = (
    await s.routerDeps.ddb.send(
      new GetCommand({ TableName: s.config.tableName, Key: keys.campaignById(s.accountId, campaign1000) }),
    )
  ).Item;
  if (!seedCampaignItem) throw new Error('the seeded campaign is missing');
  const router = await benchRouter(s, load, {
    floors: hotPathFloors(s, {
      clientId: seedClient,
      campaignId: campaign1000,
      campaignItem: seedCampaignItem,
    }),
    counts,
    actions: [
      { name: 'list_clients', fields: {}, note: '1 page of 50 of the account\u2019s 60 clients' },
      {
        name: 'list_campaigns',
        fields: { client_id: seedClient },
        note: '1 page of the seed client\u2019s campaigns (the client checked first)',
      },
      {
        name: 'create_campaign',
        fields: {
          client_id: seedClient,
          name: 'Bench campaign',
          aspect_ratio: '1:1,9:16',
          volume: 4,
          offer_text: '30% off',
          cta_text: 'Shop now',
        },
        note: 'one new campaign per request (TransactWrite: client check + put)',
      },
      {
        name: 'list_creatives',
        fields: { campaign_id: campaign1000 },
        note: '1 page of 50 (presigned URLs) from a campaign with 1,000 creatives',
      },
    ],
  });
  for (const [name, r] of Object.entries(router.ratios)) {
    log(`  ${name}: p50 ratio ${r.p50_sequential} (seq), ${r.p50_concurrent} (c16)`);
  }
  return router;
}

/** 5. list_creatives' first page at 10, 1,000 and 10,000 creatives, and by page size. */
export async function scalingStep(seeded: Seeded): Promise<ScalingResult> {
  checkTime('scaling');
  log('scaling: list_creatives first page at 10, 1,000 and 10,000 creatives');
  const scaling = await benchScaling(seeded.s, seeded.load, {
    campaigns: seeded.campaigns,
    runs: 5,
    requests: n(30, 10),
    maxMs: 2500,
  });
  log(`  10,000 over 1,000: ${scaling.growth_10000_over_1000}×`);
  return scaling;
}
