import type { Deps } from '../deps.ts';
import { getAccount } from '../entities/account.ts';
import type { Campaign } from '../entities/campaign.ts';
import type { SlotPlan } from '../entities/slot.ts';
import { listPricePerImage } from '../images/catalogue.ts';
import { nativeSizeOf } from '../images/native-sizes.ts';
import { deliverySize, parseRatio } from '../images/sizes.ts';
import { planVisual } from '../images/visual-plan.ts';
import { planCampaignBatch } from './batch.ts';

export type Estimate = {
  /** Images generate_creatives would order now: the same plan (`planCampaignBatch`). */
  jobs: number;
  /** Credits it would reserve: one per image. */
  credits: number;
  available: number;
  affordable: boolean;
  /** Image-model calls: one per shared visual (angle, variant, orientation family); 0 offline or with photos. */
  model_calls: number;
  /** model_calls × the configured price per call; null when no price is configured. */
  model_cost_usd: number | null;
};

/**
 * How many model visuals a batch needs: the worker makes one per angle, variant (repeat) and
 * orientation family and cuts every ratio of that family from it (`sharedVisualKey`,
 * ADR 0013). The offline template model calls no model.
 */
export function countModelCalls(
  plans: readonly SlotPlan[],
  provider: Deps['config']['imageProvider'],
): number {
  const nativeSize = nativeSizeOf(provider);
  if (!nativeSize) return 0;
  const visuals = new Set<string>();
  for (const plan of plans) {
    const ratio = parseRatio(plan.aspectRatio);
    const { family } = planVisual({ nativeSize }, ratio, deliverySize(ratio));
    visuals.add(`${plan.angleId ?? 'none'}#${plan.repeat}#${family}`);
  }
  return visuals.size;
}

/** What generate_creatives would order and charge for this campaign now; writes nothing. */
export async function estimateGeneration(
  deps: Deps,
  accountId: string,
  campaign: Campaign,
): Promise<Estimate> {
  const { plans } = planCampaignBatch(campaign);
  const available = (await getAccount(deps, accountId))?.credits.available ?? 0;
  // A campaign's own photos are every creative's picture: no model is called (ADR 0059).
  const modelCalls =
    campaign.photo_asset_ids.length > 0 ? 0 : countModelCalls(plans, deps.config.imageProvider);
  // The operator's stated price wins; otherwise the list price of a model the catalogue knows.
  const price =
    deps.config.imageModelUsdPerCall ??
    (deps.config.imageProvider === 'template' ? undefined : listPricePerImage(deps.config.imageModelId));
  return {
    jobs: plans.length,
    credits: plans.length,
    available,
    affordable: available >= plans.length,
    model_calls: modelCalls,
    // Cents of a cent are noise from the float product, not information.
    model_cost_usd: price === undefined ? null : Math.round(modelCalls * price * 1e6) / 1e6,
  };
}
