import { parseAspectRatios } from '../aspect-ratio.ts';
import type { Deps } from '../deps.ts';
import { getAngles } from '../entities/angle.ts';
import { getBrandKit } from '../entities/brand-kit.ts';
import { getBrief, getLatestBrief } from '../entities/brief.ts';
import { type Campaign, savePreparedCampaign } from '../entities/campaign.ts';
import { getClient } from '../entities/client.ts';
import { NotFoundError } from '../errors.ts';
import type { BriefForPlanning } from '../text/brief-angles.ts';
import { writeCampaignCopy } from '../text/campaign-copy.ts';
import { PLATFORM_RATIOS } from '../text/platform-limits.ts';
import type { AwarenessLevel, CopyPlatform, PreparedCampaign } from '../text/types.ts';
import { batchSize } from './batch.ts';

function ratioLabelsOf(campaign: Campaign): string[] {
  const parsed = parseAspectRatios(campaign.aspect_ratio);
  return parsed.ok ? parsed.ratios.map((r) => r.label) : [];
}

/** Which awareness levels each placement suits: cold, scroll-past feeds want colder angles. */
const LEVELS_BY_PLATFORM: Record<CopyPlatform, AwarenessLevel[]> = {
  tiktok: ['unaware', 'problem_aware', 'solution_aware'],
  instagram_reels: ['unaware', 'problem_aware', 'solution_aware'],
  meta_stories: ['unaware', 'problem_aware', 'solution_aware'],
  pinterest: ['unaware', 'problem_aware', 'solution_aware'],
  meta_feed: ['problem_aware', 'solution_aware', 'product_aware'],
  linkedin: ['problem_aware', 'solution_aware', 'product_aware'],
  x: ['problem_aware', 'solution_aware', 'product_aware'],
  google_display: ['product_aware', 'most_aware'],
  general: ['unaware', 'problem_aware', 'solution_aware', 'product_aware', 'most_aware'],
};

/** Offer text longer than this wraps to three lines or more inside a 9:16 safe zone. */
const STORY_OFFER_CHARS = 40;

/**
 * Prepares a campaign's copy and recommendations, and stores them on the campaign:
 * 1. read the client, brand kit and selected angles;
 * 2. write one variant per angle (or one general) and platform from the brief's facts and the
 *    angles, every field held to the copy policy (lambdas/core/text/campaign-copy.ts);
 * 4. recommend ratios and a volume for the platforms, and which angles suit which platform;
 * 5. warn about what will hurt the creatives.
 * Answers the copy stored (with `ifUnprepared`, possibly a parallel order's).
 */
export async function prepareCampaign(
  deps: Deps,
  accountId: string,
  campaign: Campaign,
  /** The campaign's ratio labels when the caller already parsed them (dispatch does). */
  ratioLabels?: readonly string[],
  /** An order's implicit preparation keeps a copy a parallel order stored first (ADR 0044). */
  save: { ifUnprepared?: boolean } = {},
): Promise<PreparedCampaign> {
  const [client, brand, angles] = await Promise.all([
    getClient(deps, accountId, campaign.client_id),
    getBrandKit(deps, accountId, campaign.client_id),
    getAngles(deps, accountId, campaign.selected_angle_ids),
  ]);
  if (!client || !brand) throw new NotFoundError('campaign', campaign.id);
  const platforms: CopyPlatform[] =
    campaign.platform_target.length > 0 ? [...campaign.platform_target] : ['general'];
  // The brief the selected angles were planned from, else the client's latest brief: copy is
  // written from its facts. A client with no brief yet gets copy from the campaign and brand kit alone.
  const briefId = angles.find((a) => a.brief_id)?.brief_id;
  const stored =
    (briefId ? await getBrief(deps, accountId, briefId) : undefined) ??
    (await getLatestBrief(deps, accountId, client.id));
  const brief: BriefForPlanning = stored ?? {
    language: angles[0]?.language ?? 'en',
    business_name: client.name,
    category: '',
    subject: '',
    product: '',
    audience: '',
    location: '',
    tone: '',
    mandatories: [],
    avoid: [],
    facts: [],
    research_summary: '',
  };
  const { copy, warnings: copyWarnings } = await writeCampaignCopy({
    model: deps.textModel,
    brief,
    campaign: { ...campaign, platform_target: platforms },
    angles,
    brand,
  });

  const ratios = [...new Set(platforms.flatMap((p) => PLATFORM_RATIOS[p]))];
  const angles_by_platform: Partial<Record<CopyPlatform, string[]>> = {};
  for (const platform of platforms) {
    const fitting = angles
      .filter((a) => LEVELS_BY_PLATFORM[platform].includes(a.awareness_level))
      .map((a) => a.id);
    angles_by_platform[platform] = fitting.length > 0 ? fitting : angles.map((a) => a.id);
  }
  const suggested = batchSize({ angles: angles.length, ratios: ratios.length, volume: 1 }).combinations * 2;

  const warnings: string[] = [];
  // An uploaded product asset is a product image as much as a URL is.
  if (!campaign.product_image_url && !campaign.product_asset_id)
    warnings.push('No product image: the creatives will show the brand visual without the product.');
  if (angles.length === 0)
    warnings.push(
      'No angles selected: one general variant per platform. Run generate_angles for sharper copy.',
    );
  const labels = ratioLabels ?? ratioLabelsOf(campaign);
  if (labels.includes('9:16') && campaign.offer_text.length > STORY_OFFER_CHARS) {
    warnings.push(
      `The offer text has ${campaign.offer_text.length} characters; in the 9:16 safe zone more than ${STORY_OFFER_CHARS} wrap to three lines or more.`,
    );
  }
  if (campaign.platform_target.length > 0) {
    for (const label of labels.filter((l) => !ratios.includes(l))) {
      warnings.push(
        `Aspect ratio ${label} is not a format the targeted platforms use (${ratios.join(', ')}).`,
      );
    }
  }
  warnings.push(...copyWarnings);

  const prepared: PreparedCampaign = {
    campaign_id: campaign.id,
    copy,
    recommendations: {
      aspect_ratios: ratios,
      suggested_volume: Math.min(500, suggested),
      angles_by_platform,
    },
    warnings: [...new Set(warnings)],
    prepared_at: deps.now().toISOString(),
  };
  return savePreparedCampaign(deps, accountId, campaign, prepared, save);
}
