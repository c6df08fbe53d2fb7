/** 7. Item sizes of this run, then the cost per 1,000 images on paper. */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { parseApiKey } from '#core/auth/api-key-format.ts';
import { keys } from '#core/db/keys.ts';
import { ASSUMPTIONS, costPer1000, type ItemSizes, PRICES, readStackSettings } from '../lib/cost.ts';
import { itemSize } from '../lib/meter.ts';
import type { PipelineRun } from '../lib/pipeline.ts';
import type { RendererResult } from '../lib/renderer.ts';
import type { PipelineResult } from '../lib/results.ts';
import type { BenchStack } from '../lib/stack.ts';
import { median } from '../lib/stats.ts';

/** The cost section of the results: prices, assumptions, this run's inputs and the scenarios. */
export async function costStep(
  s: BenchStack,
  renderer: RendererResult,
  pipeline: PipelineResult,
  pipelineRuns: PipelineRun[],
) {
  const costInput = {
    settings: await readStackSettings(),
    workerMsTemplate: pipeline.by_workers['1']?.worker_ms_per_image_p50 ?? Number.NaN,
    templateVisualMs: mean(Object.values(renderer.sizes).map((v) => v.visual_ms_p50)),
    routerMs: {
      generatePerBatch: handlerP50(s, 'generate_creatives (100 images)'),
      getJob: handlerP50(s, 'get_job'),
      listCreatives: handlerP50(s, 'list_creatives'),
    },
    items: await itemSizes(s, pipelineRuns[0]?.campaign_id ?? ''),
    pngBytes: mean(Object.values(renderer.sizes).map((v) => v.png_bytes.median)),
    bedrockSeconds: [5, 15],
  };
  return { prices: PRICES, assumptions: ASSUMPTIONS, input: costInput, ...costPer1000(costInput) };
}

const mean = (values: number[]) => values.reduce((a, v) => a + v, 0) / values.length;
const handlerP50 = (s: BenchStack, label: string) => median(s.handlerMs.get(label) ?? [Number.NaN]);

/** The size of each item an image's order reads or writes, as the pipeline left them. */
async function itemSizes(s: BenchStack, campaignId: string): Promise<ItemSizes> {
  const get = async (key: { pk: string; sk: string }) =>
    (
      await s.routerDeps.ddb.send(
        new GetCommand({ TableName: s.config.tableName, Key: key, ConsistentRead: true }),
      )
    ).Item ?? {};
  const keyId = parseApiKey(s.apiKey)?.keyId ?? '';
  const slotItem = await firstSucceededSlot(s, campaignId);
  const pendingSlotSize = itemSize({
    ...slotItem,
    status: 'pending',
    width: undefined,
    height: undefined,
    bytes: undefined,
    model: undefined,
    completed_at: undefined,
  });
  const campaignItem = await get(keys.campaignById(s.accountId, String(slotItem.campaign_id)));
  return {
    apiKey: itemSize(await get(keys.apiKeyById(keyId))),
    account: itemSize(await get(keys.account(s.accountId))),
    campaign: itemSize(campaignItem),
    brandKit: itemSize(await get(keys.brandKitOfClient(s.accountId, String(slotItem.client_id)))),
    job: itemSize(await get(keys.jobById(s.accountId, String(slotItem.job_id)))),
    slotPending: pendingSlotSize,
    slotSucceeded: itemSize(slotItem),
  };
}

/** A slot as the worker leaves it (succeeded), to size the items the pipeline writes. */
async function firstSucceededSlot(s: BenchStack, campaignId: string): Promise<Record<string, unknown>> {
  const c = keys.creativesOfCampaign(s.accountId, campaignId, 'succeeded');
  const out = await s.routerDeps.ddb.send(
    new QueryCommand({
      TableName: s.config.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': c.partition },
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  if (!item) throw new Error('no succeeded slot to size');
  return item;
}
