import type { BrandKit } from '../entities/brand-kit.ts';

/** What the generation worker asks an image model for: the visual only, never the ad's text. */
export type VisualRequest = {
  prompt: string;
  negativePrompt: string;
  /** The delivery size; a model generates at its nearest supported size and we resize/crop. */
  width: number;
  height: number;
  aspectRatio: { w: number; h: number };
  /** Deterministic per slot, so a retried slot asks for the same image. */
  seed: number;
  brand: Pick<BrandKit, 'colors'>;
  /** The angle's visual style (free text), e.g. "bold flat colour blocks, high contrast". */
  visualStyle: string;
  /** Decoded product image (PNG/JPEG/WebP bytes) when the campaign has one. */
  productImage?: Buffer | undefined;
};

export type Visual = {
  /** PNG bytes at exactly width × height. */
  png: Buffer;
  width: number;
  height: number;
  /** Model id that made it, e.g. `template-v1` or `stability.sd3-5-large-v1:0`. */
  model: string;
  seed: number;
};

export interface ImageModel {
  readonly id: string;
  generate(request: VisualRequest): Promise<Visual>;
}

/** Content filter, invalid request: retrying cannot help. The slot fails and its credit returns. */
export class PermanentImageError extends Error {
  override name = 'PermanentImageError';
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super(message);
  }
}

/** Throttling, timeouts, 5xx: left to queue redelivery with backoff. */
export class TransientImageError extends Error {
  override name = 'TransientImageError';
  /** The model refused the call for its request rate or quota (counted as a throttle). */
  readonly throttled: boolean;
  constructor(message: string, options: { throttled?: boolean } = {}) {
    super(message);
    this.throttled = options.throttled ?? false;
  }
}
