/**
 * Where SDK clients are created (`aws.ts`, `bedrock-clients.ts`) they pass through
 * {@link traced}. By default it returns the client as it is; the Lambda entry points install
 * the X-Ray capture of Powertools' Tracer (`lambdas/core/powertools.ts`) before building their
 * clients, so the local stack and the tests never load the X-Ray SDK.
 */
type Capture = <T>(client: T) => T;

let capture: Capture = (client) => client;

/** Installs the client capture (Lambda only). */
export function captureClientsWith(fn: Capture): void {
  capture = fn;
}

/** The client, instrumented when a capture is installed. */
export function traced<T>(client: T): T {
  return capture(client);
}
