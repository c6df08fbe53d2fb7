import { v7 as uuidv7 } from 'uuid';
import type { AwsClients } from './aws.ts';
import type { Config } from './config.ts';
import { noTelemetry, type Telemetry } from './telemetry.ts';
import { deferredTextModel } from './text/deferred.ts';
import type { TextModel } from './text/types.ts';

/**
 * What the domain functions need from the outside world. Handlers build one per container;
 * tests build one against the local stack, with their own clock or ids where it matters.
 */
export type Deps = AwsClients & {
  config: Config;
  /** Time source; every timestamp written goes through it. */
  now: () => Date;
  /** UUIDv7: time-ordered, so sort keys built from ids list newest first. */
  newId: () => string;
  /** Angles and copy: the offline heuristic or a Bedrock model, by configuration, loaded on first use. */
  textModel: TextModel;
  /** Business metrics (EMF on Lambda); records nothing unless a handler passes one. */
  telemetry: Telemetry;
  /**
   * Called at named moments of multi-step writes (e.g. `dispatch.slots_written`, with how far it
   * got). A no-op in production; the local stack's crash tests pause here to kill the process
   * at a known moment.
   */
  checkpoint: (name: string, progress: number) => Promise<void>;
};

export function createDeps(config: Config, clients: AwsClients, overrides: Partial<Deps> = {}): Deps {
  return {
    ...clients,
    config,
    now: () => new Date(),
    newId: () => uuidv7(),
    textModel: overrides.textModel ?? deferredTextModel(config),
    telemetry: noTelemetry,
    checkpoint: async () => {},
    ...overrides,
  };
}
