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
  /** What the stored brief says a picture of this business shows (ADR 0037). */
  picture?: { subject: string; category: string } | undefined;
};

export type Visual = {
  /** PNG (or, for a cut of a shared visual, JPEG) bytes at exactly width × height. */
  png: Buffer;
  width: number;
  height: number;
  /** Model id that made it, e.g. `template-v1` or `stability.sd3-5-large-v1:0`. */
  model: string;
  seed: number;
  /** The offline model found nothing relevant to show: the image is the brand's field alone. */
  blank?: boolean | undefined;
};

/**
 * Decoded opaque pixels: RGB, or RGBA with every alpha 255 when `channels` is 4 (a drawn scene
 * as resvg hands it over: dropping the alpha byte would cost a pass over fresh memory).
 */
export type RgbPixels = { data: Buffer; width: number; height: number; channels?: 3 | 4 | undefined };

/**
 * A visual that is not encoded: drawn in code (the offline scenes) or already decoded (a cut of a
 * shared model visual). The compositor asks for its pixels only when a layout shows or reads the
 * picture, at the scale it needs (1 = width × height), so a typographic creative never pays for
 * a scene and a card never pays for more pixels than it shows.
 */
export type DrawnVisual = {
  width: number;
  height: number;
  model: string;
  seed: number;
  pixels(scale: number): Promise<RgbPixels>;
  /** Resolves true when the drawing shows no picture (the brand's field alone). */
  blank?: (() => Promise<boolean>) | undefined;
  /**
   * Where the subject is (fractions of width and height), when the maker knows better than the
   * compositor's busy-ness grid: a client's photo, placed by attention (ADR 0059).
   */
  subject?: { x: number; y: number; width: number; height: number } | undefined;
};

/** How a model family is asked for a picture; `template` is the offline renderer. */
export type ModelFamily = 'template' | 'stability';

export interface ImageModel {
  readonly id: string;
  /** Which prompt writer and request shape it takes (absent: the offline template). */
  readonly family?: ModelFamily | undefined;
  generate(request: VisualRequest): Promise<Visual>;
  /** Models drawn in code: the same picture as `generate`, drawn only when and as large as needed. */
  draw?(request: VisualRequest): DrawnVisual;
  /**
   * The size the model paints a shape at (about one megapixel for Bedrock models). Models that
   * have one are paid per call: their visuals are shared across ratios (smart resize).
   */
  nativeSize?(ratio: { w: number; h: number }): { width: number; height: number };
  /** The family's background-removal task, when the deployment configures one. */
  removeBackground?(image: Buffer): Promise<Buffer>;
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
