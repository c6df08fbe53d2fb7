/**
 * The SQS emulator: fauxqs in this process. With `dataDir`, queues and their messages (ready,
 * delayed and in flight, with receive counts) are written through to SQLite at
 * `<dataDir>/fauxqs.db` and restored on the next start.
 */
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type EmbeddedServer, startFauxqsServer } from './fauxqs.ts';

export type SqsEmulator = EmbeddedServer;

export type SqsEmulatorOptions = {
  /** 0 or undefined: pick a free port. */
  port?: number;
  /** Directory for the SQLite file; undefined: in memory. */
  dataDir?: string;
  /**
   * Region for queues made without a signed request. Requests signed by the SDK carry their
   * own region, which fauxqs uses for the queue's ARN and URL.
   */
  region?: string;
};

/**
 * Queue URLs look like `http://sqs.<region>.localhost:<port>/000000000000/<name>`. Give SQS
 * clients `endpoint` explicitly: with it set, the SDK sends every call there whatever host the
 * URL names (which is also the port of the run that created the queue, after a restart).
 */
export async function startSqsEmulator(options: SqsEmulatorOptions = {}): Promise<SqsEmulator> {
  const dataDir = options.dataDir ? resolve(options.dataDir) : undefined;
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return startFauxqsServer({
    port: options.port ?? 0,
    ...(dataDir ? { dataDir } : {}),
    ...(options.region ? { defaultRegion: options.region } : {}),
  });
}
