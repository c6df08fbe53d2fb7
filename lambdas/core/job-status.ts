/**
 * A job's statuses, in one place: the job entity, the API's result schema, the typed client and
 * the local gallery (served with these values, see local/gallery.ts) all take them from here.
 * No imports, so the client and the gallery carry nothing else with them.
 */
export const JOB_STATUSES = [
  'pending',
  'running',
  'completed',
  'partially_failed',
  'failed',
  'cancelled',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The statuses a job never leaves. */
export const FINAL_JOB_STATUSES = [
  'completed',
  'partially_failed',
  'failed',
  'cancelled',
] as const satisfies readonly JobStatus[];
export type FinalJobStatus = (typeof FINAL_JOB_STATUSES)[number];

export function isFinalJobStatus(status: string): status is FinalJobStatus {
  return (FINAL_JOB_STATUSES as readonly string[]).includes(status);
}
