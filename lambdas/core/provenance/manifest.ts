import type { DigitalSourceType } from './xmp.ts';

/** What a C2PA manifest would state about a creative (ADR 0041). */
export type ProvenanceClaim = {
  claimGenerator: { name: 'adgen'; version: string };
  /** `c2pa.created` (the visual), `c2pa.placed` (each ingredient composited onto it). */
  actions: { action: 'c2pa.created' | 'c2pa.placed'; digitalSourceType?: DigitalSourceType }[];
  /** The model visual and the customer's assets that went into the creative. */
  ingredients: {
    title: string;
    relationship: 'componentOf';
    kind: 'model_visual' | 'photo' | 'product' | 'logo';
  }[];
};

/**
 * Embeds a signed C2PA manifest into a PNG. Behind this interface so that a signer that installs
 * from the registry and signs with a key the stack provisions can be plugged in without touching
 * the worker (ADR 0041 records why none is plugged in yet).
 */
export interface ManifestWriter {
  /** The PNG with the manifest embedded, or undefined when this writer embeds none. */
  embed(png: Buffer, claim: ProvenanceClaim): Promise<Buffer | undefined>;
}

/** The writer in use until a signer is available: embeds nothing, so `c2pa` reads `none`. */
export const noManifest: ManifestWriter = { embed: async () => undefined };
