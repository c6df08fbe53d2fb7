/** The progress bar of a job being followed (generate --wait). */
function formatDuration(ms: number) {
  const s = ms / 1000;
  return s < 60 ? `${s.toFixed(1)}s` : `${Math.floor(s / 60)}m${Math.round(s % 60)}s`;
}

export function progressLine(
  job: { jobs: number; succeeded: number; failed: number; status: string },
  elapsedMs: number,
): string {
  const done = job.succeeded + job.failed;
  const width = 24;
  const filled = job.jobs > 0 ? Math.round((done / job.jobs) * width) : 0;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${job.jobs} done, ${job.failed} failed, ${formatDuration(elapsedMs)} (${job.status})`;
}
