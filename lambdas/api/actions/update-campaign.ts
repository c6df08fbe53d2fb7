import * as z from 'zod';
import { getCampaignForUpdate, updateCampaign } from '#core/entities/campaign.ts';
import { getJob, openJobsOfCampaign } from '#core/entities/job.ts';
import { ConflictError, NotFoundError } from '#core/errors.ts';
import { isFinalJobStatus } from '#core/job-status.ts';
import { refuseOwnStorageUrls } from '#core/net/own-storage.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';
import { checkPhotos, checkProduct, createCampaignInput } from './create-campaign.ts';

/**
 * create_campaign's fields with create_campaign's validation, each optional and without its
 * default (a field left out keeps its value). The client cannot change: a campaign's angles,
 * assets and creatives belong to its client.
 */
const { client_id: _client, use_brand_kit: _brandKit, ...createFields } = createCampaignInput.shape;
const updatable = Object.fromEntries(
  Object.entries(createFields).map(([name, schema]) => [
    name,
    (schema instanceof z.ZodDefault ? schema.unwrap() : schema).optional(),
  ]),
) as { [K in keyof typeof createFields]: z.ZodOptional<UnwrapDefault<(typeof createFields)[K]>> };
type UnwrapDefault<S> = S extends z.ZodDefault<infer I> ? I : S;

export const updateCampaignInput = z.strictObject({ campaign_id: id('campaign_id'), ...updatable });

/**
 * Updates a campaign. Refused with 409 while one of its jobs is not final: the worker reads the
 * campaign for every image, so a batch would otherwise mix old and new fields. The prepared copy
 * is dropped and written again by the next generation.
 */
export const updateCampaignAction = defineAction({
  name: 'update_campaign',
  credential: 'api_key',
  input: updateCampaignInput,
  run: async ({ campaign_id, ...fields }, { principal, deps }) => {
    refuseOwnStorageUrls(deps.config, {
      product_image_url: fields.product_image_url,
      reference_image_url: fields.reference_image_url,
    });
    const read = await getCampaignForUpdate(deps, principal.accountId, campaign_id);
    if (!read) throw new NotFoundError('campaign', campaign_id);
    const { campaign } = read;
    const given = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    ) as typeof fields;
    await checkProduct(deps, principal.accountId, campaign.client_id, {
      product_asset_id:
        given.product_asset_id === undefined ? campaign.product_asset_id : given.product_asset_id,
      product_image_url:
        given.product_image_url === undefined ? campaign.product_image_url : given.product_image_url,
    });
    if (given.photo_asset_ids)
      await checkPhotos(deps, principal.accountId, campaign.client_id, given.photo_asset_ids);
    const running = await openJobsOfCampaign(deps, principal.accountId, campaign_id);
    // The index of a campaign's jobs is read eventually: its latest order, strongly. The write
    // below is conditional on no order since (ADR 0031).
    const latest = read.lastJobId ? await getJob(deps, principal.accountId, read.lastJobId) : undefined;
    if (latest && !isFinalJobStatus(latest.status) && !running.some((j) => j.job_id === latest.job_id)) {
      running.push(latest);
    }
    if (running.length > 0) {
      throw new ConflictError(
        'The campaign has a job running; update it once the job is finished or cancelled.',
        {
          job_ids: running.map((j) => j.job_id),
        },
      );
    }
    const { reference_image_url, product_image_url, product_asset_id, ...rest } = given;
    return {
      campaign: await updateCampaign(deps, principal.accountId, read, {
        ...rest,
        ...(reference_image_url === undefined ? {} : { reference_image_url }),
        ...(product_image_url === undefined ? {} : { product_image_url }),
        ...(product_asset_id === undefined ? {} : { product_asset_id }),
      }),
    };
  },
});
