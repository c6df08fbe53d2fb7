import type { LayoutFamily } from '../types.ts';
import { brandBlock } from './brand-block.ts';
import { calmOverlay } from './calm-overlay.ts';
import { offerLed } from './offer-led.ts';
import { sideBySide } from './side-by-side.ts';
import type { Layout } from './types.ts';
import { typographic } from './typographic.ts';

export const LAYOUTS: Record<LayoutFamily, Layout> = {
  'side-by-side': sideBySide,
  'calm-overlay': calmOverlay,
  'offer-led': offerLed,
  typographic,
  'brand-block': brandBlock,
};

export type Content = {
  hasProduct: boolean;
  modelVisual: boolean;
  hasOffer: boolean;
  /** An offline picture of the business (not the brand field alone): shown in a brand-block card. */
  scenePicture?: boolean | undefined;
};

/**
 * The layout families to try, in order. Content decides which are open: without a product or a
 * model visual there is nothing to show but the brand, so typographic and brand-block; an offer
 * opens offer-led. The angle then rotates the order (so a campaign's angles lead with different
 * families) and the rest follow as fallbacks for copy that does not fit.
 */
export function familyOrder(content: Content, angleIndex: number): LayoutFamily[] {
  let open: LayoutFamily[];
  if (!content.hasProduct && !content.modelVisual && content.scenePicture)
    return ['brand-block', 'typographic'];
  if (!content.hasProduct && !content.modelVisual) open = ['typographic', 'brand-block'];
  else if (content.modelVisual)
    open = [
      'calm-overlay',
      'side-by-side',
      ...(content.hasOffer ? (['offer-led'] as const) : []),
      'brand-block',
    ];
  else
    open = [
      'side-by-side',
      ...(content.hasOffer ? (['offer-led'] as const) : []),
      'calm-overlay',
      'brand-block',
    ];
  const k = ((angleIndex % open.length) + open.length) % open.length;
  return [...open.slice(k), ...open.slice(0, k)];
}
