/**
 * The S3 emulator: a second fauxqs server in this process, used for S3 only. With `dataDir`,
 * every object is a plain file (`<dataDir>/buckets/<bucket>/objects/<key>.data` beside a
 * `.meta.json` with its content type, ETag and metadata), read again on the next start.
 * Clients must use path-style addressing (`forcePathStyle: true`).
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type EmbeddedServer, startFauxqsServer } from './fauxqs.ts';

export type S3Emulator = EmbeddedServer;

export type S3EmulatorOptions = {
  /** 0 or undefined: pick a free port. */
  port?: number;
  /** Directory holding buckets and objects as files; undefined: in memory. */
  dataDir?: string;
};

export async function startS3Emulator(options: S3EmulatorOptions = {}): Promise<S3Emulator> {
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return startFauxqsServer({ port: options.port ?? 0, ...(dataDir ? { s3StorageDir: dataDir } : {}) });
}
