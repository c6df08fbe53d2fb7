import { extractBrief } from '#core/brief/extract.ts';
import { composeCreative, QualityGateError } from '#core/creative/compose.ts';
import { repeatedPairs } from '#core/creative/one-message.ts';
import { createTemplateImageModel } from '#core/creative/scenes/index.ts';
import type { ComposedCreative, CopyCandidates } from '#core/creative/types.ts';
import type { Angle } from '#core/entities/angle.ts';
import type { Campaign } from '#core/entities/campaign.ts';
import { deliverySize, parseRatio } from '#core/images/sizes.ts';
import { anglesFromBrief } from '#core/text/brief-angles.ts';
import { writeCampaignCopy } from '#core/text/campaign-copy.ts';
import { createHeuristicTextModel } from '#core/text/heuristic-model.ts';
import { restatesOffer, sentencesOf } from '#core/text/policy/copy-policy.ts';
import { copyCandidates } from '#generate/process-slot.ts';
import { BUSINESSES, logoPng } from '../../scripts/lib/sample-businesses.ts';
import type { PictureBrief } from './corpus.ts';

export const EVAL_RATIOS = ['1:1', '4:5', '9:16', '16:9'] as const;

/** A brand kit for a brief (the corpus has none): the sample kits in turn, so every palette is exercised. */
export function kitFor(brief: PictureBrief) {
  const sample = BUSINESSES[brief.number % BUSINESSES.length] ?? BUSINESSES[0];
  if (!sample) throw new Error('no sample business');
  return { ...sample.brand, client_id: brief.id };
}

export type ComposedSlot = {
  brief: PictureBrief;
  ratio: string;
  angleIndex: number;
  /** The subject and category the picture was chosen from. */
  pictureInput: { subject: string; category: string };
  creative?: ComposedCreative | undefined;
  gate?: string | undefined;
  /** Pairs of printed texts that say the same thing twice. */
  repeated: string[];
  /** How many times the campaign's offer is printed in full. */
  offerPrinted: number;
};

/** The copy a slot of this brief would get: offline angles, prepared copy, the worker's candidates. */
export async function slotCopy(brief: PictureBrief, angleIndex: number) {
  const brand = kitFor(brief);
  // The service's own reading of the brief: extracted, then planned, as generate_angles does.
  const fields = await extractBrief({
    researchSummary: brief.research_summary,
    language: brief.language,
    clientName: brief.client_name,
  });
  const planning = { ...fields, research_summary: brief.research_summary };
  const drafts = await anglesFromBrief(planning);
  const now = '2026-11-25T00:00:00.000Z';
  const angles: Angle[] = drafts.map((d, i) => ({
    ...d,
    id: `a${i}`,
    client_id: brief.id,
    brief_id: null,
    language: brief.language,
    created_at: now,
  }));
  const angle = angles[angleIndex % Math.max(1, angles.length)];
  const campaign = {
    id: 'c',
    client_id: brief.id,
    name: `Internal ${brief.id} push`,
    cta_text: brief.campaign.cta_text,
    offer_text: brief.campaign.offer_text,
    aspect_ratio: EVAL_RATIOS.join(','),
    volume: 4,
    selected_angle_ids: angle ? [angle.id] : [],
    platform_target: [],
    landing_url: '',
    reference_image_url: null,
    product_image_url: null,
    product_asset_id: null,
    photo_asset_ids: [],
    use_brand_kit: true,
    created_at: now,
    updated_at: now,
  } as Campaign;
  const { copy } = await writeCampaignCopy({
    model: createHeuristicTextModel(),
    brief: planning,
    campaign,
    angles: angle ? [angle] : [],
    brand,
  });
  const prepared = copy.filter((c) => c.angle_id === angle?.id || c.angle_id === null);
  const candidates: CopyCandidates = copyCandidates(
    campaign,
    angle,
    brand,
    prepared as never,
    brief.client_name,
  );
  // What the worker would read from the stored brief (pictureBriefOf): the extracted, not the gold, subject and category.
  const stored = { subject: fields.subject, category: fields.category };
  return { brand, angle, campaign, candidates, stored };
}

/** Which subject and category decide the picture: the stored brief's (the service path) or the gold annotation's. */
export type PictureInput = 'service' | 'gold';

export function pictureInputOf(
  brief: PictureBrief,
  stored: { subject: string; category: string },
  input: PictureInput,
) {
  return input === 'gold' ? { subject: brief.gold.subject, category: brief.gold.category } : stored;
}

const count = (text: string, part: string) => {
  const norm = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
  const t = norm(text);
  const p = norm(part);
  if (!p) return 0;
  let n = 0;
  for (let i = t.indexOf(p); i >= 0; i = t.indexOf(p, i + p.length)) n++;
  return n;
};

/**
 * How many times a creative says the campaign's offer: word for word, or again in other words
 * ("£20 off any EICR in feb" beside the offer "£20 off any EICR in February").
 */
function offerPrinted(printed: ReadonlyArray<{ text: string }>, offer: string, language: string): number {
  if (!offer) return 0;
  return printed.reduce((n, p) => {
    const verbatim = count(p.text, offer);
    const restated = sentencesOf(p.text, language).filter(
      (s) => restatesOffer(s, offer) && count(s, offer) === 0,
    );
    return n + verbatim + restated.length;
  }, 0);
}

/** Composes one brief in every evaluation ratio through the offline path, as the worker would. */
export async function composeBrief(
  brief: PictureBrief,
  options: { angleIndex?: number; logo?: boolean; input?: PictureInput } = {},
): Promise<ComposedSlot[]> {
  const angleIndex = options.angleIndex ?? 0;
  const { brand, angle, candidates, stored } = await slotCopy(brief, angleIndex);
  const picture = pictureInputOf(brief, stored, options.input ?? 'service');
  const model = createTemplateImageModel();
  const out: ComposedSlot[] = [];
  for (const label of EVAL_RATIOS) {
    const ratio = parseRatio(label);
    const size = deliverySize(ratio);
    const seed = 7 + angleIndex;
    const visual = model.draw({
      prompt: picture.subject,
      negativePrompt: '',
      ...size,
      aspectRatio: ratio,
      seed,
      brand,
      visualStyle: angle?.visual_style ?? '',
      picture,
    });
    try {
      const creative = await composeCreative({
        visual,
        ...size,
        aspectRatio: ratio,
        copy: candidates,
        brand,
        clientName: brief.client_name,
        excludeText: [`Internal ${brief.id} push`],
        logo: options.logo ? logoPng(brand.colors) : undefined,
        angleIndex,
        seed,
      });
      const printed = creative.printed.filter((p) => p.role !== 'wordmark');
      out.push({
        brief,
        ratio: label,
        angleIndex,
        pictureInput: picture,
        creative,
        repeated: repeatedPairs(printed),
        offerPrinted: offerPrinted(printed, brief.campaign.offer_text, brief.language),
      });
    } catch (error) {
      if (!(error instanceof QualityGateError)) throw error;
      out.push({
        brief,
        ratio: label,
        angleIndex,
        pictureInput: picture,
        gate: error.gate,
        repeated: [],
        offerPrinted: 0,
      });
    }
  }
  return out;
}
