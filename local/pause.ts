import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';

/**
 * `ADGEN_PAUSE_AT=<checkpoint>[:<progress>]` (e.g. `dispatch.slots_written:50`): the first time
 * that checkpoint is reached with at least that progress, print `paused at …` and never go on.
 * For the crash tests, which kill the process group at that moment; unset otherwise.
 *
 * With `ADGEN_RESUME_FILE=<path>` the pause holds only until that file exists (it is then
 * removed and `resumed at …` printed), and `ADGEN_PAUSE_AT` may list several moments separated
 * by commas: each dispatch (from its `dispatch.reserved`) pauses at most once, at the next moment
 * of the list. For tests that act at a known moment of a dispatch and let it go on.
 */
export function pauseAt(spec: string | undefined, resumeFile: string | undefined) {
  if (!spec) return undefined;
  const moments = spec.split(',').map((moment) => {
    const [name, at = '0'] = moment.split(':');
    return { name, at: Number(at) };
  });
  let next = 0;
  let armed = true;
  return async (checkpoint: string, progress: number) => {
    if (checkpoint === 'dispatch.reserved' && resumeFile) armed = true;
    const moment = moments[next];
    if (!armed || !moment || checkpoint !== moment.name || progress < moment.at) return;
    armed = false;
    next += 1;
    console.log(`paused at ${checkpoint} ${progress}`);
    if (!resumeFile) await new Promise(() => {});
    else {
      while (!existsSync(resumeFile)) await new Promise((r) => setTimeout(r, 25));
      await rm(resumeFile, { force: true });
      console.log(`resumed at ${checkpoint} ${progress}`);
    }
  };
}
