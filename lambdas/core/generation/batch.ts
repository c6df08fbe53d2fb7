import { parseAspectRatios } from '../aspect-ratio.ts';
import type { SlotPlan } from '../entities/slot.ts';

/**
 * The spec's job count rule (section 4, generate_creatives rules 3–6):
 * combinations = (selected angles, or 1 empty angle) × (aspect ratios);
 * jobs = combinations × max(1, floor(volume / combinations)).
 * So volume is rounded down to a multiple of the combinations, and never below one image per
 * combination (which can exceed the requested volume).
 */
export function batchSize(input: { angles: number; ratios: number; volume: number }): {
  combinations: number;
  perCombination: number;
  jobs: number;
} {
  const { angles, ratios, volume } = input;
  if (!Number.isInteger(angles) || angles < 0) throw new RangeError('angles must be a non-negative integer');
  if (!Number.isInteger(ratios) || ratios < 1) throw new RangeError('ratios must be a positive integer');
  if (!Number.isInteger(volume) || volume < 1) throw new RangeError('volume must be a positive integer');
  const combinations = Math.max(1, angles) * ratios;
  const perCombination = Math.max(1, Math.floor(volume / combinations));
  return { combinations, perCombination, jobs: combinations * perCombination };
}

/** One slot per image, angle-major, in a stable order so ids are deterministic. */
export function planSlots(
  angleIds: readonly string[],
  ratios: readonly string[],
  volume: number,
): SlotPlan[] {
  const { perCombination } = batchSize({ angles: angleIds.length, ratios: ratios.length, volume });
  const angles: (string | null)[] = angleIds.length > 0 ? [...angleIds] : [null];
  const slots: SlotPlan[] = [];
  for (let repeat = 0; repeat < perCombination; repeat++) {
    for (const angleId of angles) {
      for (const aspectRatio of ratios) slots.push({ index: slots.length, angleId, aspectRatio, repeat });
    }
  }
  return slots;
}

/**
 * A campaign's batch exactly as generate_creatives orders it: its ratio labels and one slot per
 * image. The dispatch and the estimate both call this, so an estimate's `jobs` is the job's.
 */
export function planCampaignBatch(campaign: {
  id: string;
  aspect_ratio: string;
  selected_angle_ids: readonly string[];
  volume: number;
}): { ratios: string[]; plans: SlotPlan[] } {
  const parsed = parseAspectRatios(campaign.aspect_ratio);
  if (!parsed.ok) throw new Error(`Stored campaign ${campaign.id} has an invalid aspect_ratio.`);
  const ratios = parsed.ratios.map((r) => r.label);
  return { ratios, plans: planSlots(campaign.selected_angle_ids, ratios, campaign.volume) };
}
