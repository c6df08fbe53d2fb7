import { extractBrief } from '#core/brief/extract.ts';
import { writeAdCopy } from '#core/text/ad-copy.ts';
import { anglesFromBrief } from '#core/text/brief-angles.ts';
import { catalogueFor } from '#core/text/realise/messages.ts';
import { type CorpusBrief, goldBrief } from './corpus.ts';
import type { HookSample } from './sections/hooks.ts';

/** The placements the evaluation prepares copy for: the tightest (Meta), Google and LinkedIn. */
export const EVAL_PLATFORMS = ['meta_feed', 'google_display', 'linkedin'] as const;

/**
 * A brief's angles and the copy of its first three, as the service writes them offline: the brief
 * extracted from the research summary (`gold` measures planning alone, on a perfect extraction).
 */
export async function sampleOf(
  b: CorpusBrief,
  from: 'extracted' | 'gold' = 'extracted',
): Promise<HookSample> {
  const brief =
    from === 'gold'
      ? goldBrief(b)
      : {
          ...(await extractBrief({
            researchSummary: b.research_summary,
            language: b.language,
            clientName: b.client_name,
          })),
          research_summary: b.research_summary,
        };
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
