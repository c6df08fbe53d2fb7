/**
 * The data folder of `npm start` ($ADGEN_DATA_DIR): one stack at a time, never committed.
 *
 * - A lock file names the process that holds the folder; a second `npm start` on it stops at once
 *   with that process's id, instead of sharing its database and rewriting its local.json. A lock
 *   whose process is gone (a crash, a kill -9) is taken over.
 * - A `.gitignore` of `*` inside makes git, and so Biome (which reads git's ignore files), skip the
 *   folder wherever it is, so local.json (the local API key and Cognito password) never shows in
 *   `git status` and the emulators' files never reach lint.
 */

import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE = 'adgen.lock';

export type LockHolder = { pid: number; hostname: string; started_at: string; base_url?: string };

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  readonly dataDir: string;
  readonly holder: LockHolder;
  constructor(dataDir: string, holder: LockHolder) {
    super(
      `${dataDir} is in use by another npm start (pid ${holder.pid}${holder.base_url ? `, ${holder.base_url}` : ''}, since ${holder.started_at}). Stop it (kill ${holder.pid}) or start this one with another ADGEN_DATA_DIR.`,
    );
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

const IGNORE_ALL =
  '# Written by npm start: local state (API key, passwords, emulator data), never committed.\n*\n';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(path: string): Promise<LockHolder | undefined> {
  try {
    const holder = JSON.parse(await readFile(path, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) ? holder : undefined;
  } catch {
    return undefined;
  }
}

export type DataDirClaim = {
  dataDir: string;
  /** Records where the stack serves, for the message a second start prints. */
  serving(baseUrl: string): Promise<void>;
  release(): Promise<void>;
};

/** Creates the folder if needed, makes it ignored, and takes its lock (or throws DataDirLockedError). */
export async function claimDataDir(dir: string): Promise<DataDirClaim> {
  const dataDir = resolve(dir);
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, '.gitignore'), IGNORE_ALL, { flag: 'wx' }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    },
  );
  const path = join(dataDir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, hostname: hostname(), started_at: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      // wx: created only if absent, so of two starts at the same moment exactly one wins.
      await writeFile(path, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // An empty lock is one being written this instant: read it again a moment later.
      const holder =
        (await readHolder(path)) ??
        (await new Promise((r) => setTimeout(r, 200)).then(() => readHolder(path)));
      // A holder on another machine (a shared folder) cannot be probed: it counts as alive.
      if (holder && (holder.hostname !== mine.hostname || alive(holder.pid))) {
        throw new DataDirLockedError(dataDir, holder);
      }
      if (attempt > 0) throw error;
      await rm(path, { force: true });
    }
  }
  return {
    dataDir,
    serving: (baseUrl) => writeFile(path, `${JSON.stringify({ ...mine, base_url: baseUrl })}\n`),
    release: async () => {
      if ((await readHolder(path))?.pid === process.pid) await rm(path, { force: true });
    },
  };
}
