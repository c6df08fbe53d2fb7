import * as z from 'zod';
import { jobView } from '#core/entities/job.ts';
import { NotFoundError } from '#core/errors.ts';
import { cancelJob } from '#core/generation/cancel.ts';
import { defineAction } from '../action.ts';
import { id } from '../schemas.ts';

/**
 * Cancels the job's images that have not started and returns their credits; running ones
 * finish. Answers the job with its counts and the credits this call released (0 for a job
 * already final, so a retry is harmless).
 */
export const cancelJobAction = defineAction({
  name: 'cancel_job',
  credential: 'api_key',
  input: z.strictObject({ job_id: id('job_id') }),
  run: async (input, { principal, deps }) => {
    const result = await cancelJob(deps, principal.accountId, input.job_id);
    if (!result) throw new NotFoundError('job', input.job_id);
    return { job: jobView(result.job), credits_released: result.creditsReleased };
  },
});
