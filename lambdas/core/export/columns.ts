/**
 * The column sets of the two import files (ADR 0042 names the templates and their versions).
 * Data, not code: when a platform renames a column, this is the one place that changes.
 */

/** Meta Ads Manager's bulk import ("Export & import" spreadsheet), image ads. */
export const META_COLUMNS = [
  'Campaign Name',
  'Ad Set Name',
  'Ad Name',
  'Body',
  'Title',
  'Link Description',
  'Call to Action',
  'Link',
  'Image File Name',
] as const;

/** The Meta placements a creative can be bought for, and the ad set name suffix of each. */
export const META_PLACEMENTS = {
  meta_feed: 'Feed',
  meta_stories: 'Stories',
  instagram_reels: 'Reels',
} as const;

/** Google Ads Editor's CSV import, responsive display ads. */
export const GOOGLE_COLUMNS = [
  'Campaign',
  'Ad group',
  'Ad type',
  'Headline 1',
  'Long headline',
  'Description 1',
  'Business name',
  'Final URL',
  'Call to action text',
  'Images',
  'Square images',
] as const;

export const GOOGLE_AD_TYPE = 'Responsive display ad';
