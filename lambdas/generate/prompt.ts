import type { Angle } from '#core/entities/angle.ts';
import type { Campaign } from '#core/entities/campaign.ts';
import type { CreativeCopy } from '#core/images/compositor.ts';

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
