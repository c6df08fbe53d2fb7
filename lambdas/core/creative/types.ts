import type { BrandKit } from '../entities/brand-kit.ts';
import type { DrawnVisual, Visual } from '../images/types.ts';
import type { CreativeQuality } from './quality.schema.ts';

export type { CreativeQuality, LayoutFamily } from './quality.schema.ts';

/** A rectangle in canvas pixels. */
export type Box = { x: number; y: number; width: number; height: number };

/** Stories and Reels reserve the top and bottom for the app's own UI; feeds only need a margin. */
export type Placement = 'feed' | 'story';

/**
 * The words a creative may use, preferred first: every later headline or body is a shorter,
 * complete rewrite (never a cut of an earlier one). The engine takes the first that fits.
 */
export type CopyCandidates = {
  headlines: string[];
  bodies: string[];
  offer?: string | undefined;
  cta: string;
};

/** Thresholds a composed creative must meet before it is delivered (and charged). */
export type QualityGates = {
  /** WCAG contrast of every text against the pixels behind it. */
  minContrast: number;
  /** Multiplier on each layout's minimum type sizes (1 = the layout's own floor). */
  minTextScale: number;
};

export const DEFAULT_GATES: QualityGates = { minContrast: 4.5, minTextScale: 1 };

export type ComposeInput = {
  /** The background: a model visual or an offline scene, at width × height (encoded, or drawn on demand). */
  visual: Visual | DrawnVisual;
  /** `model` when an image model painted it (read its calm regions); `scene` for the offline template. */
  visualKind?: 'model' | 'scene' | undefined;
  width: number;
  height: number;
  aspectRatio: { w: number; h: number };
  copy: CopyCandidates;
  brand: BrandKit;
  /** Strings that must never be printed (the campaign's internal name). */
  excludeText?: string[] | undefined;
  /** The client's name, drawn as a wordmark when the kit has no logo. */
  clientName?: string | undefined;
  /** Encoded product image (PNG/JPEG/WebP): cut out and placed by the layout. */
  product?: Buffer | undefined;
  /** Encoded logo image (PNG/JPEG/WebP). */
  logo?: Buffer | undefined;
  /** The kit names a logo that could not be loaded: a warning is recorded (or the slot fails). */
  logoMissing?: boolean | undefined;
  placement?: Placement | undefined;
  /** Which of the campaign's angles this is (0-based) and the slot's seed: they pick layout and variant. */
  angleIndex?: number | undefined;
  seed?: number | undefined;
  gates?: Partial<QualityGates> | undefined;
};

export type ComposedCreative = {
  png: Buffer;
  width: number;
  height: number;
  quality: CreativeQuality;
  /** The words as printed, per role (not stored: for checks that read what a creative says). */
  printed: Array<{ role: 'headline' | 'body' | 'offer' | 'cta' | 'wordmark'; text: string }>;
};
