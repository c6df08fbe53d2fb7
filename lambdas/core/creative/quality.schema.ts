/** The layout families and the quality a creative measured: schema, stored on the slot. */

export const LAYOUT_FAMILIES = [
  'side-by-side',
  'calm-overlay',
  'offer-led',
  'typographic',
  'brand-block',
] as const;
export type LayoutFamily = (typeof LAYOUT_FAMILIES)[number];

/** What a creative measured after composing; stored on the creative and returned by list_creatives. */
export type CreativeQuality = {
  layout: LayoutFamily;
  /** Lowest WCAG contrast of any text box against the rendered pixels behind it. */
  min_contrast: number;
  /** Smallest rendered type size in px. */
  min_text_px: number;
  /** Share of the canvas covered by text boxes, in percent. */
  text_area_pct: number;
  safe_zone_ok: boolean;
  banned_words: number;
  product_visible: boolean | null;
  /** The logo's measured contrast reaches 3:1 (null without a logo: a wordmark is drawn). */
  logo_visible: boolean | null;
  /** WCAG contrast of the logo's ink against the pixels (or plate) under it. */
  logo_contrast: number | null;
  /** Where the text went on the visual and how busy that region was (0 = flat). */
  text_region?: { name: string; busy: number } | undefined;
  /** Every text box as laid out (canvas px), so a caller can check the measure. */
  boxes: Array<{
    role: 'headline' | 'body' | 'offer' | 'cta' | 'wordmark';
    x: number;
    y: number;
    width: number;
    height: number;
  }>;
  /** Re-layouts before the creative passed its gates. */
  relayouts: number;
  warnings?: string[] | undefined;
};
