import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { UnsupportedLanguageError } from '#core/errors.ts';
import { creativeCopyCandidates, writeCampaignCopy } from '#core/text/campaign-copy.ts';
import { generateCheckedAngles } from '#core/text/checked-angles.ts';
import { CTA_TYPES, containsCampaignName, endsMidPhrase, shortenCta } from '#core/text/copy.ts';
import { containsBannedWord } from '#core/text/copy-rules.ts';
import { createHeuristicTextModel, offlineAngles } from '#core/text/heuristic-model.ts';
import { loadNlp } from '#core/text/nlp.ts';
import { PLATFORM_LIMITS } from '#core/text/platform-limits.ts';
import type { AngleDraft, CopyPlatform } from '#core/text/types.ts';
import { untraced } from '#core/text/validate.ts';
import { type Brief, loadBriefs } from '../../scripts/copy-samples.ts';

const briefs = loadBriefs();
// The NLP library's one-time load can take seconds on a busy machine; not part of any test's time.
beforeAll(() => loadNlp(), 120_000);
const anglesOf = (b: Brief) =>
  offlineAngles({
    researchSummary: b.summary,
    language: b.language,
    clientName: b.client,
    bannedWords: b.brand.banned_words,
    toneOfVoice: b.brand.tone_of_voice,
  });

/** What a reader would call a slip in a hook or a name. */
function slips(text: string, kind: 'hook' | 'name'): string[] {
  const out: string[] = [];
  if (/\b[a-z]+[A-Z]{2,}/.test(text) || /\b[a-z][A-Z]/.test(text)) out.push('casing slip');
  if (/\b(\p{L}+)\s+\1\b/iu.test(text)) out.push('repeated word');
  if (/\b(?:proof points?|pains? (?:is|are)|benefits? (?:is|are)|audience (?:is|are))\b/i.test(text))
    out.push('label');
  if (!/^[\p{Lu}\d¿¡$£€]/u.test(text)) out.push('no capital');
  if (kind === 'hook' && !/[.!?]$/.test(text)) out.push('no end punctuation');
  if (endsMidPhrase(text)) out.push('trailing article or preposition');
  if (/…|\.\.\./.test(text)) out.push('ellipsis');
  return out;
}

