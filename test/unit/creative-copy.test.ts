import { describe, expect, it } from 'vitest';
import { usableCopy } from '#core/creative/copy.ts';
import type { Angle } from '#core/entities/angle.ts';
import type { Campaign } from '#core/entities/campaign.ts';
import { creativeCopyCandidates } from '#core/text/campaign-copy.ts';
import { restatesOffer } from '#core/text/policy/copy-policy.ts';
import { copyCandidates } from '#generate/process-slot.ts';
import { creativeCopy } from '#generate/prompt.ts';

const campaign = {
  name: 'Spring launch',
  offer_text: '30% off your first bag',
  cta_text: 'Shop now',
} as Campaign;
const angle = { hook: 'Still tired of stale beans? Ember & Oak was made for exactly that.' } as Angle;

describe('the words on a creative', () => {
  it("leads with the angle's hook, then shorter prepared headlines, and never repeats the offer", () => {
    const copy = creativeCopy({
      campaign,
      angle,
      prepared: [
        {
          headline: '30% off your first bag',
          primary_text: 'Still tired of stale beans? 30% off your first bag. Roasted Monday.',
        },
        { headline: 'Beans roasted this Monday', primary_text: 'Roasted Monday, at your door by Thursday.' },
        { headline: 'Fresh beans' },
      ],
    });
    expect(copy.headlines).toEqual([
      'Still tired of stale beans?',
      'Beans roasted this Monday',
      'Fresh beans',
    ]);
    expect(copy.offer).toBe('30% off your first bag');
    expect(copy.bodies).toEqual(['Roasted Monday, at your door by Thursday.', 'Roasted Monday.']);
    expect(copy.cta).toBe('Shop now');
  });

  it('never heads the picture with a hook sentence that says the offer again in other words', () => {
    const offerCampaign = {
      name: 'Feb push',
      offer_text: '£20 off any EICR in February',
      cta_text: 'Get a quote',
    } as Campaign;
    const copy = creativeCopyCandidates({
      campaign: offerCampaign,
      angle: { hook: "Electricians who don't turn up? £20 off any EICR in feb." } as Angle,
      brandKit: { tagline: '', banned_words: [] },
      clientName: 'Acme Electrical',
    });
    expect(copy.offer).toBe('£20 off any EICR in February');
    expect(copy.headlines[0]).toBe("Electricians who don't turn up?");
    expect(copy.headlines.join(' ')).not.toMatch(/in feb/);
    expect(copy.bodies.join(' ')).not.toMatch(/in feb/);
    expect(restatesOffer('£20 off any EICR in feb', '£20 off any EICR in February')).toBe(true);
    expect(restatesOffer('£20 off your first boiler service', '£20 off any EICR in February')).toBe(false);
    expect(restatesOffer('Free parking on site', 'Free consultation')).toBe(false);
  });

  it('never offers the campaign name as a headline, and falls back to the tagline', () => {
    const copy = creativeCopy({
      campaign,
      angle: undefined,
      prepared: [{ headline: 'Spring launch' }, { headline: '30% off your first bag' }],
      tagline: 'Roasted this week, not this year.',
    });
    expect(copy.headlines).toEqual(['Roasted this week, not this year.']);
  });

  it('drops placeholders, brief labels, ellipses, the campaign name and banned words before layout', () => {
    const clean = usableCopy(
      {
        headlines: [
          'Untitled Campaign',
          'Proof points: 4.9 stars from 2,000 patients',
          'Invisalign and same-d…',
          'Spring launch',
          'Cheapest smiles in town',
          'Gentle care',
        ],
        bodies: ['Pain points: fear of the drill', 'Evening appointments.'],
        cta: 'Book',
      },
      ['cheapest'],
      ['Spring launch'],
    );
    // A candidate with a banned word is dropped whole: cutting the word out would print a fragment.
    expect(clean.headlines).toEqual(['Gentle care']);
    expect(clean.dropped).toContain('Cheapest smiles in town');
    expect(clean.bodies).toEqual(['Evening appointments.']);
    expect(clean.dropped.length).toBe(6);
  });

  it("prints the caller's own CTA, claim words included, and still refuses an untraced one", () => {
    const input = {
      campaign: { name: 'Q3 push', cta_text: 'Start free', offer_text: '', platform_target: [] },
      angle: { name: 'Angle 1', hook: 'Payroll done in ten minutes.' },
      brandKit: { tagline: '', banned_words: [] },
    };
    expect(creativeCopyCandidates(input).cta).toBe('Start free');
    // A CTA the model wrote with a claim nobody stated is replaced by the catalogue's label.
    const invented = creativeCopyCandidates({
      ...input,
      campaign: { ...input.campaign, cta_text: '', offer_text: '' },
      prepared: { headline: 'Payroll done in ten minutes', cta: 'Start free' },
    });
    expect(invented.cta).not.toMatch(/free/i);
  });
});

describe("a slot's copy candidates in the angle's language", () => {
  it('never cuts a German date or an abbreviation into a headline of its own', () => {
    const hook =
      'Aktion bis 15. März: Backofen gratis zur Küche. Seit 1990 im Ort, max. 4 Wochen Lieferzeit.';
    const germanAngle = { hook, name: 'Aktion', language: 'de' } as Angle;
    const candidates = copyCandidates(
      { ...campaign, offer_text: '', cta_text: 'Termin buchen' } as Campaign,
      germanAngle,
      { tagline: '', banned_words: [] },
      [],
      'Küchen Haas',
    );
    expect(candidates.headlines).toContain('Aktion bis 15. März: Backofen gratis zur Küche');
    for (const h of candidates.headlines) expect(h).not.toMatch(/(?:15|max)\.?$|^März/u);
  });
});
