/**
 * The platforms a campaign can target. The spec leaves the allowed values open; these are the
 * placements agencies buy most, named `<network>_<placement>` where one network has several.
 * docs/decisions/0004-api-conventions.md documents the list.
 */
export const PLATFORM_TARGETS = [
  'meta_feed',
  'meta_stories',
  'instagram_reels',
  'tiktok',
  'linkedin',
  'google_display',
  'pinterest',
  'x',
] as const;

export type PlatformTarget = (typeof PLATFORM_TARGETS)[number];