describe('angles from ten committed briefs', () => {
  it('has at least ten briefs in different categories', () => {
    expect(briefs.length).toBeGreaterThanOrEqual(10);
  });

  it.each(briefs)('%s: ten grammatical, traceable, clean angles over 4+ levels', async (_id, brief) => {
    const angles = await anglesOf(brief);
    expect(angles).toHaveLength(10);
    expect(new Set(angles.map((a) => a.awareness_level)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(angles.map((a) => a.name.toLowerCase())).size).toBe(10);
    // Directions carry the brand kit's tone of voice.
    for (const a of angles) expect(a.copy_direction).toContain(brief.brand.tone_of_voice);
    const problems = angles.flatMap((a) => [
      ...slips(a.hook, 'hook').map((p) => `${p}: ${a.hook}`),
      ...slips(a.name, 'name').map((p) => `${p}: ${a.name}`),
      ...[a.name, a.hook, a.copy_direction, a.visual_style]
        .filter((t) => containsBannedWord(t, brief.brand.banned_words))
        .map((t) => `banned: ${t}`),
      ...untraced(`${a.name} ${a.hook} ${a.copy_direction} ${a.visual_style}`, [brief.summary]).map(
        (w) => `invented "${w}" in ${a.name}`,
      ),
    ]);
    expect(problems).toEqual([]);
  });

  it('shares at most one angle name between any two briefs', async () => {
    const names = await Promise.all(
      briefs.map(async ([id, b]) => [id, (await anglesOf(b)).map((a) => a.name.toLowerCase())] as const),
    );
    const overlaps: string[] = [];
    for (let i = 0; i < names.length; i++)
      for (let j = i + 1; j < names.length; j++) {
        const [a, an] = names[i] ?? ['', []];
        const [b, bn] = names[j] ?? ['', []];
        const shared = an.filter((n) => bn.includes(n));
        if (shared.length > 1) overlaps.push(`${a}/${b}: ${shared.join(', ')}`);
      }
    expect(overlaps).toEqual([]);
  });

  it("writes no guarantee for a brief that states none, and keeps the brief's facts", async () => {
    const byId = Object.fromEntries(briefs);
    const dental = await anglesOf(byId['dental-clinic'] as Brief);
    expect(JSON.stringify(dental)).not.toMatch(/guarantee|risk-free|refund|don't pay/i);
    const text = JSON.stringify(dental);
    for (const fact of ['4.9', '860', '$99', 'Best Dentist in Austin']) expect(text).toContain(fact);
    const bikes = JSON.stringify(await anglesOf(byId['e-bikes'] as Brief));
    for (const fact of ['£1,200 a year', 'Brompton Electric', 'Best Folding E-Bike 2025', 'crowded trains'])
      expect(bikes).toContain(fact);
  });

  it('names stay under a banned word by choosing another candidate, never by deleting it', async () => {
    const [, coffee] = briefs.find(([id]) => id === 'coffee-subscription') ?? [];
    const angles = await offlineAngles({
      researchSummary: coffee?.summary ?? '',
      language: 'en',
      clientName: 'Ember & Oak',
      bannedWords: ['stars', 'tired'],
    });
    expect(angles).toHaveLength(10);
    for (const a of angles) {
      expect(containsBannedWord(`${a.name} ${a.hook} ${a.copy_direction}`, ['stars', 'tired'])).toBe(false);
      expect(slips(a.hook, 'hook')).toEqual([]);
    }
  });
});

describe('nothing invented (property over generated briefs)', () => {
  const word = fc.constantFrom(
    'coffee',
    'payroll',
    'clinic',
    'bikes',
    'lessons',
    'serum',
    'teams',
    'owners',
    'parents',
  );
  const num = fc.integer({ min: 2, max: 99_999 }).map((n) => n.toLocaleString('en-US'));
  const fragment = fc.oneof(
    fc.tuple(word, word).map(([a, b]) => `Busy ${a} owners hate ${b} and slow ${a}.`),
    num.map((n) => `More than ${n} companies use it.`),
    fc
      .tuple(fc.integer({ min: 10, max: 49 }), num)
      .map(([r, n]) => `Rated ${(r / 10).toFixed(1)} stars from ${n} reviews.`),
    fc.integer({ min: 1, max: 99 }).map((p) => `${p}% of members work out every week.`),
    num.map((n) => `Plans start at $${n} a month.`),
    fc
      .tuple(word, fc.constantFrom('Acme', 'Globex', 'Initech'))
      .map(([w, c]) => `Unlike ${c}, every ${w} is made to order.`),
    word.map((w) => `It sends ${w} reminders and tracks every order.`),
  );
  it('every number and claim word of the angles and the copy is in the brief, offer, CTA or brand kit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fragment, { minLength: 0, maxLength: 6 }), word, async (parts, product) => {
        const summary = `Zenta is a ${product} service for busy teams. ${parts.join(' ')}`;
        const angles = await offlineAngles({
          researchSummary: summary,
          language: 'en',
          clientName: 'Zenta',
          bannedWords: [],
        });
        expect(angles).toHaveLength(10);
        for (const a of angles)
          expect(untraced(`${a.name} ${a.hook} ${a.copy_direction}`, [summary])).toEqual([]);
        const campaign = {
          name: 'ZT_Q1',
          offer_text: '',
          cta_text: '',
          platform_target: ['meta_feed'] as CopyPlatform[],
        };
        const brand = { tone_of_voice: '', tagline: '', banned_words: [] };
        const { copy } = await writeCampaignCopy({
          model: createHeuristicTextModel(),
          clientName: 'Zenta',
          campaign,
          angles: angles.slice(0, 3).map((a, i) => ({ ...a, id: `a${i}` })),
          latestAngles: [],
          brand,
        });
        for (const c of copy)
          expect(untraced(`${c.headline} ${c.primary_text} ${c.description} ${c.cta}`, [summary])).toEqual(
            [],
          );
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});

describe('prepare_campaign copy from the committed briefs', () => {
  it.each(briefs)(
    '%s: fits without cutting, no campaign name, valid CTA and cta_type',
    async (_id, brief) => {
      const angles = (await anglesOf(brief)).map((a, i) => ({
        ...a,
        id: `angle-${i}`,
        language: brief.language,
      }));
      const { copy, warnings } = await writeCampaignCopy({
        model: createHeuristicTextModel(),
        clientName: brief.client,
        campaign: { ...brief.campaign, platform_target: brief.campaign.platform_target as CopyPlatform[] },
        angles,
        latestAngles: [],
        brand: brief.brand,
      });
      expect(copy).toHaveLength(10 * brief.campaign.platform_target.length);
      const sources = [
        brief.summary,
        brief.campaign.offer_text,
        brief.campaign.cta_text,
        brief.brand.tagline,
        brief.client,
      ];
      for (const c of copy) {
        const limits = PLATFORM_LIMITS[c.platform];
        for (const field of ['headline', 'primary_text', 'description', 'cta'] as const) {
          const text = c[field];
          expect(text.length, `${field}: ${text}`).toBeGreaterThan(0);
          expect([...text].length, `${field}: ${text}`).toBeLessThanOrEqual(limits[field]);
          expect(endsMidPhrase(text), `${field}: ${text}`).toBe(false);
          expect(text).not.toMatch(/…|\.\.\.|Untitled Campaign/);
          expect(containsCampaignName(text, brief.campaign.name), text).toBe(false);
          expect(containsBannedWord(text, brief.brand.banned_words), text).toBe(false);
          expect(untraced(text, sources), `${field}: ${text}`).toEqual([]);
        }
        const given = brief.campaign.cta_text;
        if (given && given.length <= limits.cta) expect(c.cta).toBe(given);
        if (given && given.length > limits.cta) {
          expect(c.cta.split(' ').length).toBeGreaterThanOrEqual(2);
          expect(warnings.some((w) => w.includes(given))).toBe(true);
        }
        expect(CTA_TYPES[c.platform]).toContain(c.cta_type);
        expect(c.language).toBe(brief.language);
      }
    },
  );

  it('shortens a CTA to a complete phrase and picks category defaults', async () => {
    expect(shortenCta('Book your new-patient visit')).toContain('Book your visit');
    const dental = briefs.find(([id]) => id === 'dental-clinic')?.[1] as Brief;
    const angles = (await anglesOf(dental)).map((a, i) => ({ ...a, id: `a${i}` }));
    const { copy } = await writeCampaignCopy({
      model: createHeuristicTextModel(),
      clientName: dental.client,
      campaign: { ...dental.campaign, cta_text: '', platform_target: ['meta_feed'] },
      angles: angles.slice(0, 1),
      latestAngles: [],
      brand: dental.brand,
    });
    expect(copy[0]?.cta).toBe('Book now');
    expect(copy[0]?.cta_type).toBe('BOOK_NOW');
    const fitness = briefs.find(([id]) => id === 'fitness-app')?.[1] as Brief;
    const fa = (await anglesOf(fitness)).map((a, i) => ({ ...a, id: `a${i}` }));
    const fc2 = await writeCampaignCopy({
      model: createHeuristicTextModel(),
      clientName: fitness.client,
      campaign: { ...fitness.campaign, platform_target: ['linkedin'] },
      angles: fa.slice(0, 1),
      latestAngles: [],
      brand: fitness.brand,
    });
    expect(fc2.copy[0]?.cta).toBe('Start free trial');
  });

  it('without angles writes from the latest angles, never the campaign name', async () => {
    const hotel = briefs.find(([id]) => id === 'boutique-hotel')?.[1] as Brief;
    const latest = (await anglesOf(hotel)).map((a, i) => ({ ...a, id: `a${i}` }));
    const { copy } = await writeCampaignCopy({
      model: createHeuristicTextModel(),
      clientName: hotel.client,
      campaign: { ...hotel.campaign, platform_target: ['meta_feed'] },
      angles: [],
      latestAngles: latest,
      brand: hotel.brand,
    });
    expect(copy[0]?.angle_id).toBeNull();
    expect(JSON.stringify(copy)).not.toMatch(/Untitled/);
    expect(copy[0]?.primary_text).toContain(latest[0]?.hook.split('.')[0] ?? '-');
  });

  it('gives the compositor ordered clean candidates', async () => {
    const coffee = briefs.find(([id]) => id === 'coffee-subscription')?.[1] as Brief;
    const [angle] = await anglesOf(coffee);
    const out = creativeCopyCandidates({
      campaign: { ...coffee.campaign, platform_target: [] },
      angle: angle as AngleDraft,
      brandKit: { tagline: coffee.brand.tagline, banned_words: ['beans'] },
      clientName: coffee.client,
    });
    expect(out.headlines.length).toBeGreaterThan(1);
    expect(out.headlines.join(' ')).not.toMatch(/\bbeans\b/i);
    expect(out.bodies.join(' ')).not.toMatch(/\bbeans\b|EO_Q4/i);
    expect(out.cta).toBe('Claim your free bag');
    expect(out.offer).toBe('First bag free');
  });
});

describe('languages', () => {
  it('writes Spanish angles offline, and refuses a language without a grammar', async () => {
    const spanish =
      'Parlo es una app de idiomas para profesionales ocupados. Los alumnos practican con tutores nativos. ' +
      'Parlo tiene 4,7 estrellas de 21.000 opiniones. La primera clase es gratis y los planes cuestan desde $29 al mes.';
    const { angles } = await generateCheckedAngles({
      model: createHeuristicTextModel(),
      researchSummary: spanish,
      language: 'es',
      clientName: 'Parlo',
      bannedWords: [],
    });
    expect(angles).toHaveLength(10);
    const text = angles.map((a) => `${a.name} ${a.hook}`).join(' ');
    expect(text).toMatch(/Descubre|Pensado para|Valorado con|Te presentamos/);
    expect(text).not.toMatch(/\b(?:Meet|Tired of|Rated|Say hello)\b/);
    for (const a of angles) expect(untraced(`${a.name} ${a.hook}`, [spanish])).toEqual([]);
    await expect(
      generateCheckedAngles({
        model: createHeuristicTextModel(),
        researchSummary: spanish,
        language: 'ja',
        clientName: 'Parlo',
        bannedWords: [],
      }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'unsupported_language',
      details: { supported_languages: ['en', 'es', 'de', 'fr'] },
    });
    expect(UnsupportedLanguageError).toBeDefined();
  });
});
