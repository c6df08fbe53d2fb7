import * as z from 'zod';
import { getCampaign } from '#core/entities/campaign.ts';
import { type ImageLink, listCreativesOfCampaign, toCreative } from '#core/entities/creative.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id, pageResult, pagination } from '../schemas.ts';

/**
 * A campaign's creatives, newest first. By default only the finished images, so that polling
 * until the expected count works as the spec describes; `status` shows the rest.
 *
 * The presigner is loaded on the first page that has an image (no other action needs it) and
 * signs the whole page with one resolution of the credentials and one cached signing key.
 */
export const listCreativesAction = defineAction({
  name: 'list_creatives',
  credential: 'api_key',
  input: z.strictObject({
    campaign_id: id('campaign_id'),
    status: z.enum(['succeeded', 'pending', 'failed', 'all']).default('succeeded'),
    ...pagination,
  }),
  run: async (input, { principal, deps }) => {
    if (!(await getCampaign(deps, principal.accountId, input.campaign_id))) {
      throw new NotFoundError('campaign', input.campaign_id);
    }
    const page = await listCreativesOfCampaign(deps, principal.accountId, input.campaign_id, input.status, {
      limit: input.limit,
      nextToken: input.next_token,
    });
    let link: (s3Key: string) => ImageLink = () => {
      throw new Error('a slot without an image has no link');
    };
    if (page.items.some((slot) => slot.status === 'succeeded')) {
      const { presignerFor } = await import('#core/s3/presign.ts');
      const presigner = await presignerFor(deps.s3, deps.config.endpoints.s3);
      const batch = await presigner.batch(deps.config.bucketName, deps.config.presignTtlSeconds, deps.now());
      const expiresAt = batch.expiresAt.toISOString();
      link = (s3Key) => ({ url: batch.url(s3Key), expiresAt });
    }
    return pageResult('creatives', {
      items: page.items.map((slot) => toCreative(slot, link)),
      nextToken: page.nextToken,
    });
  },
});
