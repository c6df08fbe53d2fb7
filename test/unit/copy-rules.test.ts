import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORM_TARGETS } from '#core/platforms.ts';
import { writeCampaignCopy } from '#core/text/campaign-copy.ts';
import {
  containsBannedWord,
  enforceCopyRules,
  fitToLimit,
  removeBannedWords,
} from '#core/text/copy-rules.ts';
import { createHeuristicTextModel } from '#core/text/heuristic-model.ts';
import { PLATFORM_LIMITS } from '#core/text/platform-limits.ts';
import type { CopyPlatform } from '#core/text/types.ts';

const charCount = (s: string) => [...s].length;

describe('fitToLimit', () => {
  it('cuts at a word boundary without a dangling connective', () => {
    expect(fitToLimit('Fresh coffee for the people who love it', 22)).toBe('Fresh coffee');
    expect(fitToLimit('Short', 27)).toBe('Short');
    expect(fitToLimit('Supercalifragilistic', 5)).toBe('Super');
  });

  it('never exceeds the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 1, max: 200 }), (text, max) => {
        expect(charCount(fitToLimit(text, max))).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe('removeBannedWords', () => {
  it('removes whole words in any case and keeps the sentence readable', () => {
    expect(removeBannedWords('The Cheapest coffee, cheap and fresh.', ['cheap', 'cheapest'])).toBe(
      'The coffee, and fresh.',
    );
    expect(removeBannedWords('Cheapskate approved', ['cheap'])).toBe('Cheapskate approved');
  });
});

describe('enforceCopyRules (any model, any brand kit)', () => {
  const words = [
    'coffee',
    'fresh',
    'best',
    'cheap',
    'guaranteed',
    'free',
    'now',
    'your',
    'morning',
    'ritual',
    'sale',
    'roast',
  ];
  const sentence = fc
    .array(fc.constantFrom(...words), { minLength: 1, maxLength: 60 })
    .map((w) => w.join(' '));
  const platform = fc.constantFrom<CopyPlatform>(...PLATFORM_TARGETS, 'general');

  it('keeps every field within its platform limits and free of banned words', () => {
    fc.assert(
      fc.property(
        platform,
        sentence,
        sentence,
        sentence,
        sentence,
        fc.uniqueArray(fc.constantFrom(...words), { maxLength: 6 }),
        (p, headline, primary, description, cta, banned) => {
          const out = enforceCopyRules(
            { angle_id: null, platform: p, headline, primary_text: primary, description, cta },
            banned,
          );
          const limits = PLATFORM_LIMITS[p];
          expect(charCount(out.headline)).toBeLessThanOrEqual(limits.headline);
          expect(charCount(out.primary_text)).toBeLessThanOrEqual(limits.primary_text);
          expect(charCount(out.description)).toBeLessThanOrEqual(limits.description);
          expect(charCount(out.cta)).toBeLessThanOrEqual(limits.cta);
          for (const field of [out.headline, out.primary_text, out.description, out.cta]) {
            expect(containsBannedWord(field, banned)).toBe(false);
          }
          expect(out.headline.length).toBeGreaterThan(0);
          expect(out.cta.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('holds for the offline engine over random brand kits targeting meta_feed and google_display', async () => {
    const model = createHeuristicTextModel();
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom('coffee', 'morning', 'fresh', 'off', 'shop', 'roast', 'first'), {
          maxLength: 4,
        }),
        fc.constantFrom('Playful and bold', 'Calm, premium', ''),
        fc.constantFrom(
          '',
          '30% off your first bag',
          'Free shipping on every roast this week only, no code needed',
        ),
        async (banned, tone, offer) => {
          const { copy: drafts } = await writeCampaignCopy({
            model,
            latestAngles: [],
            clientName: 'Ember & Oak',
            campaign: {
              name: 'Spring roast',
              cta_text: 'Shop the roast',
              offer_text: offer,
              platform_target: ['meta_feed', 'google_display'],
            },
            angles: [
              {
                id: 'a1',
                name: 'Pain point',
                hook: 'Still tired of stale supermarket coffee? Fresh roast every Monday.',
                awareness_level: 'problem_aware',
                visual_style: 'moody',
                copy_direction: 'empathy',
              },
            ],
            brand: {
              tone_of_voice: tone,
              tagline: 'Roasted Monday, yours by Thursday',
              banned_words: banned,
            },
          });
          expect(drafts.map((d) => d.platform).sort()).toEqual(['google_display', 'meta_feed']);
          for (const draft of drafts) {
            // The engine chooses fitting, clean candidates; the shared rules then change nothing.
            const out = enforceCopyRules(draft, banned);
            expect(out.headline).toBe(draft.headline);
            expect(out.primary_text).toBe(draft.primary_text);
            const limits = PLATFORM_LIMITS[draft.platform];
            expect(charCount(out.headline)).toBeLessThanOrEqual(limits.headline);
            expect(charCount(out.primary_text)).toBeLessThanOrEqual(limits.primary_text);
            for (const field of Object.values(out).filter((v): v is string => typeof v === 'string')) {
              expect(containsBannedWord(field, banned)).toBe(false);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
