import type { CopyPlatform } from './types.ts';

/**
 * Character limits of ad copy per placement (as published by the networks in 2026; where a
 * network truncates rather than refuses, the limit is the length shown without truncation).
 *
 * | placement | headline | primary text | description | source |
 * |---|---|---|---|---|
 * | Meta feed / stories / Reels | 27 | 125 | 27 | Meta ads guide: text shown before "See more" |
 * | Google responsive display | 30 | 90 (long headline) | 90 | Google Ads responsive display ad specs |
 * | TikTok | 40 | 100 (ad text) | 100 | TikTok ads manager: ad text 1–100 |
 * | LinkedIn single image | 70 | 150 (intro text) | 100 | LinkedIn ads guide: before truncation |
 * | Pinterest | 100 | 500 | 500 | Pinterest pin title and description |
 * | X (Twitter) | 70 | 280 | 200 | X website card headline, post text |
 * | general (no platform) | 27 | 90 | 27 | the strictest of the above |
 *
 * The CTA label is kept to 20 characters (a button).
 */
export type CopyLimits = { headline: number; primary_text: number; description: number; cta: number };

export const PLATFORM_LIMITS: Record<CopyPlatform, CopyLimits> = {
  meta_feed: { headline: 27, primary_text: 125, description: 27, cta: 20 },
  meta_stories: { headline: 27, primary_text: 125, description: 27, cta: 20 },
  instagram_reels: { headline: 27, primary_text: 125, description: 27, cta: 20 },
  google_display: { headline: 30, primary_text: 90, description: 90, cta: 20 },
  tiktok: { headline: 40, primary_text: 100, description: 100, cta: 20 },
  linkedin: { headline: 70, primary_text: 150, description: 100, cta: 20 },
  pinterest: { headline: 100, primary_text: 500, description: 500, cta: 20 },
  x: { headline: 70, primary_text: 280, description: 200, cta: 20 },
  general: { headline: 27, primary_text: 90, description: 27, cta: 20 },
};

/** Ratios each placement serves, best first (w:h; 1.91:1 written as 191:100). */
export const PLATFORM_RATIOS: Record<CopyPlatform, string[]> = {
  meta_feed: ['4:5', '1:1'],
  meta_stories: ['9:16'],
  instagram_reels: ['9:16'],
  tiktok: ['9:16'],
  google_display: ['191:100', '1:1'],
  linkedin: ['1:1', '191:100'],
  pinterest: ['2:3'],
  x: ['16:9', '1:1'],
  general: ['1:1'],
};
