import type { Job } from '#core/entities/job.ts';

/** A job as callers see it (get_job, list_jobs, cancel_job): the plan and dispatch state stay inside. */
export function jobView(job: Job) {
  const { angle_ids: _a, aspect_ratios: _r, client_id: _c, dispatch: _d, seed: _s, ...visible } = job;
  return visible;
}
