/** The sizes the renderer bench renders (its child and the parent share them). */

export const RENDER_SIZES = [
  { label: '1080x1080', ratio: { w: 1, h: 1 } },
  { label: '1080x1350', ratio: { w: 4, h: 5 } },
  { label: '1080x1920', ratio: { w: 9, h: 16 } },
  { label: '1200x628', ratio: { w: 191, h: 100 } },
] as const;

/** The Bedrock path's ratios: one portrait and one landscape stand-in visual serve them. */
export const CUT_SIZES = [
  { label: '1080x1080', ratio: { w: 1, h: 1 } },
  { label: '1080x1350', ratio: { w: 4, h: 5 } },
  { label: '1080x1920', ratio: { w: 9, h: 16 } },
  { label: '1920x1080', ratio: { w: 16, h: 9 } },
] as const;
