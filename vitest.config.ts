import { defineConfig } from 'vitest/config';
import { LongFirstSequencer } from './test/sequencer.ts';

/**
 * Four projects: `unit` (no I/O), `integration` (the handlers against the local emulators,
 * started once per run by the global setup), `infra` (CDK synth and cdk-nag) and `e2e` (the
 * gallery in headless Chromium). Run one with
 * `npx vitest run --project integration`.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    // Two cores here; the integration project also runs a JVM and a Node child beside the workers.
    maxWorkers: 2,
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The SDK needs credentials to sign; the emulators accept any.
          env: {
            AWS_ACCESS_KEY_ID: 'local',
            AWS_SECRET_ACCESS_KEY: 'local',
            AWS_EC2_METADATA_DISABLED: 'true',
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // The gallery in headless Chromium (Debian's `chromium`) against a local stack it starts.
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
