import type { FontFamily } from '../../fonts.ts';
import type { BusyGrid, RelBox } from '../analysis.ts';
import type { FontFace } from '../fonts.ts';
import type { BrandPalette } from '../palette.ts';
import type { Box, LayoutFamily, Placement } from '../types.ts';

export type TextRole = 'headline' | 'body' | 'offer' | 'cta' | 'wordmark';

/** One text block, positioned and sized: what the renderer draws and the quality gate measures. */
export type PlacedText = Box & {
  role: TextRole;
  lines: string[];
  size: number;
  lineHeight: number;
  letterSpacing: number;
  faces: readonly FontFace[];
  weight: number;
  color: string;
  align: 'left' | 'center';
  /** Upper-case rendering of `lines` (already applied to them). */
  upper?: boolean | undefined;
};

export type Shape =
  | {
      kind: 'rect';
      box: Box;
      fill: string;
      opacity?: number | undefined;
      radius?: number | undefined;
      lift?: boolean | undefined;
    }
  | { kind: 'circle'; box: Box; fill: string; lift?: boolean | undefined }
  /** A panel of `color` at `alpha` over `box`, fading to nothing over `fade` px towards `towards`. */
  | {
      kind: 'scrim';
      box: Box;
      color: string;
      alpha: number;
      fade: number;
      towards: 'up' | 'down' | 'left' | 'right' | 'none';
    };

export type LayoutPlan = {
  family: LayoutFamily;
  /** Canvas colour under everything (shows where the visual is not drawn). */
  background: string;
  /** Where the visual is drawn (cover-cropped around `visualFocus`); none for pure colour layouts. */
  visualBox?: Box | undefined;
  /** Shapes drawn before the visual (blocks the visual's card sits on). */
  beneath?: Shape[] | undefined;
  /** Shapes drawn over the visual and under the product (colour fields, scrims). */
  under: Shape[];
  /** Where the product stands (its box already fitted to the cut-out's shape). */
  product?: Box | undefined;
  /** Shapes drawn over the product (badge, button). */
  over: Shape[];
  logo?: (Box & { chip?: string | undefined }) | undefined;
  texts: PlacedText[];
  /** The visual region the text was put on and its busy score, when the layout read the visual. */
  textRegion?: { name: string; busy: number } | undefined;
};

export type Fonts = {
  heading: FontFamily;
  body: FontFamily;
  headingFaces: FontFace[];
  bodyFaces: FontFace[];
  ctaFaces: FontFace[];
};

export type ChosenCopy = {
  headline: string;
  body?: string | undefined;
  offer?: string | undefined;
  cta: string;
};

export type LayoutContext = {
  width: number;
  height: number;
  placement: Placement;
  safe: Box;
  /** Short side in px. */
  u: number;
  palette: BrandPalette;
  fonts: Fonts;
  copy: ChosenCopy;
  /** Logo shape when the kit's logo loaded. */
  logo?: { width: number; height: number } | undefined;
  /** The client's name, drawn as a wordmark when there is no logo. */
  wordmark?: string | undefined;
  product?: { width: number; height: number } | undefined;
  grid: BusyGrid;
  visualKind: 'model' | 'scene';
  /** The visual's subject, so crops keep it and text avoids it. */
  salient: RelBox;
  /** Picks mirrorings and colour roles: derived from the angle and the seed. */
  variant: number;
  /** 0: a scrim only where the visual needs one; 1: always (a re-layout after a contrast failure). */
  scrimBias: number;
};

export type Layout = {
  family: LayoutFamily;
  plan(ctx: LayoutContext): LayoutPlan | undefined;
};
