import { describe, expect, it } from 'vitest';
import type { Angle } from '#core/entities/angle.ts';
import type { Campaign } from '#core/entities/campaign.ts';
import { creativeCopy } from '#generate/prompt.ts';

const campaign = {
  name: 'Spring launch',
  offer_text: '30% off your first bag',
  cta_text: 'Shop now',
} as Campaign;
const angle = { hook: 'Still tired of stale beans? Ember & Oak was made for exactly that.' } as Angle;

describe('the words on a creative', () => {
  it("headlines the angle's hook and never repeats the offer in the headline or the body", () => {
    const copy = creativeCopy({
      campaign,
      angle,
      prepared: {
        headline: '30% off your first bag',
        primary_text: 'Still tired of stale beans? 30% off your first bag. Roasted Monday.',
      },
    });
    expect(copy.headline).toBe('Still tired of stale beans?');
    expect(copy.offer).toBe('30% off your first bag');
    expect(copy.body).toBe('Roasted Monday.');
    expect(copy.cta).toBe('Shop now');
  });

  it('falls back to the prepared headline, then the campaign name, without an angle', () => {
    expect(
      creativeCopy({ campaign, angle: undefined, prepared: { headline: 'Fresh every Monday' } }).headline,
    ).toBe('Fresh every Monday');
    expect(
      creativeCopy({ campaign, angle: undefined, prepared: { headline: '30% off your first bag' } }).headline,
    ).toBe('Spring launch');
  });
});
