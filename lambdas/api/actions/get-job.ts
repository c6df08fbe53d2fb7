import * as z from 'zod';
import { getJob, jobView } from '#core/entities/job.ts';
import { NotFoundError } from '#core/errors.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

export const getJobAction = defineAction({
  name: 'get_job',
  credential: 'api_key',
  input: z.strictObject({ job_id: id('job_id') }),
  run: async (input, { principal, deps }) => {
    const job = await getJob(deps, principal.accountId, input.job_id);
    if (!job) throw new NotFoundError('job', input.job_id);
    return { job: jobView(job) };
  },
});
