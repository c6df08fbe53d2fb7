import { writeAdCopy } from '#core/text/ad-copy.ts';
import { anglesFromBrief } from '#core/text/brief-angles.ts';
import { catalogueFor } from '#core/text/realise/messages.ts';
import { type CorpusBrief, goldBrief } from './corpus.ts';
import type { HookSample } from './sections/hooks.ts';

/** The placements the evaluation prepares copy for: the tightest (Meta), Google and LinkedIn. */
export const EVAL_PLATFORMS = ['meta_feed', 'google_display', 'linkedin'] as const;

/** A brief's angles and the copy of its first three, as the offline engine writes them (from the gold brief until extraction lands). */
export async function sampleOf(b: CorpusBrief): Promise<HookSample> {
  const brief = goldBrief(b);
  const ctaLabels = Object.values(catalogueFor(b.language)?.cta ?? {});
  try {
    const angles = await anglesFromBrief(brief, {
      extraSources: [b.campaign.offer_text, b.campaign.cta_text],
    });
    const { copy } = await writeAdCopy({
      brief,
      angles: angles.slice(0, 3).map((a, i) => ({ ...a, id: `angle-${i + 1}` })),
      campaign: { name: `${b.id}_q4`, ...b.campaign, platform_target: EVAL_PLATFORMS },
      brand: { banned_words: [], tagline: '' },
    });
    return { brief: b, angles, copy, ctaLabels };
  } catch {
    return { brief: b, angles: [], ctaLabels };
  }
}
