import type { CopyCandidates } from '#core/creative/types.ts';
import type { Angle } from '#core/entities/angle.ts';
import type { Campaign } from '#core/entities/campaign.ts';
import { sentencesOf } from '#core/text/policy/copy-policy.ts';

type PreparedCopy = { headline: string; primary_text?: string; cta?: string };

/**
 * The words a creative may use, as candidate lists (preferred first, then shorter complete
 * alternatives), from what the campaign already has: the angle's hook, the prepared headlines
 * and primary texts of this angle (other platforms' versions are often shorter), the brand's
 * tagline. Never the campaign's internal name. The offer keeps its own place and is never
 * repeated in a headline or body. The compositor takes the first that fits.
 */
export function creativeCopy(input: {
  campaign: Campaign;
  angle: Angle | undefined;
  prepared?: PreparedCopy | PreparedCopy[] | undefined;
  tagline?: string | undefined;
}): CopyCandidates {
  const { campaign, angle } = input;
  const prepared = Array.isArray(input.prepared) ? input.prepared : input.prepared ? [input.prepared] : [];
  const offer = campaign.offer_text.trim() || undefined;
  const same = (a: string, b: string | undefined) =>
    Boolean(b) && a.trim().toLowerCase() === b?.trim().toLowerCase();
  const headlines: string[] = [];
  const add = (list: string[], text: string | undefined) => {
    const t = text?.replace(/\s+/g, ' ').trim();
    if (!t || same(t, offer) || same(t, campaign.name) || list.some((x) => same(x, t))) return;
    list.push(t);
  };
  // The image has room for the angle's hook; the ad's headline field (27–30 characters on Meta
  // and Google) is what the platform shows beside it, so prepared headlines come after.
  if (angle) add(headlines, sentencesOf(angle.hook, angle.language)[0] ?? angle.hook);
  const rest: string[] = [];
  for (const p of prepared) add(rest, p.headline);
  add(rest, input.tagline);
  headlines.push(
    ...rest.filter((h) => !headlines.some((x) => same(x, h))).sort((a, b) => b.length - a.length),
  );
  const bodies: string[] = [];
  for (const p of prepared) {
    // The body never repeats the headline or the offer, which have places of their own.
    let body = p.primary_text ?? '';
    for (const repeated of [headlines[0] ?? '', offer ?? '']) if (repeated) body = body.replace(repeated, '');
    body = body
      .replace(/^[\s.,;:!?—-]+|\s+(?=[.,;:!?])/g, '')
      .replace(/\s{2,}/g, ' ')
      .trim();
    if (body.length >= 12) add(bodies, body);
  }
  bodies.sort((a, b) => b.length - a.length);
  const cta = campaign.cta_text || prepared.find((p) => p.cta)?.cta || 'Learn more';
  return { headlines, bodies, ...(offer ? { offer } : {}), cta };
}
