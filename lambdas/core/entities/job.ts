// The job entity, one module per job under job/ (declaration, the liveness fence, reads, ordering
// with its credits, status, deletion); callers import it here.
export { createJobReservingCredits } from './job/create.ts';
export { closeJobForDeletion, deleteJobRecords } from './job/delete.ts';
export { type Job, jobEntity, jobFromItem, newJobItem } from './job/entity.ts';
export { JOB_IS_LIVE, JobClosedError, jobIsLive } from './job/live.ts';
export {
  getJob,
  jobsOfCampaign,
  listJobs,
  listOpenJobs,
  openJobsOfAccount,
  openJobsOfCampaign,
} from './job/read.ts';
export { finalizeJobIfDone, finalStatus, jobView, markJobDispatched, markJobRunning } from './job/status.ts';
