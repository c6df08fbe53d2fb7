import * as z from 'zod';
import { getCampaign } from '#core/entities/campaign.ts';
import { getSlotByCreativeId } from '#core/entities/slot.ts';
import { NotFoundError } from '#core/errors.ts';
import { dispatchGeneration } from '#core/generation/dispatch.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

/** The largest seed the image models take (Stability's range; 0 asks for a random one). */
export const MAX_SEED = 4_294_967_294;

/**
 * Orders one new image for the same campaign, angle and aspect ratio as an existing creative: a
 * 1-image job through the same dispatch as generate_creatives (credit reserved and checked the
 * same way, same crash-safe plan), whose creative records `regenerated_from`. Without a seed the
 * new job's own seed applies, so the image differs from the one it redoes.
 */
export const regenerateCreativeAction = defineAction({
  name: 'regenerate_creative',
  credential: 'api_key',
  input: z.strictObject({
    creative_id: id('creative_id'),
    seed: z.number().int('must be an integer').min(0).max(MAX_SEED).optional(),
  }),
  run: async (input, { principal, deps, boundId }) => {
    const slot = await getSlotByCreativeId(deps, principal.accountId, input.creative_id);
    const campaign = slot && (await getCampaign(deps, principal.accountId, slot.campaign_id));
    if (!slot || !campaign) throw new NotFoundError('creative', input.creative_id);
    const job = await dispatchGeneration(
      deps,
      principal.accountId,
      campaign,
      {
        angleIds: slot.angle_id ? [slot.angle_id] : [],
        ratios: [slot.aspect_ratio],
        plans: [{ index: 0, angleId: slot.angle_id, aspectRatio: slot.aspect_ratio, repeat: 0 }],
        regeneratedFrom: slot.id,
        seed: input.seed,
      },
      boundId,
    );
    return { ...job, regenerated_from: slot.id };
  },
});
