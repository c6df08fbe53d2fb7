import type { Angle } from '#core/entities/angle.ts';
import type { BrandKit } from '#core/entities/brand-kit.ts';
import type { Campaign } from '#core/entities/campaign.ts';
import type { CreativeCopy } from '#core/images/compositor.ts';

/**
 * The image model is asked for the visual only — scene, mood, composition, palette — and told
 * to leave space and draw no text, because the compositor lays out all words itself.
 */
export function buildVisualPrompt(input: { campaign: Campaign; angle: Angle | undefined; brand: BrandKit }): {
  prompt: string;
  negativePrompt: string;
  visualStyle: string;
} {
  const { campaign, angle, brand } = input;
  const visualStyle = angle?.visual_style ?? 'clean modern product advertising, soft studio light';
  const parts = [
    `Advertising visual for "${campaign.name}".`,
    angle ? `Concept: ${angle.name} — ${angle.hook}` : undefined,
    `Style: ${visualStyle}.`,
    `Brand palette: ${Object.values(brand.colors).join(', ')}.`,
    brand.tone_of_voice ? `Mood: ${brand.tone_of_voice}` : undefined,
    campaign.product_image_url ? 'Leave a clear area in the centre for the product.' : undefined,
    'Leave generous empty space for a headline and a button. High quality, professional, commercial photography or design.',
  ];
  return {
    prompt: parts.filter(Boolean).join(' ').slice(0, 2000),
    negativePrompt:
      'text, letters, words, captions, watermark, logo, signature, blurry, low quality, distorted',
    visualStyle,
  };
}

/** The words on the creative: the prepared copy for this angle when there is one, else derived. */
export function creativeCopy(input: {
  campaign: Campaign;
  angle: Angle | undefined;
  prepared?: { headline: string; primary_text?: string; cta?: string } | undefined;
}): CreativeCopy {
  const { campaign, angle, prepared } = input;
  const offer = campaign.offer_text.trim() || undefined;
  // The image has room for the angle's hook; the ad's headline field (27–30 characters on Meta
  // and Google) is what the platform shows beside it, so the prepared headline is the fallback.
  const hook = angle ? firstSentence(angle.hook) : undefined;
  const headline =
    hook ?? (prepared?.headline && prepared.headline !== offer ? prepared.headline : campaign.name);
  // The body never repeats the headline or the offer, which have places of their own.
  let body = prepared?.primary_text ?? '';
  for (const repeated of [headline, offer ?? '']) if (repeated) body = body.replace(repeated, '');
  body = body
    .replace(/^[\s.,;:!?—-]+|\s+(?=[.,;:!?])/g, '')
    .replace(/\s{2,}/g, ' ')
    .trim();
  const cta = campaign.cta_text || prepared?.cta || 'Learn more';
  return { headline, ...(body.length >= 12 ? { body } : {}), ...(offer ? { offer } : {}), cta };
}

function firstSentence(text: string): string {
  return (/^.*?[.!?](?=\s|$)/.exec(text)?.[0] ?? text).trim();
}
