import * as z from 'zod';
import { getCampaign } from '#core/entities/campaign.ts';
import { jobView, listJobs } from '#core/entities/job.ts';
import { NotFoundError } from '#core/errors.ts';
import { JOB_STATUSES } from '#core/job-status.ts';
import { defineAction } from '../action.ts';
import { id, pageResult, pagination } from '../schemas.ts';

/** The account's jobs (or one campaign's), newest first, optionally of one status. */
export const listJobsAction = defineAction({
  name: 'list_jobs',
  credential: 'api_key',
  input: z.strictObject({
    campaign_id: id('campaign_id').optional(),
    status: z.enum(JOB_STATUSES, { error: `must be one of ${JOB_STATUSES.join(', ')}` }).optional(),
    ...pagination,
  }),
  run: async (input, { principal, deps }) => {
    // An unknown campaign is a 404 rather than an empty list, so a typo in the id is visible.
    if (input.campaign_id && !(await getCampaign(deps, principal.accountId, input.campaign_id))) {
      throw new NotFoundError('campaign', input.campaign_id);
    }
    const page = await listJobs(
      deps,
      principal.accountId,
      { campaignId: input.campaign_id, status: input.status },
      { limit: input.limit, nextToken: input.next_token },
    );
    return pageResult('jobs', { items: page.items.map(jobView), nextToken: page.nextToken });
  },
});
