import { createServer as createNetServer } from 'node:net';

/** Thrown before anything starts when the API's port is taken. */
export class PortInUseError extends Error {
  override name = 'PortInUseError';
}

/**
 * Fails at once, in one line, when `port` cannot be listened on — before the emulators start,
 * so a busy port costs a second, not a full start-up and a stack trace.
 */
export async function assertPortFree(port: number, host = '127.0.0.1'): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(
              `Port ${port} on ${host} is already in use; stop what runs there or start with PORT=<another port>.`,
            )
          : error,
      ),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
