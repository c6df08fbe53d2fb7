/**
 * Vitest global setup of the `integration` project: starts the emulators once per run (in
 * memory, free ports) and hands their addresses to the test workers through `inject('localStack')`.
 */
import type { TestProject } from 'vitest/node';
import { type LocalEndpoints, startLocalServices } from '../../local/services/index.ts';

export type LocalStackContext = {
  region: string;
  endpoints: LocalEndpoints;
  /** Tokens of pool P carry `iss` = `${cognitoIssuerBase}/${P}`. */
  cognitoIssuerBase: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: LocalStackContext;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The emulators accept any credentials, but the SDK wants some to sign with.
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  const started = Date.now();
  const services = await startLocalServices({ inMemory: true, region: 'us-east-1' });
  if (process.env.ADGEN_TEST_VERBOSE) {
    console.log(`local services up in ${Date.now() - started} ms`, services.endpoints);
  }
  project.provide('localStack', {
    region: services.region,
    endpoints: services.endpoints,
    cognitoIssuerBase: services.cognitoIssuerBase,
  });
  return () => services.stop();
}
