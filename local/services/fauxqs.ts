/**
 * Loading fauxqs (in-process SQS/SNS/S3 emulator). It needs `node:sqlite` (Node >= 22.5), so it
 * is imported lazily with a clear message, and one persistence bug of fauxqs 2.4 is patched.
 */
import { Server } from 'node:net';
import type { FauxqsServer } from 'fauxqs';

type Fauxqs = typeof import('fauxqs');
export type StartFauxqsOptions = NonNullable<Parameters<Fauxqs['startFauxqs']>[0]>;

let loaded: Promise<Fauxqs> | undefined;

/**
 * fauxqs 2.4's SQLite store marks a message visible again (ChangeMessageVisibility with
 * VisibilityTimeout 0) with `approximate_receive_count = NULL`, which its own NOT NULL column
 * refuses: the call answers 500 after the message was already taken out of flight, so the
 * message vanishes until the next restart. Replace that one statement with the one fauxqs
 * uses for its other back-ends (clear the receipt handle and deadline, keep the counters).
 * Only applies when persistence is on; checks the shape it patches and leaves anything else
 * alone (a later fauxqs may have fixed it differently).
 */
async function patchPersistence(): Promise<void> {
  let url: string;
  try {
    url = new URL('./persistence.js', import.meta.resolve('fauxqs')).href;
  } catch {
    return;
  }
  type Manager = { db?: { prepare(sql: string): { run(...args: unknown[]): unknown } } };
  const mod = (await import(url).catch(() => undefined)) as
    | { PersistenceManager?: { prototype: Record<string, unknown> } }
    | undefined;
  const proto = mod?.PersistenceManager?.prototype;
  if (!proto || typeof proto.updateMessageReady !== 'function' || proto.adgenPatched) return;
  proto.updateMessageReady = function updateMessageReady(this: Manager, messageId: string) {
    if (!this.db) throw new Error('fauxqs persistence has no database handle');
    this.db
      .prepare(
        'UPDATE sqs_messages SET receipt_handle = NULL, visibility_deadline = NULL WHERE message_id = ?',
      )
      .run(messageId);
  };
  proto.adgenPatched = true;
}

export function loadFauxqs(): Promise<Fauxqs> {
  loaded ??= (async () => {
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    if (major < 22 || (major === 22 && minor < 5)) {
      throw new Error(
        `fauxqs needs Node.js >= 22.5 (node:sqlite); this is ${process.version}. ` +
          'Run through npm scripts or npx, which use the node devDependency (24).',
      );
    }
    const fauxqs = await import('fauxqs');
    await patchPersistence();
    return fauxqs;
  })();
  return loaded;
}

/**
 * fauxqs 2.4 listens on 0.0.0.0 whatever `host` says (it passes `host` only into queue URLs), so
 * anyone on the network could read the creatives and the queue. While fauxqs servers start, a
 * listen on 0.0.0.0 from this process is turned into one on 127.0.0.1. Counted, because the
 * SQS and S3 servers start at the same time; nothing else listens during that window.
 */
let loopbackStarts = 0;
let originalListen: typeof Server.prototype.listen | undefined;

async function onLoopback<T>(start: () => Promise<T>): Promise<T> {
  if (loopbackStarts++ === 0) {
    const original = Server.prototype.listen;
    originalListen = original;
    Server.prototype.listen = function listen(this: Server, ...args: unknown[]) {
      const [first] = args;
      if (first && typeof first === 'object' && (first as { host?: string }).host === '0.0.0.0') {
        args[0] = { ...first, host: '127.0.0.1' };
      } else if (args[1] === '0.0.0.0') {
        args[1] = '127.0.0.1';
      }
      return (original as (...a: unknown[]) => Server).apply(this, args);
    } as typeof Server.prototype.listen;
  }
  try {
    return await start();
  } finally {
    if (--loopbackStarts === 0 && originalListen) Server.prototype.listen = originalListen;
  }
}

export type EmbeddedServer = { endpoint: string; port: number; stop(): Promise<void> };

/** Starts one fauxqs server; its endpoint is always `http://127.0.0.1:<port>`. */
export async function startFauxqsServer(options: StartFauxqsOptions): Promise<EmbeddedServer> {
  const { startFauxqs } = await loadFauxqs();
  // Loopback only: the emulators hold creatives and queue messages and check no credentials.
  const server: FauxqsServer = await onLoopback(() =>
    startFauxqs({ logger: false, ...options, host: '127.0.0.1', port: options.port ?? 0 }),
  );
  let stopping: Promise<void> | undefined;
  return {
    endpoint: `http://127.0.0.1:${server.port}`,
    port: server.port,
    stop: () => {
      stopping ??= server.stop();
      return stopping;
    },
  };
}
